// The human label of a coded vessel type (a code the texts do not know is shown as it is), and the vessel picker's
// option text built on it.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { vesselTypeKey } from './enum-labels';

export function useVesselTypeText() {
  const { t } = useTranslation();
  return useCallback(
    (code: string): string => {
      const key = vesselTypeKey(code);
      return key ? t(key) : code;
    },
    [t],
  );
}

export type TVesselOptionLabel = (vessel: { name: string; imo_number: string; vessel_type: string }) => string;

export function useVesselOptionLabel(): TVesselOptionLabel {
  const { t } = useTranslation();
  const vesselTypeText = useVesselTypeText();
  return useCallback((v) => t('portcalls.picker.vessel_option', { name: v.name, imo: v.imo_number, type: vesselTypeText(v.vessel_type) }), [t, vesselTypeText]);
}
