// POST /reset_password {username, locale}: the server mails a reset link in the given locale.
import { useMutation } from '@tanstack/react-query';
import type { TLocale } from '@quayline/domain';
import { api } from '@/lib/api-client';

export type TRequestPasswordResetInput = { username: string; locale: TLocale };

export const requestPasswordReset = (input: TRequestPasswordResetInput): Promise<unknown> => api.post<unknown>('/reset_password', input);

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
