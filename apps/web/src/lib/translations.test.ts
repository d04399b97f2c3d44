// The server's translation files, checked from the web side that reads them: same keys, real translations, same placeholders.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MESSAGES, LOCALES } from '@quayline/domain';
import en from '../../../server/src/modules/translations/locales/en.json';
import de from '../../../server/src/modules/translations/locales/de.json';
import fr from '../../../server/src/modules/translations/locales/fr.json';
import es from '../../../server/src/modules/translations/locales/es.json';
import allowlist from '../../../server/src/modules/translations/untranslated-allowlist.json';
import type { TTranslationTree } from './i18n';

const BUNDLES: Record<(typeof LOCALES)[number], TTranslationTree> = { en, de, fr, es };

function flatten(tree: TTranslationTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const english = flatten(en);

  it.each(['de', 'fr', 'es'] as const)('%s has exactly the English keys, translated, with the same placeholders', (locale) => {
    const other = flatten(BUNDLES[locale]);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    const untranslated = [...english].filter(([key, text]) => other.get(key) === text && !allowlist.includes(key)).map(([key]) => key);
    expect(untranslated).toEqual([]);
    for (const [key, text] of english) expect(placeholders(other.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('has one English error text per error code, identical to the domain catalogue', () => {
    for (const code of ERROR_CODES) expect(english.get(`errors.${code}`)).toBe(ERROR_MESSAGES[code]);
  });

  it('keeps the allowlist small and pointing at real keys', () => {
    // Codes and words a language shares with English (IMO, Status, Position (m), the download headers' Agent, Service,
    // Date), each listed by key; a long list would mean untranslated texts hiding behind it.
    expect(allowlist.length).toBeLessThanOrEqual(16);
    for (const key of allowlist) expect(english.has(key)).toBe(true);
  });
});
