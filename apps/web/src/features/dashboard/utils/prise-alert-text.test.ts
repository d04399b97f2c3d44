import { describe, expect, it } from 'vitest';
import { createI18n, type TTranslationTree } from '@/lib/i18n';
import { formatZonedDateTime } from '@/lib/zoned-time';
import de from '../../../../../server/src/modules/translations/locales/de.json';
import en from '../../../../../server/src/modules/translations/locales/en.json';
import { priseAlertWhyText } from './prise-alert-text';

const t = createI18n({ locale: 'en', translation: en as TTranslationTree }).t;
const berlin = (iso: string) => formatZonedDateTime(iso, 'Europe/Berlin', 'en');

describe('PRISE alert reasons', () => {
  it('words each state of the notice, with its due time or the port authority’s code', () => {
    expect(priseAlertWhyText(t, { state: 'rejected', due_at: null, prise_code: 'DRAFT_EXCEEDS_CHANNEL_LIMIT' }, berlin)).toBe('The port authority rejected the notice (code DRAFT_EXCEEDS_CHANNEL_LIMIT).');
    expect(priseAlertWhyText(t, { state: 'rejected', due_at: null, prise_code: null }, berlin)).toBe('The port authority rejected the notice.');
    expect(priseAlertWhyText(t, { state: 'overdue', due_at: '2026-07-14T02:00:00.000Z', prise_code: null }, berlin)).toBe('The notice was due 14-07-2026 04:00 and has not been sent.');
    expect(priseAlertWhyText(t, { state: 'due_soon', due_at: '2026-07-14T02:00:00.000Z', prise_code: null }, berlin)).toBe('The notice is due 14-07-2026 04:00 and has not been sent yet.');
    expect(priseAlertWhyText(t, { state: 'reopened', due_at: null, prise_code: null }, berlin)).toBe('ETA, draft or berth changed after approval: the notice must be sent again.');
  });

  it('reads in German', () => {
    const tDe = createI18n({ locale: 'de', translation: de as TTranslationTree }).t;
    expect(priseAlertWhyText(tDe, { state: 'due_soon', due_at: '2026-07-14T02:00:00.000Z', prise_code: null }, (iso) => formatZonedDateTime(iso, 'Europe/Berlin', 'de'))).toBe(
      'Die Voranmeldung ist bis 14.07.2026 04:00 fällig und noch nicht gesendet.',
    );
  });
});
