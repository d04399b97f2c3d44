// GET /session_data: the answers of /user_details, /terminals, /portal_user_terminals and /terminals/current_terminal
// in one, built by those same services so the combined answer can never drift from its parts.
import { type TSessionData, ZSessionSettings } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { AuthSession } from '../auth/auth.service';
import { getCurrentTerminal, listPortalUserTerminals, listTerminals } from '../terminals/terminal.service';
import { getUserDetails } from './user-settings.service';

export async function getSessionData(ctx: AppContext, session: AuthSession): Promise<TSessionData> {
  const [user, terminals, portalUserTerminals] = await Promise.all([getUserDetails(ctx, session), listTerminals(ctx, session), listPortalUserTerminals(ctx, session)]);
  // A user linked to no terminal has no current one: null here, where /terminals/current_terminal answers 404.
  const currentTerminal = terminals.length > 0 ? await getCurrentTerminal(ctx, session) : null;
  return {
    user,
    terminals,
    portal_user_terminals: portalUserTerminals,
    current_terminal: currentTerminal,
    settings: ZSessionSettings.parse(user),
    proxy: user.proxy,
  };
}
