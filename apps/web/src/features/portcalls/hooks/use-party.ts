// The signed-in user's side in the negotiation: terminal operators are the terminal, everybody else the vessel side.
import { partyOf, type TParty, type TUserType } from '@quayline/domain';
import { useUserDetails } from '@/lib/user';

export function useParty(): { party: TParty; userType: TUserType; isTerminal: boolean; organisationId: number | null; organisationName: string | null } | null {
  const { data: user } = useUserDetails();
  if (!user) return null;
  const party = partyOf(user.user_type);
  return { party, userType: user.user_type, isTerminal: party === 'terminal', organisationId: user.organisation_id, organisationName: user.organisation_name };
}
