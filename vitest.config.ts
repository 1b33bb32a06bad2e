import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Integration tests talk to real servers over loopback; keep the default worker count modest on 2 cores.
    // Budgets for a stuck test, not speed checks: under `stress -c 2` on two cores a cold ESLint typed lint took 34 s
    // and a CLI process test over 20 s. Speed is `npm run bench`'s job.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The JSON report feeds the one-line summary that `npm test` prints last (scripts/test-summary.ts).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-reports/vitest.json' },
  },
});
