// POST /login {username, password} -> {token, user_info}.
import { useMutation } from '@tanstack/react-query';
import type { TLoginResponse } from '@quayline/domain';
import { api } from '@/lib/api-client';

export type TLoginInput = { username: string; password: string };

export const login = (input: TLoginInput): Promise<TLoginResponse> => api.post<TLoginResponse>('/login', input);

export function useLogin() {
  return useMutation({ mutationFn: login });
}
