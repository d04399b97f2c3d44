// Heading keys come from the domain's route table as plain strings; this narrows them to translation keys.
import type { TFunction } from 'i18next';
import type en from '../../../server/src/modules/translations/locales/en.json';

type TNavigationKey = `navigation.${keyof (typeof en)['navigation']}`;

export function headingText(t: TFunction, headingKey: string): string {
  return t(headingKey as TNavigationKey);
}
