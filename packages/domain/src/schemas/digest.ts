// The daily task digest: the signed-in user's open tasks grouped as on the tasks screen, for the mail
// sent at the user's hour and for GET /daily_task_summary, which returns the same content.
import { z } from 'zod';
import { LOCALES } from '../locales';
import { TASK_REASONS } from '../tasks';

export const DIGEST_GROUPS = ['upcoming', 'departed'] as const;
export type TDigestGroup = (typeof DIGEST_GROUPS)[number];

export const ZDigestCall = z.object({
  portcall_id: z.number().int(),
  vessel_name: z.string(),
  terminal_id: z.number().int(),
  terminal_name: z.string(),
  /** The IANA zone of the terminal; berth_arrival_local is written in it. */
  terminal_time_zone: z.string(),
  berth_arrival: z.string(),
  /** 'YYYY-MM-DD HH:mm' in the terminal's zone. */
  berth_arrival_local: z.string(),
  reasons: z.array(z.enum(TASK_REASONS)),
  /** `${PUBLIC_URL}/{locale}/portcall-planner/details?id={id}` in the user's language. */
  link: z.string(),
});
export type TDigestCall = z.infer<typeof ZDigestCall>;

export const ZDigestGroup = z.object({ group: z.enum(DIGEST_GROUPS), count: z.number().int(), calls: z.array(ZDigestCall) });
export type TDigestGroupItems = z.infer<typeof ZDigestGroup>;

export const ZDailyTaskSummary = z.object({
  /** The user's local date (YYYY-MM-DD in mail_timezone) the digest is for. */
  local_date: z.string(),
  timezone: z.string(),
  locale: z.enum(LOCALES),
  counts: z.object({ total: z.number().int(), upcoming: z.number().int(), departed: z.number().int() }),
  groups: z.array(ZDigestGroup),
});
export type TDailyTaskSummary = z.infer<typeof ZDailyTaskSummary>;
