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
  OperationChannel,
  SettingsDto,
  SubscriptionDto,
} from '../../../../common/ipc.ts';
import { type AppCore, startAppCore } from '../../../../main/core/app/app-core.ts';
import { dispatchRequest } from '../../../../main/core/bridge/dispatch.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { openConfSettingsStore, settingsFilePath } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { createRecordingNotifier } from '../../../fakes/notifier.ts';
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
  const core = startAppCore({
    settings: openConfSettingsStore({ dir, log }),
    history,
    secrets: keychain,
    notifier: createRecordingNotifier(),
    clock: new ManualClock(1_700_000_000_000),
    random: () => 0.5,
    log,
    openExternal: () => Promise.resolve(),
    copyText: () => undefined,
    openMessage: () => undefined,
    events: {
      messagesReceived: () => undefined,
      connectionsChanged: () => undefined,
      settingsChanged: (settings) => settingsEvents.push(settings),
      trayChanged: () => undefined,
      accountChanged: (status) => accountEvents.push(status),
    },
  });
  running = { server, core, keychain, dir, history, accountEvents, settingsEvents };
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

    expect(sync).toMatchObject({ ok: true, notes: [{ kind: 'added-here', entry: { topic: 'deploys' } }] });
    expect(run.settingsEvents.length).toBeGreaterThan(settingsEventsBefore);
    const list = await request<readonly SubscriptionDto[]>(run.core, 'subscriptions:list');
    expect(list.map((item) => [item.topic, item.displayName])).toEqual([['deploys', 'Deploys']]);
    expect(run.accountEvents.at(-1)).toMatchObject({ signedIn: true, lastSync: { ok: true } });
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
