// The shift-planner settings of the signed-in user (from /user_details), changed at once on screen and saved one key
// at a time through update_shift_planner_settings; a reload restores them from the user details.
import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SHIFT_PLANNER_SETTINGS, POPUP_AUTO_CLOSE_MS, type TShiftPlannerSettingKey, type TShiftPlannerSettings, type TUpdateShiftPlannerSettingRequest, type TUserDetails } from '@quayline/domain';
import { USER_DETAILS_QUERY_KEY, useUserDetails } from '@/lib/user';
import { saveShiftPlannerSetting } from '../api/update-shift-planner-setting';

export const shiftPlannerSettingsOf = (user: TUserDetails | undefined): TShiftPlannerSettings => ({ ...DEFAULT_SHIFT_PLANNER_SETTINGS, ...(user?.shift_planner_settings ?? {}) });

export type TSetShiftPlannerSetting = <K extends TShiftPlannerSettingKey>(key: K, value: TShiftPlannerSettings[K]) => void;

export function useShiftPlannerSettings(): { settings: TShiftPlannerSettings; isLoaded: boolean; setSetting: TSetShiftPlannerSetting } {
  const { t } = useTranslation();
  const { data: user, isSuccess } = useUserDetails();
  const queryClient = useQueryClient();
  const [overrides, setOverrides] = useState<Partial<TShiftPlannerSettings>>({});
  const { mutate } = useMutation({
    mutationFn: saveShiftPlannerSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY }),
    // Failures on settings calls are only logged (spec 8), plus a hint that the change was not kept.
    onError: (error) => {
      console.error(error);
      notifications.show({ id: 'shift-planner-setting-failed', color: 'red', message: t('shiftPlanner.settings.save_failed'), autoClose: POPUP_AUTO_CLOSE_MS });
    },
  });
  const settings = useMemo<TShiftPlannerSettings>(() => ({ ...shiftPlannerSettingsOf(user), ...overrides }), [user, overrides]);
  const setSetting = useCallback<TSetShiftPlannerSetting>(
    (key, value) => {
      setOverrides((o) => ({ ...o, [key]: value }));
      mutate({ type: key, value } as TUpdateShiftPlannerSettingRequest);
    },
    [mutate],
  );
  return { settings, isLoaded: isSuccess, setSetting };
}
