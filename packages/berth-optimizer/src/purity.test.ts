import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The optimizer runs in Node, in the browser's Web Worker and on the server: src/ must not touch Node-only APIs
// or do I/O. Tests (and src/test/) may.
const src = path.dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(src).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('the optimizer sources', () => {
  it.each(sources)('%s uses no Node-only API and does no I/O', (file) => {
    const text = readFileSync(path.join(src, file), 'utf8');
    expect(text).not.toMatch(/from ['"]node:|require\(|\bprocess\.|\bBuffer\b|from ['"](fs|path|os|child_process|worker_threads)['"]|\bfetch\(|console\./);
    // HiGHS is handed in by the caller; src/ only names its types.
    expect(text).not.toMatch(/^import (?!type )[^;]*from ['"]highs['"]/m);
  });
});
