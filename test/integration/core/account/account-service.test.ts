import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { createDevice, type Device } from './account-device.ts';

const PASSWORD = 'correct horse battery staple';

let server: TestServer | undefined;
const devices: Device[] = [];

afterEach(async () => {
  for (const device of devices.splice(0)) await device.close();
  await server?.close();
  server = undefined;
});

async function startServer(): Promise<TestServer> {
  server = await startTestServer({ auth: { users: [{ name: 'phil', password: PASSWORD }] } });
  return server;
}

function device(name: string): Device {
  const created = createDevice(name);
  devices.push(created);
  return created;
}

async function signedIn(name: string, url: string): Promise<Device> {
  const created = device(name);
  const result = await created.service.signIn({ server: url, user: 'phil', password: PASSWORD });
  expect(result).toMatchObject({ ok: true, sync: { ok: true } });
  return created;
}

const account = async (url: string, token: string): Promise<{ status: number; body: Record<string, unknown> }> => {
  const response = await fetch(`${url}/v1/account`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('AccountService sign-in and sign-out', () => {
  it('sign in keeps only a token: one keychain entry, no password anywhere, the server uses token auth', async () => {
    const { url } = await startServer();
    const laptop = await signedIn('laptop', url);
    expect([...laptop.keychain.entries.keys()]).toEqual([`${url} token`]);
    const token = laptop.keychain.entries.get(`${url} token`) ?? '';
    expect(token).toMatch(/^tk_[a-z0-9]{29}$/);
    expect([...laptop.keychain.entries.values()]).not.toContain(PASSWORD);
    expect(laptop.settingsText()).not.toContain(PASSWORD);
    expect(laptop.settings.get().servers).toEqual([{ url, auth: { kind: 'token' } }]);
    expect(laptop.service.status()).toMatchObject({ signedIn: true, server: url, user: 'phil' });
    expect((await account(url, token)).body).toMatchObject({ username: 'phil' });
  });

  it('a wrong password signs nobody in and stores nothing', async () => {
    const { url } = await startServer();
    const laptop = device('laptop');
    const result = await laptop.service.signIn({ server: url, user: 'phil', password: 'wrong' });
    expect(result).toEqual({
      ok: false,
      error: 'not signed in: credentials not accepted; check the user name and password',
    });
    expect(laptop.keychain.entries.size).toBe(0);
    expect(laptop.settings.get().account).toBeUndefined();
    expect(laptop.service.status()).toEqual({ signedIn: false });
  });

  it('sign out deletes the token on the server, then here', async () => {
    const { url } = await startServer();
    const laptop = await signedIn('laptop', url);
    const token = laptop.keychain.entries.get(`${url} token`) ?? '';
    const result = await laptop.service.signOut();
    expect(result).toEqual({
      ok: true,
      tokenDeletedOnServer: true,
      message: 'Signed out; the token was deleted on the server.',
    });
    expect((await account(url, token)).status).toBe(401);
    expect(laptop.keychain.entries.size).toBe(0);
    expect(laptop.settings.get().account).toBeUndefined();
    expect(laptop.settings.get().servers).toEqual([{ url, auth: { kind: 'none' } }]);
  });

  it('sign out with the server unreachable still removes the local token and says so', async () => {
    const started = await startServer();
    const laptop = await signedIn('laptop', started.url);
    await started.close();
    server = undefined;
    const result = await laptop.service.signOut();
    expect(result).toMatchObject({ ok: true, tokenDeletedOnServer: false });
    expect(result.ok && result.message).toMatch(
      /^Signed out; the token could not be deleted on the server \(can't reach 127\.0\.0\.1:\d+: connection (refused|reset)\)\.$/,
    );
    expect(laptop.keychain.entries.size).toBe(0);
    expect(laptop.settings.get().account).toBeUndefined();
  });
});

describe('AccountService sync between two devices', () => {
  it('adds, renames and removals on either device reach the other through the server', async () => {
    const { url } = await startServer();
    const laptop = device('laptop');
    await laptop.subscribe(url, 'backups', 'Backups');
    await laptop.service.signIn({ server: url, user: 'phil', password: PASSWORD });
    const desktop = device('desktop');
    await desktop.subscribe(url, 'alerts');
    await desktop.service.signIn({ server: url, user: 'phil', password: PASSWORD });
    // The desktop's first sync brought 'backups' and sent 'alerts'; the laptop gets 'alerts' at its next sync.
    expect(desktop.topics()).toEqual(['alerts', 'backups']);
    expect((await laptop.service.syncNow()).ok).toBe(true);
    expect(laptop.topics()).toEqual(['alerts', 'backups']);
    expect(desktop.names()).toEqual({ alerts: undefined, backups: 'Backups' });

    await laptop.rename('alerts', 'Alerts from the NAS');
    await laptop.service.syncNow();
    const desktopSync = await desktop.service.syncNow();
    expect(desktop.names()['alerts']).toBe('Alerts from the NAS');
    expect(desktopSync).toMatchObject({ ok: true, notes: [{ kind: 'renamed-here' }] });

    await desktop.unsubscribe('backups');
    await desktop.service.syncNow();
    const laptopSync = await laptop.service.syncNow();
    expect(laptop.topics()).toEqual(['alerts']);
    expect(laptopSync).toMatchObject({ ok: true, notes: [{ kind: 'removed-here', entry: { topic: 'backups' } }] });
    const token = laptop.keychain.entries.get(`${url} token`) ?? '';
    expect((await account(url, token)).body['subscriptions']).toEqual([
      { base_url: url, topic: 'alerts', display_name: 'Alerts from the NAS' },
    ]);
  });

  it('a subscription renamed here but removed on the other device is kept and put back on the server', async () => {
    const { url } = await startServer();
    const laptop = device('laptop');
    await laptop.subscribe(url, 'alerts');
    await laptop.service.signIn({ server: url, user: 'phil', password: PASSWORD });
    const desktop = await signedIn('desktop', url);
    await desktop.unsubscribe('alerts');
    await desktop.service.syncNow();
    await laptop.rename('alerts', 'Still wanted');
    const result = await laptop.service.syncNow();
    expect(result).toMatchObject({ ok: true, notes: [{ kind: 'kept-removed-on-server' }] });
    expect(laptop.names()).toEqual({ alerts: 'Still wanted' });
    await desktop.service.syncNow();
    expect(desktop.names()).toEqual({ alerts: 'Still wanted' });
  });

  it('syncs at start, shortly after a local change and every five minutes, on the injected clock', async () => {
    const { url } = await startServer();
    const laptop = await signedIn('laptop', url);
    const desktop = await signedIn('desktop', url);
    desktop.service.start();
    const atStart = desktop.nextSync();
    desktop.clock.advance(0);
    expect((await atStart).ok).toBe(true);

    // A local change: synced 2 s later, not before.
    await desktop.subscribe(url, 'mine');
    const afterChange = desktop.nextSync();
    desktop.clock.advance(1_999);
    expect(desktop.service.status()).toMatchObject({ syncing: false });
    desktop.clock.advance(1);
    expect((await afterChange).ok).toBe(true);
    await laptop.service.syncNow();
    expect(laptop.topics()).toEqual(['mine']);

    // Another device's change arrives with the periodic sync.
    await laptop.subscribe(url, 'theirs');
    await laptop.service.syncNow();
    const periodic = desktop.nextSync();
    desktop.clock.advance(5 * 60_000);
    expect(await periodic).toMatchObject({ ok: true, notes: [{ kind: 'added-here', entry: { topic: 'theirs' } }] });
    expect(desktop.topics()).toEqual(['mine', 'theirs']);
  });

  it('exposes the account’s reservations and limits for the window after a sync', async () => {
    server = await startTestServer({
      auth: {
        users: [{ name: 'phil', password: PASSWORD, access: [{ topic: 'mine', permission: 'read-write' }] }],
        everyone: [{ topic: 'mine', permission: 'read-only' }],
      },
    });
    const laptop = await signedIn('laptop', server.url);
    expect(laptop.service.status()).toMatchObject({
      reservations: [{ topic: 'mine', everyone: 'read-only' }],
      limits: { basis: 'ip', messages: 17280, reservations: 1 },
    });
  });
});

describe('AccountService dispose', () => {
  it('waits for a sync that is running, so its last write lands before the app closes the settings', async () => {
    const ntfy = await startServer();
    const laptop = await signedIn('laptop', ntfy.url);
    ntfy.faults.stall(); // every request is held until unstall: the sync below cannot finish on its own
    const order: string[] = [];
    const sync = laptop.service.syncNow().then((result) => {
      order.push('sync');
      return result;
    });
    await ntfy.waitForRequest((entry) => entry.path === '/v1/account');
    const disposing = laptop.service.dispose().then(() => {
      order.push('disposed');
    });
    // Whatever the machine's speed: nothing can settle while the server holds the sync's request.
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);

    ntfy.faults.unstall();
    await disposing;
    expect(order).toEqual(['sync', 'disposed']);
    expect(await sync).toMatchObject({ ok: true });
  });
});
