import { defineConfig } from 'vitest/config';

// One project per workspace; `npm test` runs them all, then the browser tests.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on this 2-core machine the web, domain and optimizer files
    // ran one at a time while a core sat idle. The server project sets its own count.
    maxWorkers: 2,
    projects: ['packages/domain', 'packages/berth-optimizer', 'apps/server', 'apps/web'],
  },
});
