// The 'web' vitest project: component and hook tests in jsdom.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // jsdom renders of whole screens are slow when the server suites share the two cores: a form story typing a
    // template took more than 20 s with a browser suite beside it. The limit catches a hang, not slowness.
    testTimeout: 60_000,
  },
});
