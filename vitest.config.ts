import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/api.json' }]],
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // At least two files at a time: vitest's default (cores - 1) is one on these 2-core machines, and
    // the API files wait on their databases as much as they compute (a whole pass: about 617 s with
    // one, 272 s with two, on one machine; decision 049).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
