import { describe, expect, it } from 'vitest';
import { createI18n, type TTranslationTree } from '@/lib/i18n';
import en from '../../../../../server/src/modules/translations/locales/en.json';
import de from '../../../../../server/src/modules/translations/locales/de.json';
import { isPriseNotification, priseSentence } from './prise-sentence';

const t = createI18n({ locale: 'en', translation: en as TTranslationTree }).t;
const details = (value: string | null) => ({ vessel_name: 'ELBE RESOLVE', field: 'prise_status', value, actor_name: 'Port authority' });

describe('PRISE notification sentences', () => {
  it('words the port authority’s answers as its own, partially accepted as accepted', () => {
    expect(priseSentence(t, details('prise_accepted'), 'Port authority', 'ELBE RESOLVE')).toBe('Port authority: PRISE accepted for ELBE RESOLVE');
    expect(priseSentence(t, details('prise_partially_accepted'), 'Port authority', 'ELBE RESOLVE')).toBe('Port authority: PRISE accepted for ELBE RESOLVE');
    expect(priseSentence(t, details('prise_rejected'), 'Port authority', 'ELBE RESOLVE')).toBe('Port authority: PRISE rejected for ELBE RESOLVE');
  });

  it('names the person who sent it, and says when a change sent it back to draft', () => {
    expect(priseSentence(t, details('prise_sent'), 'Ada Lovelace', 'ELBE RESOLVE')).toBe('Ada Lovelace sent the PRISE notice for ELBE RESOLVE');
    expect(priseSentence(t, details('prise_info_required'), 'Tom Terminal', 'ELBE RESOLVE')).toBe('The PRISE notice for ELBE RESOLVE is back to draft and must be sent again');
    expect(priseSentence(t, details(null), 'Tom Terminal', 'ELBE RESOLVE')).toBe('Tom Terminal updated the PRISE notice for ELBE RESOLVE');
  });

  it('reads in German too, and only claims notifications about the PRISE status', () => {
    const tDe = createI18n({ locale: 'de', translation: de as TTranslationTree }).t;
    expect(priseSentence(tDe, details('prise_accepted'), 'Hafenbehörde', 'ELBE RESOLVE')).toBe('Hafenbehörde: PRISE für ELBE RESOLVE angenommen');
    expect(isPriseNotification(details('prise_sent'))).toBe(true);
    expect(isPriseNotification({ field: 'berth_arrival' })).toBe(false);
  });
});
