// The data of each background job (pg-boss keeps it as JSON in its job table): sent and run through these schemas.
import { z } from 'zod';

const ZId = z.number().int().positive();

/** One fetch of a schedule provider for one due slot (the slot keys the job, so a second server sends no twin). */
export const ZProviderFetchJob = z.strictObject({ providerId: ZId, slot: z.iso.datetime({ offset: true }) });
export type TProviderFetchJob = z.infer<typeof ZProviderFetchJob>;
/** This minute's prediction run. */
export const ZPredictionRunJob = z.strictObject({ minute: z.iso.datetime({ offset: true }) });
export type TPredictionRunJob = z.infer<typeof ZPredictionRunJob>;
/** One user's daily task digest for one local date. */
export const ZDigestJob = z.strictObject({ userId: ZId, localDate: z.iso.date() });
export type TDigestJob = z.infer<typeof ZDigestJob>;
/** One poll of a submitted PRISE notice: its submission and the attempt (with backoff). */
export const ZPrisePollJob = z.strictObject({ portcallId: ZId, submissionNo: z.number().int().min(0), attempt: z.number().int().min(0) });
export type TPrisePollJob = z.infer<typeof ZPrisePollJob>;
