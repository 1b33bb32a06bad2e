/**
 * The real command on a data folder another subscriber holds (main/core/store/data-dir-lock.ts). This test process
 * takes the lock in the holder's name, so the command meets it exactly as it would meet the running app.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, type DataDirHolderKind } from '../../../main/core/store/data-dir-lock.ts';
import { startCli } from '../../support/cli-process.ts';

const cleanUps: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

/** A user whose data folder (the default one: no --data-dir) is held by `kind`. */
async function heldBy(kind: DataDirHolderKind) {
  const home = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-holder-'));
  const dataHome = path.join(home, '.local', 'share');
  const dataDir = path.join(dataHome, 'ntfy-tray');
  const lock = lockDataDir({ dataDir, kind, pid: process.pid });
  if (!lock.ok) throw new Error(`could not take the lock: ${JSON.stringify(lock)}`);
  cleanUps.push(async () => {
    lock.release();
    await rm(home, { recursive: true, force: true });
  });
  return { dataDir, env: { HOME: home, XDG_DATA_HOME: dataHome } };
}

async function run(args: readonly string[], env: Readonly<Record<string, string>>) {
  const cli = startCli(args, env);
  const code = await cli.exited();
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}

describe('ntfy-tray on a data folder the app holds', () => {
  it('subscribe refuses with exit 1, names the app and points to history', async () => {
    const { dataDir, env } = await heldBy('app');
    // Refused before it connects: the server is never asked (nothing listens on this port).
    expect(await run(['subscribe', 'http://127.0.0.1:9/alerts'], env)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `ntfy-tray subscribe: the ntfy Tray app is running and subscribes with ${dataDir}; \`ntfy-tray history\` ` +
        `shows what it received; quit it or give --data-dir\n`,
    });
  });

  it.each([
    ['login', ['login', 'http://127.0.0.1:9', '--token']],
    ['logout', ['logout', 'http://127.0.0.1:9']],
  ])('%s refuses with exit 1: the app would write over the settings it changes', async (_name, args) => {
    const { dataDir, env } = await heldBy('app');
    expect(await run(args, { ...env, NTFY_TOKEN: 'tk_not_stored' })).toEqual({
      code: 1,
      stdout: '',
      stderr: `ntfy-tray: the ntfy Tray app is running with ${dataDir} and would write over this change; quit it first\n`,
    });
  });

  it('subscribe says which other subscribe holds the folder', async () => {
    const { dataDir, env } = await heldBy('subscribe');
    const { code, stderr } = await run(['subscribe', 'http://127.0.0.1:9/alerts'], env);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `another ntfy-tray subscribe is already using the data dir ${dataDir} (pid ${String(process.pid)})`,
    );
  });
});
