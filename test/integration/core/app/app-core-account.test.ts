/**
 * The ntfy account wired into the app (issue 14 §2): the window's account operations go through the bridge
 * dispatcher into startAppCore's AccountService and reach test/server (127.0.0.1, auth on, one user) over real
 * sockets. Only a token is kept; a sync's new subscriptions reach the window the way any edit does (settingsChanged,
 * then the list); clearing the account server's credentials signs out. The clock is manual: the service's own
 * timers (start sync, periodic sync) never fire, so every sync here is one the test asked for.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  AccountSignInOutcomeDto,
  AccountStatusDto,
  AccountSyncOutcomeDto,
  BridgeResult,
  ConnectionDto,
  OperationChannel,
  SettingsDto,
  SubscriptionDto,
} from '../../../../common/ipc.ts';
import { type AppCore, startAppCore } from '../../../../main/core/app/app-core.ts';
import { dispatchRequest } from '../../../../main/core/bridge/dispatch.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { openConfSettingsStore, settingsFilePath } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { createRecordingNotifier, type RecordingNotifier } from '../../../fakes/notifier.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { createKeychainStandIn, type KeychainStandIn } from '../account/account-device.ts';

const PASSWORD = 'correct horse battery staple';

interface Running {
  readonly server: TestServer;
  readonly core: AppCore;
  readonly keychain: KeychainStandIn;
  readonly dir: string;
  readonly history: SqliteHistoryStore;
  readonly accountEvents: AccountStatusDto[];
  readonly settingsEvents: SettingsDto[];
  readonly notifier: RecordingNotifier;
  readonly connectionEvents: (readonly ConnectionDto[])[];
  /** Resolves with the first account event (from now on) that matches. */
  nextAccountEvent(matches: (status: AccountStatusDto) => boolean): Promise<AccountStatusDto>;
}

let running: Running | undefined;

async function start(): Promise<Running> {
  const server = await startTestServer({ auth: { users: [{ name: 'phil', password: PASSWORD }] } });
  const dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-app-account-'));
  const history = await SqliteHistoryStore.open({ dataDir: dir });
  const log = createRecordingLogger();
  const keychain = createKeychainStandIn();
  const accountEvents: AccountStatusDto[] = [];
  const settingsEvents: SettingsDto[] = [];
  const connectionEvents: (readonly ConnectionDto[])[] = [];
  const notifier = createRecordingNotifier();
  const waiters = new Set<(status: AccountStatusDto) => void>();
  const nextAccountEvent = (matches: (status: AccountStatusDto) => boolean): Promise<AccountStatusDto> =>
    new Promise((resolve) => {
      const waiter = (status: AccountStatusDto): void => {
        if (!matches(status)) return;
        waiters.delete(waiter);
        resolve(status);
      };
      waiters.add(waiter);
    });
  const core = startAppCore({
    settings: openConfSettingsStore({ dir, log }),
    history,
    secrets: keychain,
    notifier,
    clock: new ManualClock(1_700_000_000_000),
    random: () => 0.5,
    log,
    openExternal: () => Promise.resolve(),
    copyText: () => undefined,
    openMessage: () => undefined,
    events: {
      messagesReceived: () => undefined,
      connectionsChanged: (connections) => connectionEvents.push(connections),
      settingsChanged: (settings) => settingsEvents.push(settings),
      trayChanged: () => undefined,
      accountChanged: (status) => {
        accountEvents.push(status);
        for (const waiter of [...waiters]) waiter(status);
      },
    },
  });
  running = {
    server,
    core,
    keychain,
    dir,
    history,
    accountEvents,
    settingsEvents,
    notifier,
    connectionEvents,
    nextAccountEvent,
  };
  return running;
}

