// Who may do what with the master data (spec section 6 leaves it open; docs/master-data.md decides). Server and web share it.
import type { TUserType } from './schemas/user';

export const MASTER_DATA_PERMISSIONS = {
  /** Create and delete block zones: the terminal's own planners. */
  manage_blocked_zones: ['terminal_operator'],
  /** Add a vessel to the shared register: terminal operators and agents (vessel operators ask their agent or the terminal). */
  create_vessel: ['terminal_operator', 'agent'],
} as const satisfies Record<string, readonly TUserType[]>;
export type TMasterDataAction = keyof typeof MASTER_DATA_PERMISSIONS;

export function canPerform(userType: TUserType, action: TMasterDataAction): boolean {
  return (MASTER_DATA_PERMISSIONS[action] as readonly TUserType[]).includes(userType);
}
