// The terminal's shift calendar: non-working times (holidays, breaks, closed shifts) and the gangs of each shift.
// Every change is announced as shift_calendar.updated, so every open board refetches.
import type { TBoardShiftDefinition, TNonWorkingTime, TNonWorkingTimeCreate } from '@quayline/domain';
import { api } from '@/lib/api-client';

export const createNonWorkingTime = (body: TNonWorkingTimeCreate): Promise<TNonWorkingTime> => api.post<TNonWorkingTime>('/non_working_times', body);
export const deleteNonWorkingTime = (id: number): Promise<{ id: number }> => api.delete<{ id: number }>(`/non_working_times/${id}`);
export const updateShiftGangs = (shiftId: number, gangs: number): Promise<TBoardShiftDefinition> => api.put<TBoardShiftDefinition>(`/terminal_shifts/${shiftId}`, { gangs_available: gangs });
