// The canvas settings of the signed-in user (from /user_details), changed at once on screen and saved one key at a time.
import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CANVAS_SETTINGS, POPUP_AUTO_CLOSE_MS, type TCanvasSettingKey, type TCanvasSettings, type TUpdateCanvasSettingRequest, type TUserDetails } from '@quayline/domain';
import { api } from '@/lib/api-client';
import { USER_DETAILS_QUERY_KEY, useUserDetails } from '@/lib/user';

const saveCanvasSetting = (input: TUpdateCanvasSettingRequest): Promise<unknown> => api.put<unknown>('/update_canvas_settings', input);

/** The user's saved canvas settings over the defaults of spec section 9. */
export const canvasSettingsOf = (user: TUserDetails | undefined): TCanvasSettings => ({ ...DEFAULT_CANVAS_SETTINGS, ...(user?.canvas_settings ?? {}) });

export type TSetCanvasSetting = <K extends TCanvasSettingKey>(key: K, value: TCanvasSettings[K]) => void;

export function usePlannerSettings(): { settings: TCanvasSettings; isLoaded: boolean; setSetting: TSetCanvasSetting } {
  const { t } = useTranslation();
  const { data: user, isSuccess } = useUserDetails();
  const queryClient = useQueryClient();
  const [overrides, setOverrides] = useState<Partial<TCanvasSettings>>({});
  const mutation = useMutation({
    mutationFn: saveCanvasSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY }),
    // Failures on settings calls are only logged (spec 8), plus a hint that the change was not kept.
    onError: (error) => {
      console.error(error);
      notifications.show({ id: 'planner-setting-failed', color: 'red', message: t('berthPlanner.settings.save_failed'), autoClose: POPUP_AUTO_CLOSE_MS });
    },
  });
  const settings = useMemo<TCanvasSettings>(() => ({ ...canvasSettingsOf(user), ...overrides }), [user, overrides]);
  const { mutate } = mutation;
  const setSetting = useCallback<TSetCanvasSetting>(
    (key, value) => {
      setOverrides((o) => ({ ...o, [key]: value }));
      mutate({ type: key, value } as TUpdateCanvasSettingRequest);
    },
    [mutate],
  );
  return { settings, isLoaded: isSuccess, setSetting };
}
