// The signed-in user (GET /user_details), shared by the shell and every feature; plus the calls that change the session.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLocale, TLoginResponse, TUserDetails } from '@quayline/domain';
import { api } from './api-client';
import { getRealtimeClient } from './realtime-client';
import { clearSession, setStoredLocale, setToken } from './storage';

export const USER_DETAILS_QUERY_KEY = ['user-details'] as const;
export const TRANSLATIONS_QUERY_KEY = 'translations';

export const getUserDetails = (signal?: AbortSignal): Promise<TUserDetails> => api.get<TUserDetails>('/user_details', undefined, signal);

export const userDetailsQuery = () => queryOptions({ queryKey: USER_DETAILS_QUERY_KEY, queryFn: ({ signal }) => getUserDetails(signal) });

export function useUserDetails() {
  return useQuery(userDetailsQuery());
}

/** Stores what a successful login, reset or expired-password update returns; the caller then navigates. */
export function storeSignIn(result: TLoginResponse): TLocale {
  setToken(result.token);
  setStoredLocale(result.user_info.selected_locale);
  // The socket was opened (or refused) under the previous session; the new one must listen as this user.
  getRealtimeClient().restart();
  return result.user_info.selected_locale;
}

export const logout = (): Promise<unknown> => api.put<unknown>('/logout');

/** Forgets the session on this device: its token, its realtime channels and everything cached for the user. */
export function useEndLocalSession() {
  const queryClient = useQueryClient();
  return () => {
    clearSession();
    // Stop the old session's channels at once instead of at the server's next session check.
    getRealtimeClient().restart();
    // Translations stay cached; everything that belonged to the user goes.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== TRANSLATIONS_QUERY_KEY });
  };
}

export function useLogout() {
  const endLocalSession = useEndLocalSession();
  return useMutation({
    mutationFn: logout,
    // The local session ends even when the server cannot be reached.
    onSettled: endLocalSession,
  });
}

export const updateLocale = (selected_locale: TLocale): Promise<unknown> => api.put<unknown>('/update_locale', { selected_locale });

export function useUpdateLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocale,
    onMutate: (locale) => setStoredLocale(locale),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY }),
  });
}
