// Typed translation keys: en.json is the key set, so a t() call with an unknown key fails type-checking.
import 'i18next';
import type en from '../../../server/src/modules/translations/locales/en.json';
import type { BOOTSTRAP_RESOURCES } from '../lib/i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      bootstrap: (typeof BOOTSTRAP_RESOURCES)['en'];
    };
  }
}
