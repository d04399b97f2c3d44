// Who may change a template (docs/voyage-center.md "Who sees what"): nobody is offered what the server refuses.
import type { TUserDetails } from '@quayline/domain';

type TWho = Pick<TUserDetails, 'user_type' | 'organisation_id'>;

/** Terminal operators create for their terminals, vessel operators for their own company; agents only look. */
export const canCreateTemplates = (who: TWho): boolean => who.user_type !== 'agent';

export function canChangeTemplate(who: TWho, template: { vessel_operator_id: number }): boolean {
  if (who.user_type === 'terminal_operator') return true;
  return who.user_type === 'vessel_operator' && who.organisation_id !== null && who.organisation_id === template.vessel_operator_id;
}
