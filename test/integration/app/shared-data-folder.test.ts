/**
 * The app and `ntfy-tray` share one data folder (main/core/store/data-dir.ts). The app runs on the Electron test
 * runtime as for a user, with no NTFY_TRAY_USER_DATA_DIR: it finds the folder from HOME and XDG_DATA_HOME, and the
 * real command, given the same two variables and no --data-dir, reads what the app received, and subscribes beside
 * the running app, each with deliveries and resume points of its own (main/core/store/subscriber.ts).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openConfSettingsStore } from '../../../main/core/store/settings/conf-settings-store.ts';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';
import { startCli, type CliProcess } from '../../support/cli-process.ts';
import { deliveriesCommitted } from '../../support/deliveries.ts';

const { session, cleanUpAfterTest, startServer, launchSubscribed } = registerAppTestHooks();

// A launch per test (issue 25 §11).

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

function ids(lines: readonly string[]): string[] {
  return lines.filter((line) => line !== '').map((line) => (JSON.parse(line) as { id: string }).id);
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
  it('ntfy-tray history shows what the running app received; ntfy-tray subscribe runs beside it, across a kill -9', async () => {
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

    // The same topic in the same folder while the app runs: the command prints what arrives, the app shows it too.
    const subscribe = cli(['subscribe', '--json', `${server.url}/alerts`], shellEnv);
    await subscribe.waitForStderr(/connected/);
    await server.waitForSubscribers(2, { topic: 'alerts' });
    const both = await server.publish('alerts', { message: 'disk almost full on nas-1' });
    expect(ids(await subscribe.waitForStdoutLines(1))).toEqual([both.id]);
    await waitForPageText(app, 'disk almost full on nas-1');
    // Killed once its delivery is committed; a restart beside the running app resumes where it stopped.
    await deliveriesCommitted(dataDir, both.id, 2);
    subscribe.child.kill('SIGKILL');
    await subscribe.exited();
    const whileDown = await server.publish('alerts', { message: 'published while the command was down' });
    await waitForPageText(app, 'published while the command was down');
    const restarted = cli(['subscribe', '--json', `${server.url}/alerts`], shellEnv);
    expect(ids(await restarted.waitForStdoutLines(1))).toEqual([whileDown.id]);
    const after = await server.publish('alerts', { message: 'after the restart' });
    expect(ids(await restarted.waitForStdoutLines(2))).toEqual([whileDown.id, after.id]);
    await waitForPageText(app, 'after the restart');
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited()).toBe(0);
    expect(ids(restarted.stdout().split('\n'))).toEqual([whileDown.id, after.id]);

    // The app was not disturbed: no errors, and it quits as usual.
    expect((await app.records()).errors).toEqual([]);
    expect(await app.quit()).toEqual({ code: 0, signal: null });
  });

  it('an app started while ntfy-tray subscribe runs on the folder starts, and both receive every message', async () => {
    const server = await startServer();
    const { userDataDir, shellEnv } = await userFolders();
    const subscribe = cli(['subscribe', '--json', `${server.url}/alerts`], shellEnv);
    await subscribe.waitForStderr(/connected/);
    await server.waitForSubscribers(1, { topic: 'alerts' });

    const app = await launchSubscribed(server, 'alerts', { userDataDir, userFolders: true });
    expect((await app.records()).dialogs).toEqual([]);
    const message = await server.publish('alerts', { message: 'to the app and the command' });
    await waitForPageText(app, 'to the app and the command');
    expect(ids(await subscribe.waitForStdoutLines(1))).toEqual([message.id]);
    subscribe.child.kill('SIGTERM');
    expect(await subscribe.exited()).toBe(0);
    expect(await app.quit()).toEqual({ code: 0, signal: null });
  });
});
