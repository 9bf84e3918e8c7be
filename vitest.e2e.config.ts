import { defineConfig } from 'vitest/config';

// Browser tests: the real app (built client + API on an embedded database) driven by Debian's Chromium.
export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/e2e.json' }]],
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
