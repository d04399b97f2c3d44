// A vessel's detailed type in the reader's words. The list (DETAILED_VESSEL_TYPES in the domain) stores its English
// name; a screen shows a listed name in the reader's language and any other text exactly as it was typed, and the form
// turns a listed name picked in the reader's language back into the stored English one.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DETAILED_VESSEL_TYPES, type TDetailedVesselType, detailedVesselTypesOf, findDetailedVesselType } from '@quayline/domain';
import type en from '../../../../server/src/modules/translations/locales/en.json';

type TDetailedKey = `portcalls.vessel_types_detailed.${keyof (typeof en)['portcalls']['vessel_types_detailed'] & string}`;
type TText = (key: TDetailedKey) => string;

/** The key of a listed entry's name in the language files. */
export const detailedVesselTypeKey = (entry: TDetailedVesselType): TDetailedKey => `portcalls.vessel_types_detailed.${entry.key}` as TDetailedKey;

/** A stored detailed type as the reader reads it: a listed name translated, any other text as typed, null for none. */
export function detailedVesselTypeText(stored: string | null | undefined, text: TText): string | null {
  if (!stored) return null;
  const entry = findDetailedVesselType(stored);
  return entry ? text(detailedVesselTypeKey(entry)) : stored;
}

export function useDetailedVesselTypeText() {
  const { t } = useTranslation();
  return useCallback((stored: string | null | undefined) => detailedVesselTypeText(stored, t), [t]);
}

/** The form's suggestions for a coded type: its listed detailed types in the reader's language, in the list's order. */
export function detailedVesselTypeSuggestions(vesselType: string, text: TText): string[] {
  return detailedVesselTypesOf(vesselType).map((entry) => text(detailedVesselTypeKey(entry)));
}

/**
 * What the form sends for what the reader typed: the stored (English) name of a listed entry named in the reader's
 * language or in English, in any case; else the text as typed (trimmed); blank is none.
 */
export function storedDetailedVesselType(typed: string, text: TText): string | null {
  const trimmed = typed.trim();
  if (!trimmed) return null;
  const lower = trimmed.toLowerCase();
  const entry = DETAILED_VESSEL_TYPES.find((e) => text(detailedVesselTypeKey(e)).toLowerCase() === lower) ?? findDetailedVesselType(trimmed);
  return entry ? entry.name : trimmed;
}
