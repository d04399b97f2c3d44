// GET /portcalls/:id/schedule_proposals -> the schedule changes that met an agreed time and wait for a person.
import { useQuery } from '@tanstack/react-query';
import type { TScheduleProposal } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { portcallKeys } from './query-keys';

export const scheduleProposalsKey = (portcallId: number) => [...portcallKeys.all, 'schedule-proposals', portcallId] as const;

export const getScheduleProposals = async (portcallId: number, signal?: AbortSignal): Promise<TScheduleProposal[]> => {
  const answer = await api.get<TScheduleProposal[] | { items: TScheduleProposal[] }>(`/portcalls/${portcallId}/schedule_proposals`, undefined, signal);
  return Array.isArray(answer) ? answer : answer.items;
};

export function useScheduleProposals(portcallId: number, isEnabled = true) {
  return useQuery({ queryKey: scheduleProposalsKey(portcallId), queryFn: ({ signal }) => getScheduleProposals(portcallId, signal), enabled: isEnabled });
}
