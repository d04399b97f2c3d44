// GET /situation_reports, /movement_reports, /performance_report and the download URLs of the same reports (session cookie).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_PREFIX, type TLocale, type TMovementReport, type TPerformanceReport, type TSituationReport } from '@quayline/domain';
import { api, toQueryString } from '@/lib/api-client';

export type TSituationParams = { terminal_id: number; cut_off: string; hours_ahead: number };
export type TPeriodParams = { terminal_id: number; from: string; to: string };
export const REPORT_DOWNLOAD_TYPES = ['csv', 'xls'] as const;
export type TReportDownloadType = (typeof REPORT_DOWNLOAD_TYPES)[number];

export const reportKeys = {
  situation: (p: TSituationParams) => ['reports', 'situation', p] as const,
  movement: (p: TPeriodParams & { page: number }) => ['reports', 'movement', p] as const,
  performance: (p: TPeriodParams) => ['reports', 'performance', p] as const,
};

export function useSituationReport(params: TSituationParams | null) {
  return useQuery({
    queryKey: reportKeys.situation(params ?? { terminal_id: 0, cut_off: '', hours_ahead: 0 }),
    queryFn: ({ signal }) => api.get<TSituationReport>('/situation_reports', params!, signal),
    enabled: params !== null,
  });
}

/** One page of the movement report (`MOVEMENT_REPORT_PAGE_SIZE` rows); the page shown stays while the next loads. */
export function useMovementReport(params: TPeriodParams | null, page: number) {
  return useQuery({
    queryKey: reportKeys.movement({ ...(params ?? { terminal_id: 0, from: '', to: '' }), page }),
    queryFn: ({ signal }) => api.get<TMovementReport>('/movement_reports', { ...params!, page }, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePerformanceReport(params: TPeriodParams | null) {
  return useQuery({
    queryKey: reportKeys.performance(params ?? { terminal_id: 0, from: '', to: '' }),
    queryFn: ({ signal }) => api.get<TPerformanceReport>('/performance_report', params!, signal),
    enabled: params !== null,
  });
}

const DOWNLOAD_PATHS = { situation: '/situation-reports/download', movement: '/movement-reports/download', performance: '/performance-report/download' } as const;
export type TReportKind = keyof typeof DOWNLOAD_PATHS;

export function reportDownloadUrl(kind: TReportKind, params: TSituationParams | TPeriodParams, type: TReportDownloadType, locale: TLocale): string {
  return `${API_PREFIX}${DOWNLOAD_PATHS[kind]}${toQueryString({ ...params, type, locale })}`;
}
