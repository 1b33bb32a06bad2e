import { defineConfig } from 'vitest/config';
import { excludedFiles, leftOutLines, playsEveryOs, testHost } from './scripts/pipeline/test-hosts.ts';
import { shareCompileCache } from './test/support/compile-cache.ts';

shareCompileCache();

/**
 * The app tests whose code paths differ per OS (startup wiring, notifier, tray title and icons, menus, login items,
 * quit): they run once more as macOS and once more as Windows on the Electron test runtime
 * (test/electron-runtime/platform.ts), so what would fail on a macOS or Windows runner fails here first. The others
 * test what no platform branch touches (the bridge and its sender check, the first call, history size, language
 * from the POSIX locale) or Linux itself (D-Bus, XDG folders), and run once, as Linux. Tests of one platform's own
 * behaviour (start at login, shutdown) name their platform in the test and sit in the default project.
 */
const appTestsPerPlatform = [
  'test/integration/app/cold-start.test.ts',
  'test/integration/app/messages.test.ts',
  'test/integration/app/tray-and-failures.test.ts',
  'test/integration/app/tray-send-test.test.ts',
  'test/integration/app/second-instance.test.ts',
  'test/integration/app/desktop-notices.test.ts',
];

// The host this run selects for (scripts/pipeline/test-hosts.ts): on macOS and Windows the tests that need the Linux
// host are left out, and each left-out group is named with its reason.
const host = testHost();
// On stderr, so that `vitest list --json` (test/unit/scripts/test-hosts.test.ts) prints only its list on stdout.
for (const line of leftOutLines(host, 'vitest')) process.stderr.write(`${line}\n`);

/**
 * Unit tests import pure modules and restore what they change (the locale, fake timers, patched sockets) after each
 * test: they share one module graph per worker (`isolate: false`) instead of a fresh process and fresh imports per
 * file, which cost most of their time (import 60 % of a unit file's run, about 0.5 s per file on the build machine).
 * Everything else (servers, SQLite files, processes, the Electron test runtime) keeps a fresh worker per file.
 */
const unitTests = ['test/unit/**/*.test.ts'];

const baseExclude = ['test/e2e/**', 'node_modules/**', ...excludedFiles(host)];
const shared = {
  exclude: baseExclude,
  environment: 'node' as const,
  // Budgets for a stuck test, not speed checks: under `stress -c 2` on two cores a cold ESLint typed lint took 34 s
  // and a CLI process test over 20 s. Speed is `npm run bench`'s job.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // `expect.poll` gives up after 1 s unless told otherwise, which a loaded machine's loopback round trip can take;
  // a stuck poll still ends well inside the test's budget.
  expect: { poll: { timeout: 30_000 } },
};

export default defineConfig({
  test: {
    // The JSON report feeds the one-line summary that `npm test` prints last (scripts/test-summary.ts).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-reports/vitest.json' },
    // Two files at once (Vitest's default is one less than the CPUs: one file at a time on two cores). Most files
    // wait on a process, a socket or Chromium most of the time; each has its own servers on free ports, temp folders
    // and private D-Bus buses (keychain entries are per server URL), and dist/ is built under a lock
    // (test/electron-runtime/ensure-dist.ts). Measured in docs/testing.md.
    maxWorkers: 2,
    // Not `extends: true`: that would add each project's include to the root's instead of replacing it.
    projects: [
      { test: { ...shared, name: 'linux', include: ['test/**/*.test.ts'], exclude: [...baseExclude, ...unitTests] } },
      { test: { ...shared, name: 'unit', include: unitTests, isolate: false } },
      // Only a Linux host's test runtime can play the other two.
      ...(playsEveryOs(host) ? (['darwin', 'win32'] as const) : []).map((platform) => ({
        test: {
          ...shared,
          name: platform,
          include: appTestsPerPlatform,
          env: { ELECTRON_STAND_IN_PLATFORM: platform },
        },
      })),
    ],
  },
});
