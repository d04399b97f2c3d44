// POST /schedule_proposals/:id/apply|dismiss {version}: a person decides a proposal; the call and its chain are fetched again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { scheduleProposalsKey } from './get-schedule-proposals';
import { portcallKeys } from './query-keys';

export type TResolveScheduleProposalInput = { proposalId: number; portcallId: number; decision: 'apply' | 'dismiss'; version: number };

export const resolveScheduleProposal = ({ proposalId, decision, version }: TResolveScheduleProposalInput): Promise<unknown> =>
  api.post<unknown>(`/schedule_proposals/${proposalId}/${decision}`, { version });

export function useResolveScheduleProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveScheduleProposal,
    // A stale version also leaves the screen showing old data: refresh either way.
    onSettled: (_data, _error, { portcallId }) => {
      void queryClient.invalidateQueries({ queryKey: scheduleProposalsKey(portcallId) });
      void queryClient.invalidateQueries({ queryKey: portcallKeys.detail(portcallId) });
      void queryClient.invalidateQueries({ queryKey: portcallKeys.timestamps(portcallId) });
      void queryClient.invalidateQueries({ queryKey: portcallKeys.audits(portcallId) });
    },
  });
}
