// PUT /reset_expired_password {email, old_password, new_password, new_password_confirmation}: renews an expired password and signs in.
import { useMutation } from '@tanstack/react-query';
import type { TLoginResponse, TResetExpiredPasswordRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';

export const resetExpiredPassword = (input: TResetExpiredPasswordRequest): Promise<TLoginResponse> =>
  api.put<TLoginResponse>('/reset_expired_password', input);

export function useResetExpiredPassword() {
  return useMutation({ mutationFn: resetExpiredPassword });
}
