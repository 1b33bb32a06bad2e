/**
 * Counts the expensive starts of a test run by kind (a CLI process, an app launch on the Electron test runtime, a
 * build of dist/), to find where the suite's time goes (docs/testing.md, "Where the time goes"). Off unless
 * NTFY_TRAY_TEST_TALLY names a file; then each start appends `<kind>\t<test file>` to it.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

export const TALLY_SWITCH = 'NTFY_TRAY_TEST_TALLY';

export type StartKind = 'cli-process' | 'app-launch' | 'build';

export function tallyStart(kind: StartKind): void {
  const file = process.env[TALLY_SWITCH];
  if (file === undefined || file === '') return;
  const testFile = expect.getState().testPath ?? '(outside a test)';
  appendFileSync(file, `${kind}\t${path.relative(process.cwd(), testFile)}\n`);
}
