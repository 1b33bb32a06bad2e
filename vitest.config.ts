import { defineConfig } from 'vitest/config';
import { excludedFiles, leftOutLines, playsEveryOs, testHost } from './scripts/pipeline/test-hosts.ts';

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

const shared = {
  exclude: ['test/e2e/**', 'node_modules/**', ...excludedFiles(host)],
  environment: 'node' as const,
  // Integration tests talk to real servers over loopback; keep the default worker count modest on 2 cores.
  // Budgets for a stuck test, not speed checks: under `stress -c 2` on two cores a cold ESLint typed lint took 34 s
  // and a CLI process test over 20 s. Speed is `npm run bench`'s job.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // The JSON report feeds the one-line summary that `npm test` prints last (scripts/test-summary.ts).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-reports/vitest.json' },
    // Not `extends: true`: that would add each project's include to the root's instead of replacing it.
    projects: [
      { test: { ...shared, name: 'linux', include: ['test/**/*.test.ts'] } },
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
