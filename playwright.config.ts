import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutablePath } from './test/support/chromium.ts';
import { DOCS_PICTURE, updatingScreenshots } from './test/e2e/support/docs-screenshot.ts';
import { excludedFiles, leftOutLines, testHost } from './scripts/pipeline/test-hosts.ts';
import { shareCompileCache } from './test/support/compile-cache.ts';

shareCompileCache();

const host = testHost();
for (const line of leftOutLines(host, 'playwright')) process.stderr.write(`${line}\n`);

/**
 * Browser downloads are impossible on the build machines, so every browser test runs the system Chromium
 * (CHROMIUM_PATH, else Debian's chromium-headless-shell or chromium: test/support/chromium.ts). The Electron smoke test launches its own binary when one exists.
 */
export default defineConfig({
  testDir: 'test/e2e',
  // Playwright matches absolute paths; the globs of scripts/pipeline/test-hosts.ts are relative to the project.
  testIgnore: excludedFiles(host).map((glob) => path.posix.join(import.meta.dirname.split(path.sep).join('/'), glob)),
  outputDir: 'test-results',
  // The JSON report feeds the one-line summary that `npm test` prints last (scripts/test-summary.ts).
  reporter: [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]],
  // Two spec files at once, each in its own worker with its own Chromium, test server and core (every spec starts
  // its own in beforeAll, on free ports and in its own temp folder). One worker left a 2-core machine half idle: the
  // runner waits on the page most of the time. Measured in docs/testing.md ("Where the time goes").
  workers: 2,
  forbidOnly: process.env['CI'] !== undefined,
  // Tests that only take a docs/ picture run with UPDATE_SCREENSHOTS=1; otherwise they are left out, not skipped.
  ...(updatingScreenshots() ? {} : { grepInvert: new RegExp(DOCS_PICTURE) }),
  // Budgets for a stuck test, never speed checks: the suite must pass on a busy 2-core machine (a full run under
  // `stress -c 2` saw an axe analysis of two themes pass 30 s, and five full runs at once on two cores, load 26,
  // saw one pass 90 s). Speed is measured by `npm run bench`.
  timeout: 180_000,
  // 30 s, not 15: two workers at once on a loaded 2-core machine wait longer for a page to settle.
  expect: { timeout: 30_000 },
  use: {
    // No trace while the suite runs: recording one for every test (to keep those that fail) cost 29 % of the
    // CPU of `reflow` and `settings` (59.7 s → 42.3 s, 37 tests; screenshots off alone: 54.4 s), and the suite is
    // CPU-bound on a 2-core machine (docs/testing.md). A failure still leaves its page's ARIA snapshot
    // (error-context.md) and a screenshot; rerun it with `--trace on` for the whole trace.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The window speaks the browser's language (common/i18n): English unless a spec asks for another locale.
    locale: 'en-US',
  },
  projects: [
    {
      name: 'system-chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: chromiumExecutablePath,
          args: [...chromiumArgs],
        },
      },
    },
  ],
});
