/**
 * The app and `ntfy-tray` share one data folder (main/core/store/data-dir.ts). The app runs on the Electron test
 * runtime as for a user, with no NTFY_TRAY_USER_DATA_DIR: it finds the folder from HOME and XDG_DATA_HOME, and the
 * real command, given the same two variables and no --data-dir, reads what the app received. Only one subscriber
 * holds the folder at a time (main/core/store/data-dir-lock.ts), whichever starts first.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openConfSettingsStore } from '../../../main/core/store/settings/conf-settings-store.ts';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';
import { startCli, type CliProcess } from '../../support/cli-process.ts';

const { session, cleanUpAfterTest, startServer, launchSubscribed } = registerAppTestHooks();

// A launch per test (issue 25 §11): the second is a start that fails on a held data folder.

/** A user's home as the runtime lays it out (`<userDataDir>.home`), and where the data folder is inside it. */
async function userFolders() {
  const userDataDir = path.join(await session.dir(), 'user-data');
  const home = `${userDataDir}.home`;
  const dataHome = path.join(home, '.local', 'share');
  return {
    userDataDir,
    /** What the user's shell has: the command gets only these (and PATH), never --data-dir. */
    shellEnv: { HOME: home, XDG_DATA_HOME: dataHome },
    dataDir: path.join(dataHome, 'ntfy-tray'),
  };
}

function cli(args: readonly string[], env: Readonly<Record<string, string>>): CliProcess {
  const started = startCli(args, env);
  cleanUpAfterTest(async () => {
    if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGKILL');
    await started.exited();
  });
  return started;
}

describe('one data folder for the app and ntfy-tray', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('ntfy-tray history shows what the running app received; ntfy-tray subscribe refuses and names the app', async () => {
    const server = await startServer();
    const { userDataDir, shellEnv, dataDir } = await userFolders();
    const app = await launchSubscribed(server, 'alerts', { userDataDir, userFolders: true });
    await server.publish('alerts', { message: 'backup finished on nas-1' });
    await waitForPageText(app, 'backup finished on nas-1');

    // The command's settings adapter (conf) reads the file the app's (conf too) wrote, as it is: same
    // name, same schema version, nothing to migrate or reset.
    const settings = openConfSettingsStore({ dir: dataDir, log: createRecordingLogger() });
    expect(settings.loadReport).toEqual({ kind: 'loaded' });
    expect(settings.get().subscriptions).toEqual([
      expect.objectContaining({ server: server.url, topic: 'alerts' }) as unknown,
    ]);

    const history = cli(['history', '--json'], shellEnv);
    expect(await history.exited()).toBe(0);
    expect(history.stderr()).toBe('');
    const stored = history
      .stdout()
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { message: string }).message);
    expect(stored).toEqual(['backup finished on nas-1']);

    const subscribe = cli(['subscribe', `${server.url}/alerts`], shellEnv);
    // Exit 1 (EXIT.fatal), the README's documented code for a data folder another subscriber holds.
    expect(await subscribe.exited()).toBe(1);
    expect(subscribe.stderr()).toBe(
      `ntfy-tray subscribe: the ntfy Tray app is running and subscribes with ${dataDir}; \`ntfy-tray history\` ` +
        `shows what it received; quit it or give --data-dir\n`,
    );
    expect(subscribe.stdout()).toBe('');

    // The app was not disturbed: it still holds its one connection.
    expect((await app.records()).errors).toEqual([]);
    expect(await app.quit()).toEqual({ code: 0, signal: null });
  });

  it('an app started while ntfy-tray subscribe holds the folder shows an error box naming it and exits', async () => {
    const server = await startServer();
    const { userDataDir, shellEnv, dataDir } = await userFolders();
    const subscribe = cli(['subscribe', `${server.url}/alerts`], shellEnv);
    // The command connects only after taking the lock.
    await server.waitForSubscribers(1, { topic: 'alerts' });

    const app = await session.launch({ userDataDir, userFolders: true });
    expect(await app.exited).toEqual({ code: 0, signal: null });
    const records = app.finalRecords();
    expect(records?.windows).toEqual([]);
    expect(records?.dialogs).toEqual([
      {
        kind: 'error',
        title: 'ntfy Tray could not start',
        content: expect.stringContaining(
          `\`ntfy-tray subscribe\` (process ${String(subscribe.child.pid)}) is receiving messages with the data ` +
            `folder ${dataDir}`,
        ) as unknown,
      },
    ]);

    // The command kept its folder and its connection: it still prints what arrives.
    await server.publish('alerts', { message: 'still here' });
    expect((await subscribe.waitForStdoutLines(1)).join('\n')).toContain('still here');
    subscribe.child.kill('SIGTERM');
    expect(await subscribe.exited()).toBe(0);
  });
});
