// Delay reasons a terminal uses: its own short list of SMDG-style delay codes with names its people wrote.
// The codes are what DCSA JIT / OVS carry (`delayReasonCode`, three capital letters); the names are the terminal's own,
// because SMDG's code-list texts may not be shipped commercially without SMDG's written permission (docs/negotiation.md).
import { z } from 'zod';
import { withoutBidiControls } from '../display-name';
import { ZDelayReasonCode } from '../negotiation';
import { ZLocalizedNames, ZRecordIdValue, localizedName } from './master-data';

/** A terminal keeps at most this many delay reasons: enough for any code list in use, small enough for one picker. */
export const MAX_DELAY_REASONS_PER_TERMINAL = 100;

const ZDelayReasonName = withoutBidiControls(z.string().trim().min(1).max(80));

export const ZDelayReason = z.object({
  id: z.number().int(),
  terminal_id: z.number().int(),
  code: z.string(),
  /** Shown where the reader's language has no name of its own. */
  name: z.string(),
  names: ZLocalizedNames,
  is_active: z.boolean(),
  version: z.number().int(),
});
export type TDelayReason = z.infer<typeof ZDelayReason>;

export const ZCreateDelayReasonRequest = z.strictObject({
  terminal_id: ZRecordIdValue,
  code: ZDelayReasonCode,
  name: ZDelayReasonName,
  names: ZLocalizedNames.optional(),
  is_active: z.boolean().optional(),
});
export type TCreateDelayReasonRequest = z.infer<typeof ZCreateDelayReasonRequest>;

/** The code stays: steps already negotiated name it. A stale `version` is answered 409 with the current row. */
export const ZUpdateDelayReasonRequest = z.strictObject({
  name: ZDelayReasonName,
  names: ZLocalizedNames,
  is_active: z.boolean(),
  version: z.number().int().positive(),
});
export type TUpdateDelayReasonRequest = z.infer<typeof ZUpdateDelayReasonRequest>;

/** "CODE — name" in the reader's language, or the bare code when the terminal's list does not know it. */
export function delayReasonLabel(code: string, reasons: readonly Pick<TDelayReason, 'code' | 'name' | 'names'>[] | undefined, locale: string): string {
  const reason = reasons?.find((r) => r.code === code);
  return reason ? `${code} — ${localizedName(reason, locale)}` : code;
}
