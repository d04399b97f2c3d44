// PUT /update_shift_planner_settings: one setting of the signed-in user, as {type, value}.
import type { TUpdateShiftPlannerSettingRequest } from '@quayline/domain';
import { api } from '@/lib/api-client';

export const saveShiftPlannerSetting = (input: TUpdateShiftPlannerSettingRequest): Promise<unknown> => api.put<unknown>('/update_shift_planner_settings', input);
