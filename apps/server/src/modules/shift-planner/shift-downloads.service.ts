// The shift plan (one row per call and shift) and the shift report (one row per shift) of a period, as csv or
// Excel, in the user's language and the terminal's time zone; the same board the screen shows.
import { type TBoardShift, type TLocale, cardVolume, formatInstantInZone, shiftIndexOf } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { AuthSession } from '../auth/auth.service';
import { type TDownloadFile, type TDownloadFormat, renderDownload } from '../downloads/workbook';
import { localeOfUser } from '../users/user-info';
import { getShiftBoard } from './shift-board.service';
import { type TShiftPlanColumn, type TShiftReportColumn, SHIFT_PLAN_COLUMNS, SHIFT_REPORT_COLUMNS, shiftHeaders } from './shift-download-columns';

type TQuery = { terminal_id: number; from?: string | undefined; days?: number | undefined; type: TDownloadFormat; locale?: TLocale | undefined; bom: boolean };

const round1 = (x: number) => Math.round(x * 10) / 10;

async function boardFor(ctx: AppContext, session: AuthSession, q: TQuery) {
  return getShiftBoard(ctx, session, { terminal_id: q.terminal_id, from: q.from, days: q.days });
}

const shiftLabel = (s: TBoardShift, tz: string) => ({ date: s.date, shift: s.name, shift_start: formatInstantInZone(s.start_time, tz), shift_end: formatInstantInZone(s.end_time, tz) });

export async function downloadShiftPlan(ctx: AppContext, session: AuthSession, q: TQuery): Promise<TDownloadFile> {
  const board = await boardFor(ctx, session, q);
  const tz = board.time_zone;
  const rows: Record<TShiftPlanColumn, string | number>[] = [];
  board.shiftsList.forEach((shift, column) => {
    for (const call of board.portcalls) {
      for (const card of call.portcall_shift_details) {
        if (shiftIndexOf(board.shiftsList, card) !== column) continue;
        rows.push({
          ...shiftLabel(shift, tz),
          vessel: call.vessel_name,
          imo: call.imo_number,
          position: call.berth_start_position === null ? '' : `${call.berth_start_position}-${call.berth_end_position}`,
          card_start: formatInstantInZone(card.start_time, tz),
          card_end: formatInstantInZone(card.end_time, tz),
          cargo_type: card.cargo_type ?? '',
          cargo_sub_type: card.cargo_sub_type ?? '',
          product: card.product_name ?? '',
          discharge: card.discharge,
          load: card.load,
          restow: card.restow,
          total: cardVolume(card),
          gangs: card.gangs,
          resource_per_shift: card.resource_per_shift ?? '',
          total_resources: card.total_resources,
          equipment: card.shift_equipment_details.map((e) => e.equipment_number).join(', '),
          contact_name: card.contact_person?.contact_person_name ?? '',
          contact_phone: card.contact_person?.contact_person_phone ?? '',
          contact_mail: card.contact_person?.contact_person_mail ?? '',
          comments: card.comments ?? '',
          actual_moves: card.actual_moves ?? '',
        });
      }
    }
  });
  const locale = q.locale ?? localeOfUser(session.user);
  return renderDownload({ rows, columns: shiftHeaders(locale, SHIFT_PLAN_COLUMNS), format: q.type, locale, bom: q.bom, baseName: `shift-plan-${board.from}-${board.days}d`, sheetName: shiftHeaders(locale, ['sheet_plan'])[0]!.header });
}

export async function downloadShiftReport(ctx: AppContext, session: AuthSession, q: TQuery): Promise<TDownloadFile> {
  const board = await boardFor(ctx, session, q);
  const tz = board.time_zone;
  const perShift = board.shiftsList.map(() => ({ vessels: new Set<string>(), actual: 0, recorded: 0 }));
  for (const call of board.portcalls) {
    for (const card of call.portcall_shift_details) {
      const i = shiftIndexOf(board.shiftsList, card);
      const slot = perShift[i];
      if (!slot) continue;
      slot.vessels.add(call.vessel_name);
      if (card.actual_moves !== null && card.actual_moves !== undefined) {
        slot.actual += card.actual_moves;
        slot.recorded += 1;
      }
    }
  }
  const volumes = new Map(board.shiftsVolume.shifts_volume.map((v) => [v.key, v]));
  const rows: Record<TShiftReportColumn, string | number>[] = board.shiftsList.map((shift, i) => {
    const v = volumes.get(shift.key)!;
    const slot = perShift[i]!;
    const hours = shift.working_minutes / 60;
    return {
      ...shiftLabel(shift, tz),
      working_hours: round1(hours),
      closed: shift.closed ? 'x' : '',
      calls: v.portcall_count,
      vessels: [...slot.vessels].sort().join(', '),
      gangs: v.gangs,
      gangs_available: v.gangs_available,
      equipment: v.equipment.join(', '),
      planned_moves: v.volume,
      actual_moves: slot.recorded > 0 ? slot.actual : '',
      planned_per_hour: hours > 0 ? round1(v.volume / hours) : '',
      actual_per_hour: slot.recorded > 0 && hours > 0 ? round1(slot.actual / hours) : '',
      actual_per_gang_hour: slot.recorded > 0 && hours > 0 && v.gangs > 0 ? round1(slot.actual / (hours * v.gangs)) : '',
    };
  });
  const locale = q.locale ?? localeOfUser(session.user);
  return renderDownload({ rows, columns: shiftHeaders(locale, SHIFT_REPORT_COLUMNS), format: q.type, locale, bom: q.bom, baseName: `shift-report-${board.from}-${board.days}d`, sheetName: shiftHeaders(locale, ['sheet_report'])[0]!.header });
}
