/**
 * Which tests run on which host: the one place that says it. vitest.config.ts and playwright.config.ts leave out
 * what a host cannot run and print why; test/unit/scripts/test-hosts.test.ts lists the files each host's config
 * really selects (vitest's and Playwright's own listing) and fails if a test that needs the Linux host would run on
 * another one.
 *
 * Everything runs on Linux: the Electron test runtime plays Linux, macOS and Windows there (the `darwin` and `win32`
 * Vitest projects). GitHub's macOS and Windows runners run everything else, so what differs per OS in the engine,
 * the store, the CLI and the window is still tested on the real OS.
 */
export type TestHost = 'linux' | 'darwin' | 'win32';

const TEST_HOSTS: readonly TestHost[] = ['linux', 'darwin', 'win32'];

/** Chooses the host a selection is made for, instead of this machine's (rehearsing another runner's selection). */
export const TEST_HOST_SWITCH = 'NTFY_TRAY_TEST_HOST';

interface HostOnlyTests {
  /** Globs relative to the project root, as Vitest's `exclude` and Playwright's `testIgnore` take them. */
  readonly files: readonly string[];
  readonly hosts: readonly TestHost[];
  readonly reason: string;
}

/**
 * The Electron test runtime (test/electron-runtime) makes a Linux process play each OS (platform.ts refuses any
 * other host): its windows are headless Chromium pages, its D-Bus address, XDG folders and POSIX locale are Linux's.
 * Every test that launches the built app through it needs the Linux host. So does packing the Linux build with
 * electron-builder (its Linux targets are built on Linux, and the stand-in Electron binary is a shell script).
 */
const HOST_ONLY_TESTS: readonly HostOnlyTests[] = [
  {
    files: ['test/integration/app/**', 'test/integration/packaging/packaged-asar.test.ts'],
    hosts: ['linux'],
    reason:
      'the Electron test runtime plays Linux, macOS and Windows from a Linux host (test/electron-runtime/platform.ts); ' +
      'the Linux job runs these once per OS',
  },
  {
    files: [
      'test/integration/packaging/electron-builder.test.ts',
      'test/integration/packaging/appimage-runtime.test.ts',
    ],
    hosts: ['linux'],
    reason: 'they pack the Linux build with electron-builder and a stand-in Electron (a shell script) on a Linux host',
  },
];

/** The host a test run selects for: the switch when set, else this machine. */
export function testHost(
  platform: NodeJS.Platform = process.platform,
  env: Readonly<Record<string, string | undefined>> = process.env,
): TestHost {
  const chosen = env[TEST_HOST_SWITCH];
  if (chosen !== undefined && chosen !== '') {
    if (!(TEST_HOSTS as readonly string[]).includes(chosen)) {
      throw new Error(`${TEST_HOST_SWITCH}=${chosen}: choose one of ${TEST_HOSTS.join(', ')}`);
    }
    return chosen as TestHost;
  }
  // Other Unix systems run what Linux runs, minus nothing we could name: treat them as Linux.
  return platform === 'darwin' || platform === 'win32' ? platform : 'linux';
}

/** What `host` leaves out, with the reason for each group. */
function leftOutOn(host: TestHost): readonly HostOnlyTests[] {
  return HOST_ONLY_TESTS.filter((group) => !group.hosts.includes(host));
}

/** The globs `host` leaves out. */
export function excludedFiles(host: TestHost): string[] {
  return leftOutOn(host).flatMap((group) => group.files);
}

/** One line per left-out group, printed by the test configs so a run says what it did not run and why. */
export function leftOutLines(host: TestHost, runner: string): string[] {
  return leftOutOn(host).map((group) => `[${runner}] not run on ${host}: ${group.files.join(', ')} — ${group.reason}`);
}

/** Whether the Electron test runtime can play every OS here (the per-OS Vitest projects). */
export function playsEveryOs(host: TestHost): boolean {
  return host === 'linux';
}
