// The shift plan and the shift report of the shown period as files (csv or Excel), opened through a plain link.
import { API_PREFIX, type TLocale } from '@quayline/domain';
import { toQueryString } from '@/lib/api-client';

export type TShiftDownloadKind = 'shift_plan' | 'shift_report';
export type TShiftDownloadType = 'csv' | 'xlsx';

const PATHS: Record<TShiftDownloadKind, string> = { shift_plan: '/portcall-shifts/download', shift_report: '/shift-reports/download' };

export const shiftDownloadUrl = (kind: TShiftDownloadKind, args: { terminalId: number; from: string; days: number; type: TShiftDownloadType; locale: TLocale }): string =>
  `${API_PREFIX}${PATHS[kind]}${toQueryString({ terminal_id: args.terminalId, from: args.from, days: args.days, type: args.type, locale: args.locale })}`;
