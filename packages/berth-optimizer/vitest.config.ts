import { defineConfig } from 'vitest/config';

// The solver and its checkers are pure (no module state, no mocks), so files share the loaded modules.
export default defineConfig({ test: { name: 'optimizer', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 30_000, isolate: false } });
