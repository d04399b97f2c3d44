// Which role the app offers each role-gated action: the domain's ROLE_ACTIONS, the same table the server's route
// table refuses by, so no screen offers a button whose API answers 403 for the signed-in role. Record-level rights (a
// template of another company, a shift board's can_edit, a PRISE notice's can_edit) stay with the record.
import { ROLE_ACTIONS, type TRoleAction, type TUserDetails, canPerform } from '@quayline/domain';
import { useUserDetails } from './user';

export const APP_ACTIONS = ROLE_ACTIONS;
export type TAppAction = TRoleAction;

/** Whether the role may take the action; nobody may before the user is known. */
export function can(user: Pick<TUserDetails, 'user_type'> | null | undefined, action: TAppAction): boolean {
  return !!user && canPerform(user.user_type, action);
}

/** `can` for the signed-in user. */
export function useCan(): (action: TAppAction) => boolean {
  const { data: user } = useUserDetails();
  return (action) => can(user, action);
}
