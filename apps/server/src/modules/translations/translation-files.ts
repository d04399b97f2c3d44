// The interface texts in their four language files (locales/*.json): the one source of every text a person reads,
// whether the web app shows it or the server writes it (file headers, mails). Read once per locale.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TLocale } from '@quayline/domain';

export type TranslationTree = { [key: string]: string | TranslationTree };

export function loadTranslations(locale: TLocale): TranslationTree {
  const file = fileURLToPath(new URL(`./locales/${locale}.json`, import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as TranslationTree;
}

const cache = new Map<TLocale, TranslationTree>();

/** The text at a dotted key, or undefined when the locale file lacks it. */
export function translatedText(locale: TLocale, key: string): string | undefined {
  let tree = cache.get(locale);
  if (!tree) {
    tree = loadTranslations(locale);
    cache.set(locale, tree);
  }
  let node: string | TranslationTree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}
