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
  },
});
