import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { APP_ROUTES, ERROR_CODES, LOCALES } from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app';
import { type TranslationTree, loadTranslations } from './translation-files';

function flatten(tree: TranslationTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const allowlist = new Set<string>(JSON.parse(readFileSync(fileURLToPath(new URL('./untranslated-allowlist.json', import.meta.url)), 'utf8')) as string[]);
const english = flatten(loadTranslations('en'));

describe('translation files', () => {
  it('have a real English set covering the sign-in groups, navigation and every error code', () => {
    expect(english.size).toBeGreaterThan(100);
    for (const group of ['loginFlow', 'forgotPasswordFlow', 'resetPasswordFlow', 'change_password_flow', 'navigation', 'settings', 'errors']) {
      expect([...english.keys()].some((k) => k.startsWith(`${group}.`)), group).toBe(true);
    }
    for (const route of APP_ROUTES) expect(english.has(route.headingKey), route.headingKey).toBe(true);
    for (const code of ERROR_CODES) expect(english.has(`errors.${code}`), code).toBe(true);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys, every value filled and really translated', (locale) => {
    const other = flatten(loadTranslations(locale));
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    const untranslated = [...english].filter(([key, en]) => other.get(key) === en && !allowlist.has(key) && /[a-z]{3,}/i.test(en)).map(([k]) => k);
    expect(untranslated).toEqual([]);
    for (const [key, value] of other) expect(value.trim(), key).not.toBe('');
  });

  it('keeps i18next placeholders identical across languages', () => {
    for (const locale of LOCALES) {
      const other = flatten(loadTranslations(locale));
      for (const [key, en] of english) {
        const want = (en.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
        const got = ((other.get(key) ?? '').match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
        expect(got, `${locale}:${key}`).toEqual(want);
      }
    }
  });
});

describe('GET /translations/{locale}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('serves each locale and refuses an unknown one', async () => {
    for (const locale of LOCALES) {
      const res = await t.app.inject({ method: 'GET', url: `/api/portal/v1/translations/${locale}` });
      expect(res.json().status.status).toBe('SUCCESS');
      expect(flatten(res.json().payload).size).toBe(english.size);
    }
    const de = (await t.app.inject({ method: 'GET', url: '/api/portal/v1/translations/de' })).json().payload;
    expect(de.errors.CREDENTIALS_DO_NOT_MATCH).not.toBe(english.get('errors.CREDENTIALS_DO_NOT_MATCH'));
    const bad = await t.app.inject({ method: 'GET', url: '/api/portal/v1/translations/xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.status).toBe('VALIDATION_FAILED');
  });
});
