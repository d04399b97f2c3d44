import { defineConfig, devices } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Two cores run two browsers, the app and sometimes an optimizer run at once: long stories need the slack.
  timeout: 90_000,
  // An assertion waits for what it expects (an answer drawn, an event shown) at most this long; on a busy machine a
  // list's first answer alone took more than 10 s. A wrong screen still fails, only later.
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? './test-results/results.json' }]],
  outputDir: './test-results',
  use: {
    // Recording a trace for every story cost about 40 % of the browser tests' CPU (role-actions, 50 stories: 171 CPU-s
    // with traces, 101 without; 118 s against 92 s) and only a failed story's trace is kept. A failure still leaves
    // its screenshot and error-context.md; E2E_TRACE=on records traces again to look into one.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
});
