/**
 * How every browser in this repository is launched: Debian's Chromium (Playwright cannot download browsers on the
 * build machines), quiet (no background traffic), and unable to resolve any host but 127.0.0.1. Shared by the
 * Playwright config and the window benchmark.
 */
import { existsSync } from 'node:fs';

/**
 * Where each OS keeps the browser the tests use, first found wins: Debian's Chromium headless shell on the build
 * machines (what Playwright itself runs headless tests in: the same engine without the desktop browser around it,
 * which took 0.44 of the full Chromium's CPU for the same 37 tests, docs/testing.md), then Debian's full Chromium,
 * then the Google Chrome that GitHub's runners have (Ubuntu's own chromium package is a snap stub there).
 */
export const CHROMIUM_CANDIDATES: Readonly<Record<'linux' | 'darwin' | 'win32', readonly string[]>> = {
  linux: ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/google-chrome'],
  darwin: ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
  win32: ['C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'],
};

/** CHROMIUM_PATH when set, else the first candidate of this OS that exists (else the first, to name it in errors). */
export function findChromium(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  exists: (file: string) => boolean = existsSync,
): string {
  const chosen = env['CHROMIUM_PATH'];
  if (chosen !== undefined && chosen !== '') return chosen;
  const candidates = CHROMIUM_CANDIDATES[platform === 'darwin' || platform === 'win32' ? platform : 'linux'];
  return candidates.find((file) => exists(file)) ?? candidates[0] ?? '';
}

export const chromiumExecutablePath = findChromium(process.platform, process.env);

export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  // Tests and benchmarks talk to 127.0.0.1 only: any other name fails to resolve inside the browser, before a packet.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
