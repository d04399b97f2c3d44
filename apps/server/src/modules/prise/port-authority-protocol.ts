// The HTTP protocol between Quayline and a port authority (docs/prise.md): what is sent and what comes back.
import { ZPriseNoticeContent } from '@quayline/domain';
import { z } from 'zod';

/** POST {url}/notices: the notice as built from the call, and which submission of which call it is. */
export const ZPortAuthoritySubmission = z.object({
  portcall_id: z.number().int(),
  submission_no: z.number().int().min(1),
  content: ZPriseNoticeContent,
});
export type TPortAuthoritySubmission = z.infer<typeof ZPortAuthoritySubmission>;

/** 202 answer of the POST: the reference to ask about. */
export const ZPortAuthorityReceipt = z.object({ reference: z.string().min(1).max(200) });

export const PORT_AUTHORITY_ANSWER_STATUSES = ['pending', 'approved', 'partially_approved', 'rejected'] as const;
/** GET {url}/notices/{reference}: 'pending' until the authority has decided. */
export const ZPortAuthorityAnswer = z.object({
  reference: z.string(),
  status: z.enum(PORT_AUTHORITY_ANSWER_STATUSES),
  message: z.string().nullable(),
  code: z.string().nullable(),
  accepted_window: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type TPortAuthorityAnswer = z.infer<typeof ZPortAuthorityAnswer>;
