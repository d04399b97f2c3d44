import { describe, expect, it } from 'vitest';
import { readAllowedOrigins } from '../config';
import { buildAllowedOrigins, isAllowedOrigin } from './origins';

describe('the app\u2019s own origins', () => {
  it('takes the origin of PUBLIC_URL, without path or trailing slash, and the configured ones', () => {
    const allowed = buildAllowedOrigins(['https://quay.example.com/app/', 'https://planner.partner.example']);
    expect([...allowed]).toEqual(['https://quay.example.com', 'https://planner.partner.example']);
    expect(isAllowedOrigin(allowed, 'https://quay.example.com')).toBe(true);
    expect(isAllowedOrigin(allowed, 'https://quay.example.com:443')).toBe(true);
    expect(isAllowedOrigin(allowed, 'http://quay.example.com')).toBe(false);
    expect(isAllowedOrigin(allowed, 'https://quay.example.com.evil.example')).toBe(false);
    expect(isAllowedOrigin(allowed, 'null')).toBe(false);
    expect(isAllowedOrigin(allowed, '')).toBe(false);
  });

  it('treats localhost, 127.0.0.1 and [::1] with the same scheme and port as one local app', () => {
    const allowed = buildAllowedOrigins(['http://localhost:3000']);
    expect([...allowed].sort()).toEqual(['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']);
    expect(isAllowedOrigin(allowed, 'http://localhost:3001')).toBe(false);
    expect(isAllowedOrigin(buildAllowedOrigins(['https://quay.example.com']), 'http://localhost:3000')).toBe(false);
  });

  it('reads ALLOWED_ORIGINS as a comma-separated list and stops at a value that is not an origin', () => {
    expect(readAllowedOrigins({})).toEqual([]);
    expect(readAllowedOrigins({ ALLOWED_ORIGINS: ' https://a.example , https://b.example:8443/ ' })).toEqual(['https://a.example', 'https://b.example:8443']);
    expect(() => readAllowedOrigins({ ALLOWED_ORIGINS: 'a.example' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => readAllowedOrigins({ ALLOWED_ORIGINS: 'ftp://a.example' })).toThrow(/ALLOWED_ORIGINS/);
  });
});
