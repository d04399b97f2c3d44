import { defineConfig } from 'vitest/config';

// Pure functions and schemas with no module state or mocks: files share the loaded modules (zod is imported once per
// worker instead of once per file).
export default defineConfig({ test: { name: 'domain', include: ['src/**/*.test.ts'], environment: 'node', isolate: false } });
