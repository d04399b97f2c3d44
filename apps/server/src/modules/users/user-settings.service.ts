// Reading and changing the signed-in user's own settings.
import type { TCanvasSettingKey, TDashboardSettings, TLocale, TShiftPlannerSettingKey, TStoredJsonInput, TUserDetails } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { findOrganisationName, findUserById, mergeUserSettings, updateUserColumns } from './user.repository';
import { toProxyInfo, toUserDetails } from './user-info';

export async function getUserDetails(ctx: AppContext, session: AuthSession): Promise<TUserDetails> {
  const user = await findUserById(ctx.db, session.user.id);
  if (!user) throw new AppError('UNAUTHORIZED');
  const organisation = await findOrganisationName(ctx.db, user.organisation_id);
  return toUserDetails(user, organisation?.name ?? null, toProxyInfo(user, session.actor, session.expiresAt));
}

/** A user's own details outside any proxy (the answer of returning to one's own session). */
export async function detailsOfUser(ctx: AppContext, userId: number): Promise<TUserDetails> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  const organisation = await findOrganisationName(ctx.db, user.organisation_id);
  return toUserDetails(user, organisation?.name ?? null, null);
}

/** The interface language is the person's own preference: not changed by someone acting for them. */
export async function updateLocale(ctx: AppContext, session: AuthSession, locale: TLocale): Promise<TUserDetails> {
  await updateUserColumns(ctx.db, session.user.id, { selected_locale: locale, updated_at: ctx.clock.now() });
  return getUserDetails(ctx, session);
}

export async function updateSetting(ctx: AppContext, session: AuthSession, key: TCanvasSettingKey | TShiftPlannerSettingKey, value: unknown): Promise<TUserDetails> {
  // The route parsed the value with the key's schema; storing parses it once more, with the document's.
  await mergeUserSettings(ctx.db, session.user.id, { [key]: value } as TStoredJsonInput<'user_settings_patch'>, ctx.clock.now());
  return getUserDetails(ctx, session);
}

export async function updateDashboardSettings(ctx: AppContext, session: AuthSession, patch: Partial<TDashboardSettings>): Promise<TUserDetails> {
  await mergeUserSettings(ctx.db, session.user.id, patch, ctx.clock.now());
  return getUserDetails(ctx, session);
}

/** The daily mail goes to the person's own inbox: not changed by someone acting for them. */
export async function updateEmailNotificationSetting(ctx: AppContext, session: AuthSession, args: { enable: boolean; receiveTime: string; timezone: string }): Promise<TUserDetails> {
  await updateUserColumns(ctx.db, session.user.id, { daily_tasks_email: args.enable, mail_receive_time: args.receiveTime, mail_timezone: args.timezone, updated_at: ctx.clock.now() });
  return getUserDetails(ctx, session);
}
