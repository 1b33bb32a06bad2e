/**
 * The operating system the stand-in plays, chosen per launch (launchApp's `platform`, or this switch in the
 * environment of the test run): linux, darwin or win32. The app process then sees that value in `process.platform`
 * and `os.platform()`, so the app's own platform branches run, and the stand-in `electron` offers only what Electron
 * 45 offers there (app.ts, electron.ts). Everything else of the machine stays Linux: `path` is POSIX, keytar talks
 * to libsecret, files live on a Linux file system (docs/packaging.md#what-is-verified-where lists these gaps).
 */
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';

export type StandInPlatform = 'linux' | 'darwin' | 'win32';

export const PLATFORM_SWITCH = 'ELECTRON_STAND_IN_PLATFORM';

const PLATFORMS: readonly StandInPlatform[] = ['linux', 'darwin', 'win32'];

function isStandInPlatform(value: string): value is StandInPlatform {
  return (PLATFORMS as readonly string[]).includes(value);
}

/** The platform an environment asks for; unset or empty is linux, anything else unknown throws. */
export function standInPlatform(env: Readonly<Record<string, string | undefined>>): StandInPlatform {
  const value = env[PLATFORM_SWITCH];
  if (value === undefined || value === '') return 'linux';
  if (!isStandInPlatform(value)) {
    throw new Error(`${PLATFORM_SWITCH}=${value}: the electron stand-in plays ${PLATFORMS.join(', ')} only`);
  }
  return value;
}

/**
 * Code that must keep seeing the real machine: the stand-in itself, Playwright and the choice of its browser (it
 * launches the Linux Chromium that stands for Electron's renderers, and picks spawn options and browser paths by
 * platform) and Node's own internals (which spawn processes and resolve paths for the machine they run on).
 */
function seesRealMachine(file: string | null | undefined): boolean {
  if (file === null || file === undefined) return false;
  return (
    file.startsWith('node:') ||
    file.includes('/test/electron-runtime/') ||
    // Which browser stands in for the renderers is the machine's choice (test/support/chromium.ts picks it per OS).
    file.endsWith('/test/support/chromium.ts') ||
    file.includes('/node_modules/playwright-core/')
  );
}

/** The file of the frame that called `callee` (one frame, so reading process.platform stays cheap). */
function callerFile(callee: (...args: never[]) => unknown): string | null | undefined {
  // Only put back as it was, never called here.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const savedPrepare = Error.prepareStackTrace;
  const savedLimit = Error.stackTraceLimit;
  const holder: { stack?: NodeJS.CallSite[] } = {};
  try {
    Error.stackTraceLimit = 1;
    Error.prepareStackTrace = (_error, frames) => frames;
    Error.captureStackTrace(holder, callee);
    return holder.stack?.[0]?.getFileName();
  } finally {
    Error.prepareStackTrace = savedPrepare;
    Error.stackTraceLimit = savedLimit;
  }
}

/**
 * Makes `process.platform` and `os.platform()` answer `platform` to the app and the libraries it loads, and the
 * real value to the code listed in seesRealMachine. Call once, before the app's first module loads (register.ts).
 */
export function playPlatform(platform: StandInPlatform): void {
  const real = process.platform;
  if (real !== 'linux') throw new Error(`the electron stand-in runs on Linux only, not ${real}`);
  const getPlatform = (): NodeJS.Platform => (seesRealMachine(callerFile(getPlatform)) ? real : platform);
  Object.defineProperty(process, 'platform', { get: getPlatform, enumerable: true, configurable: true });
  const osPlatform = (): NodeJS.Platform => (seesRealMachine(callerFile(osPlatform)) ? real : platform);
  Object.defineProperty(os, 'platform', { value: osPlatform, writable: true, configurable: true });
  // `import { platform } from 'node:os'` reads the ES module's own binding, which only this updates.
  syncBuiltinESMExports();
}
