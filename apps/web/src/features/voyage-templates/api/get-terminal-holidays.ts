// GET /non_working_times: the terminal's holidays in a window, for marking the template preview's calls that fall on one.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TNonWorkingTime } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { voyageTemplateKeys } from './query-keys';

export function useTerminalHolidays(args: { terminal_id: number; from: string; to: string } | null) {
  return useQuery({
    queryKey: [...voyageTemplateKeys.all, 'holidays', args],
    queryFn: async () => (await api.get<TNonWorkingTime[]>('/non_working_times', args!)).filter((h) => h.kind === 'holiday'),
    enabled: args !== null,
    placeholderData: keepPreviousData,
  });
}
