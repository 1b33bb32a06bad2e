/**
 * How every browser in this repository is launched: Debian's Chromium (Playwright cannot download browsers on the
 * build machines), quiet (no background traffic), and unable to resolve any host but 127.0.0.1. Shared by the
 * Playwright config and the window benchmark.
 */
export const chromiumExecutablePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

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
