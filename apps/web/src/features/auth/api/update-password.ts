// POST /update_password {code, email, password, password_confirmation}: sets a new password from a reset link and signs in.
import { useMutation } from '@tanstack/react-query';
import type { TLoginResponse, TUpdatePasswordRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';

export const updatePassword = (input: TUpdatePasswordRequest): Promise<TLoginResponse> => api.post<TLoginResponse>('/update_password', input);

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
