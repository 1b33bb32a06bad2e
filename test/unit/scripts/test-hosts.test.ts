import { execFile } from 'node:child_process';
import { globSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  leftOutLines,
  playsEveryOs,
  TEST_HOST_SWITCH,
  testHost,
  type TestHost,
} from '../../../scripts/pipeline/test-hosts.ts';
import { reachableFiles } from '../../support/import-graph.ts';

/*
 * GitHub's macOS and Windows runners run `npm test` too, where the Electron test runtime refuses to start
 * (test/electron-runtime/platform.ts: it plays every OS from a Linux host). This asks Vitest which files
 * they would run on each host, through Vitest's own listing of the real config, and fails if a test that forks the
 * runtime would run anywhere but Linux, or if Linux would leave anything out.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);

/** The runtime's entry points: a test reaching either starts a process that plays an OS from this host. */
const RUNTIME_ENTRIES = ['test/electron-runtime/launch-app.ts', 'test/electron-runtime/register.ts'];

function needsLinuxHost(file: string): boolean {
  const reached = reachableFiles(root, file);
  return RUNTIME_ENTRIES.some((entry) => reached.has(entry));
}

const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');

async function vitestSelection(host: TestHost): Promise<string[]> {
  const { stdout } = await run(bin('vitest'), ['list', '--filesOnly', '--json'], {
    cwd: root,
    env: { ...process.env, [TEST_HOST_SWITCH]: host },
    maxBuffer: 16 * 1024 * 1024,
  });
  const list = JSON.parse(stdout) as { file: string; projectName: string }[];
  return list.map((entry) => `${entry.projectName}:${relative(entry.file)}`);
}

const testFiles = globSync('test/**/*.test.ts', { cwd: root }).map((file) => file.split(path.sep).join('/'));
const specFiles = globSync('test/e2e/**/*.spec.ts', { cwd: root }).map((file) => file.split(path.sep).join('/'));

describe('which tests each host runs', () => {
  it('finds the runtime behind the app tests, and not behind a unit test (the check below can fail)', () => {
    expect(needsLinuxHost('test/integration/app/messages.test.ts')).toBe(true);
    expect(needsLinuxHost('test/unit/scripts/offline-guard.test.ts')).toBe(false);
    expect(testFiles.filter(needsLinuxHost).length).toBeGreaterThan(10);
  });

  it('Linux runs every test file once (the unit tests in the `unit` project), the app tests also as macOS and Windows', async () => {
    const selected = await vitestSelection('linux');
    const asLinux = selected
      .filter((entry) => entry.startsWith('linux:') || entry.startsWith('unit:'))
      .map((entry) => entry.slice(entry.indexOf(':') + 1));

    expect(asLinux.sort()).toEqual([...testFiles].sort());
    expect(
      selected.filter((entry) => entry.startsWith('unit:')).every((entry) => entry.startsWith('unit:test/unit/')),
    ).toBe(true);
    expect(selected.some((entry) => entry.startsWith('darwin:test/integration/app/'))).toBe(true);
    expect(selected.some((entry) => entry.startsWith('win32:test/integration/app/'))).toBe(true);
  });

  for (const host of ['darwin', 'win32'] as const) {
    it(`${host} runs no test that needs the Linux host, and everything else`, async () => {
      const selected = (await vitestSelection(host)).map((entry) => entry.slice(entry.indexOf(':') + 1));
      const linuxOnly = testFiles.filter(needsLinuxHost);

      expect(selected.filter((file) => linuxOnly.includes(file))).toEqual([]);
      expect(selected.filter((file) => !testFiles.includes(file))).toEqual([]);
      // Nothing else is left out: a file outside the runtime's reach runs, or is named in test-hosts.ts.
      const leftOut = testFiles.filter((file) => !selected.includes(file) && !linuxOnly.includes(file));
      expect(leftOut.every((file) => leftOutLines(host, 'vitest').some((line) => line.includes(file)))).toBe(true);
    });
  }

  it('Playwright: no browser spec needs the Linux host, so every host runs them all', () => {
    // playwright.config.ts ignores the same globs (none of them under test/e2e); a spec that forked the runtime
    // would have to be added to scripts/pipeline/test-hosts.ts first.
    expect(specFiles.length).toBeGreaterThan(20);
    expect(specFiles.filter(needsLinuxHost)).toEqual([]);
  });

  it('selects for this machine unless the switch names a host, and refuses an unknown one', () => {
    expect(testHost('darwin', {})).toBe('darwin');
    expect(testHost('win32', {})).toBe('win32');
    expect(testHost('freebsd', {})).toBe('linux');
    expect(testHost('linux', { [TEST_HOST_SWITCH]: 'win32' })).toBe('win32');
    expect(() => testHost('linux', { [TEST_HOST_SWITCH]: 'beos' })).toThrow(/choose one of linux, darwin, win32/);
    expect(playsEveryOs('linux')).toBe(true);
    expect(playsEveryOs('darwin')).toBe(false);
  });
});