afterEach(async () => {
  if (running === undefined) return;
  const { core, history, server, dir } = running;
  running = undefined;
  await core.stop();
  await history.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** One request as the window sends it: channel and untrusted arguments through the dispatcher. */
async function request<T>(core: AppCore, channel: OperationChannel, ...args: unknown[]): Promise<T> {
  const result = (await dispatchRequest(core.service, channel, args, createRecordingLogger())) as BridgeResult<T>;
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
  return result.value;
}

async function signIn(run: Running): Promise<string> {
  const outcome = await request<AccountSignInOutcomeDto>(run.core, 'account:sign-in', {
    server: run.server.url,
    user: 'phil',
    password: PASSWORD,
  });
  expect(outcome).toMatchObject({ ok: true, sync: { ok: true } });
  return run.keychain.entries.get(`${run.server.url} token`) ?? '';
}

async function accountStatusCode(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/v1/account`, { headers: { Authorization: `Bearer ${token}` } });
  await response.body?.cancel();
  return response.status;
}

describe('the ntfy account through the bridge', () => {
  it('signing in keeps only a token, answers the status without it and tells the window', async () => {
    const run = await start();
    expect(await request<AccountStatusDto>(run.core, 'account:status')).toEqual({ signedIn: false });

    const token = await signIn(run);

    expect([...run.keychain.entries.keys()]).toEqual([`${run.server.url} token`]);
    expect(token).toMatch(/^tk_[a-z0-9]{29}$/);
    expect(await readFile(settingsFilePath(run.dir), 'utf8')).not.toContain(PASSWORD);
    const status = await request<AccountStatusDto>(run.core, 'account:status');
    expect(status).toMatchObject({ signedIn: true, server: run.server.url, user: 'phil', syncing: false });
    expect(JSON.stringify(status)).not.toContain(token);
    expect(run.accountEvents.at(-1)).toMatchObject({ signedIn: true, user: 'phil' });
    expect(JSON.stringify(run.accountEvents)).not.toContain(token);
    expect(await accountStatusCode(run.server.url, token)).toBe(200);
  });

  it('a subscription added to the account reaches the window after Sync now, as any edit does', async () => {
    const run = await start();
    const token = await signIn(run);
    const added = await fetch(`${run.server.url}/v1/account/subscription`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ base_url: run.server.url, topic: 'deploys', display_name: 'Deploys' }),
    });
    expect(added.status).toBe(200);
    await added.body?.cancel();
    const settingsEventsBefore = run.settingsEvents.length;

    const sync = await request<AccountSyncOutcomeDto>(run.core, 'account:sync');

    // The sync topic's event may have started a sync that brought it first; either way it is here now.
    expect(sync).toMatchObject({ ok: true });
    expect(run.settingsEvents.length).toBeGreaterThan(settingsEventsBefore);
    const list = await request<readonly SubscriptionDto[]>(run.core, 'subscriptions:list');
    expect(list.map((item) => [item.topic, item.displayName])).toEqual([['deploys', 'Deploys']]);
    expect(run.accountEvents.at(-1)).toMatchObject({ signedIn: true, lastSync: { ok: true } });
  });

  it('a change made elsewhere arrives through the account sync topic at once, with nothing shown or notified', async () => {
    const run = await start();
    const token = await signIn(run);
    const account = await fetch(`${run.server.url}/v1/account`, { headers: { Authorization: `Bearer ${token}` } });
    const syncTopic = ((await account.json()) as { sync_topic: string }).sync_topic;
    await run.server.waitForSubscribers(1, { topic: syncTopic });
    const arrived = run.nextAccountEvent(
      (status) =>
        status.signedIn &&
        status.lastSync?.ok === true &&
        status.lastSync.notes.some((note) => note.kind === 'added-here' && note.entry.topic === 'deploys'),
    );

    // Another device adds a subscription; the server publishes {"event":"sync"}; no clock moves, no Sync now.
    const added = await fetch(`${run.server.url}/v1/account/subscription`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ base_url: run.server.url, topic: 'deploys', display_name: 'Deploys' }),
    });
    expect(added.status).toBe(200);
    await added.body?.cancel();
    await arrived;

    const list = await request<readonly SubscriptionDto[]>(run.core, 'subscriptions:list');
    expect(list.map((item) => item.topic)).toEqual(['deploys']);
    expect(run.connectionEvents.flat().flatMap((connection) => connection.topics)).not.toContain(syncTopic);
    expect(run.history.listMessages().messages).toEqual([]);
    expect(run.notifier.shown).toEqual([]);

    // Signing out ends the listening (the subscription it brought stays, with its own stream).
    const stopped = new Promise<void>((resolve) => {
      run.server.events.on('unsubscribe', (info) => {
        if (info.topics.includes(syncTopic)) resolve();
      });
    });
    await request<unknown>(run.core, 'account:sign-out');
    await stopped;
  });

  it('clearing the credentials of the account server signs out and deletes the token on the server', async () => {
    const run = await start();
    const token = await signIn(run);

    await request<null>(run.core, 'credentials:clear', run.server.url);

    expect(await request<AccountStatusDto>(run.core, 'account:status')).toEqual({ signedIn: false });
    expect(run.keychain.entries.size).toBe(0);
    expect(await accountStatusCode(run.server.url, token)).toBe(401);
    expect(run.accountEvents.at(-1)).toEqual({ signedIn: false });
  });

  it('signing out deletes the token on the server and tells the window', async () => {
    const run = await start();
    const token = await signIn(run);

    const outcome = await request<unknown>(run.core, 'account:sign-out');

    expect(outcome).toEqual({
      ok: true,
      tokenDeletedOnServer: true,
      message: 'Signed out; the token was deleted on the server.',
    });
    expect(await accountStatusCode(run.server.url, token)).toBe(401);
    expect(run.keychain.entries.size).toBe(0);
    expect(run.accountEvents.at(-1)).toEqual({ signedIn: false });
  });
});
