import { defineConfig } from 'vitest/config';

// One project per workspace; `npm test` runs them all, then the browser tests.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/berth-optimizer', 'apps/server', 'apps/web'],
  },
});
