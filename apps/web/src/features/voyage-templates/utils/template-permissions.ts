// Who may change a template (docs/voyage-center.md "Who sees what"): nobody is offered what the server refuses.
import type { TUserDetails } from '@quayline/domain';
import { can } from '@/lib/permissions';

type TWho = Pick<TUserDetails, 'user_type' | 'organisation_id'>;

/** Terminal operators create for their terminals, vessel operators for their own company; agents only look. */
export const canCreateTemplates = (who: TWho): boolean => can(who, 'write_voyage_templates');

export function canChangeTemplate(who: TWho, template: { vessel_operator_id: number }): boolean {
  if (!can(who, 'write_voyage_templates')) return false;
  // A vessel operator only their own company's; the terminal every template of its calls.
  return who.user_type === 'terminal_operator' || (who.organisation_id !== null && who.organisation_id === template.vessel_operator_id);
}
