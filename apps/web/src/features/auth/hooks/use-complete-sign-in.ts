// After login, reset or expired-password update: keep the token, forget any stale user, open the dashboard in the user's locale.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TLoginResponse } from '@quayline/domain';
import { storeSignIn, USER_DETAILS_QUERY_KEY } from '@/lib/user';

export function useCompleteSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (result: TLoginResponse) => {
      const locale = storeSignIn(result);
      queryClient.removeQueries({ queryKey: USER_DETAILS_QUERY_KEY });
      void navigate(`/${locale}/dashboard`, { replace: true });
    },
    [navigate, queryClient],
  );
}
