import { describe, expect, it } from 'vitest';
import { readResponseCacheConfig } from '../config';
import { DEFAULT_RESPONSE_CACHE, ResponseCache } from './response-cache';

describe('ResponseCache', () => {
  const cache = () => new ResponseCache({ ttlMs: 1_000, maxBytes: 10 });

  it('answers an entry only for the version it was made at', () => {
    const c = cache();
    c.set('k', '7', 0, 'abc');
    expect(c.get('k', '7', 10)).toBe('abc');
    expect(c.get('k', '8', 10)).toBeNull();
    // A miss on a newer version drops the entry: an older version never comes back.
    expect(c.get('k', '7', 10)).toBeNull();
    expect(c.stats()).toMatchObject({ entries: 0, bytes: 0, hits: 1, misses: 2 });
  });

  it('keeps an entry for less than the time limit, and not when the clock went back', () => {
    const c = cache();
    c.set('k', '1', 5_000, 'abc');
    expect(c.get('k', '1', 5_999)).toBe('abc');
    expect(c.get('k', '1', 6_000)).toBeNull();
    c.set('k', '1', 5_000, 'abc');
    expect(c.get('k', '1', 4_999)).toBeNull();
  });

  it('evicts the least recently used entries beyond its size', () => {
    const c = cache();
    c.set('a', '1', 0, 'aaaa');
    c.set('b', '1', 0, 'bbbb');
    expect(c.get('a', '1', 0)).toBe('aaaa');
    c.set('c', '1', 0, 'cccc');
    expect(c.get('b', '1', 0)).toBeNull();
    expect(c.get('a', '1', 0)).toBe('aaaa');
    expect(c.get('c', '1', 0)).toBe('cccc');
    expect(c.stats().bytes).toBe(8);
  });

  it('replaces an entry under the same key and never keeps one larger than the whole cache', () => {
    const c = cache();
    c.set('a', '1', 0, 'aaaa');
    c.set('a', '2', 0, 'aa');
    expect(c.stats()).toMatchObject({ entries: 1, bytes: 2 });
    c.set('big', '2', 0, 'x'.repeat(11));
    expect(c.get('big', '2', 0)).toBeNull();
    expect(c.get('a', '2', 0)).toBe('aa');
  });
});

describe('readResponseCacheConfig', () => {
  it('has defaults, takes the environment, and turns off at 0', () => {
    expect(readResponseCacheConfig({})).toEqual(DEFAULT_RESPONSE_CACHE);
    expect(readResponseCacheConfig({ RESPONSE_CACHE_TTL_MS: '2500', RESPONSE_CACHE_MAX_MB: '8' })).toEqual({ ttlMs: 2_500, maxBytes: 8 * 1024 * 1024 });
    expect(readResponseCacheConfig({ RESPONSE_CACHE_TTL_MS: '0' })).toBeNull();
    expect(readResponseCacheConfig({ RESPONSE_CACHE_MAX_MB: '0' })).toBeNull();
    expect(() => readResponseCacheConfig({ RESPONSE_CACHE_TTL_MS: 'soon' })).toThrow(/RESPONSE_CACHE_TTL_MS/);
  });
});
