import { defineConfig } from 'vitest/config';

// Database tests are slow to set up (one database per file), so files run in a few forks, not many.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Every file builds its own app on its own database and nothing is mocked, so files in one fork can share the
    // loaded modules: importing Fastify, zod and PGlite once per fork instead of once per file saves about 100 s.
    isolate: false,
    // Its own group, because its worker count differs from the other projects'.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    // A hook that seeds the demo took 8 s on a quiet machine and more than 60 s with a second suite and helpers busy
    // beside it; the limit is there to catch a hang, not to measure speed.
    hookTimeout: 180_000,
  },
});
