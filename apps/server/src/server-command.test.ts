import { describe, expect, it } from 'vitest';
import { SERVER_HEAP_LIMIT_MB, serverNodeArgs } from './server-command.mjs';

describe('the server command', () => {
  it('limits the heap so that garbage is collected before it piles up, unless NODE_OPTIONS sets a limit', () => {
    expect(serverNodeArgs('')).toEqual([`--max-old-space-size=${SERVER_HEAP_LIMIT_MB}`, '--import', 'tsx', 'src/server.ts']);
    expect(serverNodeArgs('--max-old-space-size=2048 --enable-source-maps')).toEqual(['--import', 'tsx', 'src/server.ts']);
  });
});
