/**
 * The real command on a data folder the app holds (main/core/store/data-dir-lock.ts). This test process takes the
 * lock in the app's name, so the command meets it exactly as it would meet the running app: `subscribe` runs beside
 * it (main/core/store/subscriber.ts), `login` and `logout` refuse.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, readDataDirHolder, type DataDirHolderKind } from '../../../main/core/store/data-dir-lock.ts';
import { startTestServer } from '../../server/index.ts';
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
  it('subscribe runs beside the app: it prints every message, and the app keeps the folder', async () => {
    const { dataDir, env } = await heldBy('app');
    const server = await startTestServer();
    cleanUps.push(() => server.close());
    const subscribe = startCli(['subscribe', '--json', `${server.url}/alerts`], env);
    cleanUps.push(async () => {
      subscribe.child.kill('SIGKILL');
      await subscribe.exited();
    });
    await subscribe.waitForStderr(/connected/);
    const message = await server.publish('alerts', 'while the app runs');
    const [line] = await subscribe.waitForStdoutLines(1);
    expect((JSON.parse(line ?? '{}') as { id: string }).id).toBe(message.id);
    subscribe.child.kill('SIGTERM');
    expect(await subscribe.exited()).toBe(0);
    // It took no part of the app's lock: the side file still names the app.
    expect(readDataDirHolder(dataDir)).toEqual({ kind: 'app', pid: process.pid });
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
});
