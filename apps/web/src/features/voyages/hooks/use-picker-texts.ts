// The voyage center's own wording for the master-data pickers' searching and nothing-found messages.
import { useTranslation } from 'react-i18next';
import type { TEntitySelectTexts } from '@/components/entity-select';

export function usePickerTexts(): TEntitySelectTexts {
  const { t } = useTranslation();
  return { searching: t('voyageCenter.picker.searching'), nothingFound: t('voyageCenter.picker.nothing_found') };
}
