import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides token and proxy_token values and keeps everything else', () => {
    expect(redactUrl('/api/portal/v1/realtime?token=abc&proxy_token=def&x=1')).toBe('/api/portal/v1/realtime?token=%5Bredacted%5D&proxy_token=%5Bredacted%5D&x=1');
    expect(redactUrl('/api/portal/v1/terminals?page=2')).toBe('/api/portal/v1/terminals?page=2');
    expect(redactUrl('/api/portal/v1/health')).toBe('/api/portal/v1/health');
    // the mailed reset link
    expect(redactUrl('/de/reset-password?email=a%40b.test&code=K7QX2M9PLW4R')).toBe('/de/reset-password?email=a%40b.test&code=%5Bredacted%5D');
  });
});
