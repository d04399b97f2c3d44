// Payloads of the sign-in area (spec sections 4, 5, 7).
import { z } from 'zod';
import { TEXT_INPUT_MAX_LENGTH } from '../constants';
import { ZUserInfo } from './user';

const ZEmailish = z.string().trim().min(1, 'Email is required').max(TEXT_INPUT_MAX_LENGTH);
const ZPasswordInput = z.string().min(1, 'Password is required').max(TEXT_INPUT_MAX_LENGTH);

/** `email` is accepted as the same field as `username` (spec 7: "email and password in one reading"). */
export const ZLoginRequest = z
  .object({ username: ZEmailish.optional(), email: ZEmailish.optional(), password: ZPasswordInput })
  .refine((b) => !!(b.username ?? b.email), { message: 'Email is required', path: ['username'] });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({ token: z.string(), user_info: ZUserInfo });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZResetPasswordRequest = z
  .object({ username: ZEmailish.optional(), email: ZEmailish.optional(), locale: z.string().max(16).optional() })
  .refine((b) => !!(b.username ?? b.email), { message: 'Email is required', path: ['username'] });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZUpdatePasswordRequest = z.object({
  code: z.string().trim().min(1).max(TEXT_INPUT_MAX_LENGTH),
  email: ZEmailish,
  password: ZPasswordInput,
  password_confirmation: ZPasswordInput,
});
export type TUpdatePasswordRequest = z.infer<typeof ZUpdatePasswordRequest>;

export const ZResetExpiredPasswordRequest = z.object({
  email: ZEmailish,
  old_password: ZPasswordInput,
  new_password: ZPasswordInput,
  new_password_confirmation: ZPasswordInput,
});
export type TResetExpiredPasswordRequest = z.infer<typeof ZResetExpiredPasswordRequest>;

export const ZHealth = z.object({ database: z.enum(['pglite', 'postgres']), version: z.string(), time: z.string() });
export type THealth = z.infer<typeof ZHealth>;
export const ZReadiness = z.object({ database: z.enum(['pglite', 'postgres']), database_ms: z.number() });
export type TReadiness = z.infer<typeof ZReadiness>;
