import { describe, expect, it } from 'vitest';
import { detectBrowserLocale, stripLocale, switchLocaleInPath } from './locale';

describe('locale helpers', () => {
  it('picks the first supported browser language', () => {
    expect(detectBrowserLocale(['nl-NL', 'fr-CA', 'de'])).toBe('fr');
    expect(detectBrowserLocale(['nl'])).toBeNull();
  });

  it('swaps or strips the locale segment', () => {
    expect(switchLocaleInPath('/en/voyage-center/voyages', 'es')).toBe('/es/voyage-center/voyages');
    expect(stripLocale('/de/map')).toBe('/map');
    expect(stripLocale('/de')).toBe('/');
  });
});
