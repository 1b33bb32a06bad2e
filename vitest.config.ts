import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Integration tests talk to real servers over loopback; keep the default worker count modest on 2 cores.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // The JSON report feeds the one-line summary that `npm test` prints last (scripts/test-summary.ts).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-reports/vitest.json' },
  },
});
