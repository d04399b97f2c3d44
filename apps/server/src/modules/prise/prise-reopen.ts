// The one check every write path of a port call runs in its transaction (announcePortcallChange for people, the
// automated writers' announce for schedule sync and AIS): a sent or approved notice whose eta, draft or berth no
// longer match what was sent returns to draft, and a draft's "info required" follows what the call now has.
import { ZPriseNoticeContent } from '@quayline/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { type TPriseActor, writeCallPriseStatus } from './prise-announce';
import { buildContent } from './prise-content';
import { changedAspects, missingFields, priseStatusOf } from './prise-status';
import { findCargoTypes, findNotice, findNoticeSource, findPortcallsWithNotice, insertEvent, reopenNotice } from './prise.repository';

/** Quayline itself, when the writer is not a person (schedule sync, AIS). */
export const QUAYLINE_ACTOR: TPriseActor = { userId: null, name: 'Quayline', side: 'terminal' };

/** The same for several calls written in one transaction; calls without a notice cost nothing beyond one query. */
export async function reopenPriseNoticesIfChanged(trx: Transaction<DB>, portcallIds: readonly number[], now: Date, actor: TPriseActor = QUAYLINE_ACTOR): Promise<void> {
  if (portcallIds.length === 1) return reopenPriseNoticeIfChanged(trx, portcallIds[0]!, now, actor);
  for (const portcallId of await findPortcallsWithNotice(trx, portcallIds)) await reopenPriseNoticeIfChanged(trx, portcallId, now, actor);
}

export async function reopenPriseNoticeIfChanged(trx: Transaction<DB>, portcallId: number, now: Date, actor: TPriseActor = QUAYLINE_ACTOR): Promise<void> {
  // One indexed read by primary key; calls without a notice stop here.
  const notice = await findNotice(trx, portcallId, true);
  if (!notice || notice.status === 'rejected') return;
  const src = await findNoticeSource(trx, portcallId);
  if (!src) return;
  const content = buildContent(src, await findCargoTypes(trx, portcallId), notice);
  const missing = missingFields(content);
  const call = { ...src, prise_status: src.prise_status };
  if (notice.status === 'draft') {
    const { prise_status } = priseStatusOf({ status: 'draft', isPartial: false, missingCount: missing.length });
    if (prise_status !== src.prise_status) await writeCallPriseStatus(trx, call, { prise_status, prise_message: null, prise_code: null }, actor, now);
    return;
  }
  const sent = ZPriseNoticeContent.safeParse(notice.submitted_content);
  const changed = sent.success ? changedAspects(sent.data, content) : (['eta', 'draft', 'berth'] as const).slice();
  if (changed.length === 0) return;
  const { prise_status } = priseStatusOf({ status: 'draft', isPartial: false, missingCount: missing.length });
  await reopenNotice(trx, portcallId, { wasApproved: notice.status === 'approved', now });
  await insertEvent(trx, { portcall_id: portcallId, at: now, event: 'reopened', creator_type: actor.userId === null ? 'automated' : 'user', system_kind: null, by_user_id: actor.userId, acting_for_user_id: actor.actingForUserId ?? null, prise_status, changed: [...changed] });
  // Always told, even when the status reads the same: the parties must resubmit.
  await writeCallPriseStatus(trx, call, { prise_status, prise_message: null, prise_code: null }, actor, now, { isAnnouncedAlways: true });
}
