/**
 * What the sync makes of answers a real ntfy server gives when accounts are not (or no longer) in play
 * (docs/protocol.md#accounts): `GET /v1/account` as the anonymous `*` user, 404 from the account API.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../common/i18n/translate.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { createDevice, type Device } from './account-device.ts';

const PASSWORD = 'correct horse battery staple';
const ANONYMOUS =
  'the server answered as if no one were signed in (user "*"): it may no longer have accounts, or a proxy in ' +
  'front of it drops the Authorization header; the subscriptions were left as they are';

const servers: { close: () => Promise<void> }[] = [];
const devices: Device[] = [];

afterEach(async () => {
  setLocale(['en-US']);
  for (const device of devices.splice(0)) await device.close();
  for (const server of servers.splice(0)) await server.close();
});

async function startServer(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

const withAccounts = { auth: { users: [{ name: 'phil', password: PASSWORD }] } };

/** A device signed in with two synced subscriptions. */
async function signedInWithTwo(url: string): Promise<Device> {
  const laptop = createDevice('laptop');
  devices.push(laptop);
  await laptop.subscribe(url, 'alerts', 'Alerts');
  await laptop.subscribe(url, 'backups');
  expect(await laptop.service.signIn({ server: url, user: 'phil', password: PASSWORD })).toMatchObject({ ok: true });
  expect(laptop.settings.get().account?.synced).toHaveLength(2);
  return laptop;
}

/** A reverse proxy in front of `target` that drops the Authorization header, as a misconfigured one does. */
async function strippingProxy(target: string): Promise<string> {
  const proxy = http.createServer((req, res) => {
    const { authorization: _dropped, ...headers } = req.headers;
    const upstream = http.request(`${target}${req.url ?? '/'}`, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  servers.push({
    close: () =>
      new Promise((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => {
          resolve();
        });
      }),
  });
  return `http://127.0.0.1:${String((proxy.address() as AddressInfo).port)}`;
}

/**
 * Points the signed-in account (and its token) at another address for the same server: the server restarted
 * without its auth file elsewhere, or a proxy now stands in front of it.
 */
async function moveAccount(device: Device, from: string, to: string): Promise<void> {
  const account = device.settings.get().account;
  if (account === undefined) throw new Error('not signed in');
  await device.keychain.set({ server: to, kind: 'token' }, device.keychain.entries.get(`${from} token`) ?? '');
  await device.settings.update((current) => ({ ...current, account: { ...account, server: to } }));
}

describe('an anonymous answer to GET /v1/account', () => {
  it('from a server without its auth file: the sync fails with the reason and keeps every subscription', async () => {
    const ntfy = await startServer(withAccounts);
    const laptop = await signedInWithTwo(ntfy.url);
    const synced = laptop.settings.get().account?.synced;
    // Without an auth file ntfy ignores the token and answers the `*` user with no subscriptions.
    const withoutAuth = await startServer();
    await moveAccount(laptop, ntfy.url, withoutAuth.url);
    expect(await laptop.service.syncNow()).toEqual({ ok: false, reason: 'failed', message: ANONYMOUS });
    expect(laptop.topics()).toEqual(['alerts', 'backups']);
    expect(laptop.settings.get().account?.synced).toEqual(synced);
    expect(laptop.service.status()).toMatchObject({ signedIn: true, lastSync: { ok: false, message: ANONYMOUS } });
  });

  it.each(['user-only', 'role-only'] as const)(
    'that names the caller by only one of user "*" and role "anonymous" (%s): the same',
    async (anonymousAccount) => {
      const ntfy = await startServer(withAccounts);
      const laptop = await signedInWithTwo(ntfy.url);
      const synced = laptop.settings.get().account?.synced;
      await moveAccount(laptop, ntfy.url, (await startServer({ anonymousAccount })).url);
      expect(await laptop.service.syncNow()).toEqual({ ok: false, reason: 'failed', message: ANONYMOUS });
      expect(laptop.topics()).toEqual(['alerts', 'backups']);
      expect(laptop.settings.get().account?.synced).toEqual(synced);
    },
  );

  it('through a proxy that drops the Authorization header: the same, in German too', async () => {
    const ntfy = await startServer(withAccounts);
    const laptop = await signedInWithTwo(ntfy.url);
    await moveAccount(laptop, ntfy.url, await strippingProxy(ntfy.url));
    setLocale(['de-DE']);
    expect(await laptop.service.syncNow()).toEqual({
      ok: false,
      reason: 'failed',
      message:
        'der Server antwortete, als wäre niemand angemeldet (Benutzer „*“): vielleicht hat er keine Konten mehr, ' +
        'oder ein Proxy davor entfernt den Authorization-Header; die Abonnements blieben unverändert',
    });
    expect(laptop.topics()).toEqual(['alerts', 'backups']);
  });
});

describe('a server without accounts', () => {
  it('says so at sign-in (ntfy answers 404 to POST /v1/account/token), in English and German', async () => {
    const ntfy = await startServer();
    const laptop = createDevice('laptop');
    devices.push(laptop);
    const request = { server: ntfy.url, user: 'phil', password: PASSWORD };
    expect(await laptop.service.signIn(request)).toEqual({
      ok: false,
      error: 'not signed in: this server has no accounts (HTTP 404 from its account API)',
    });
    setLocale(['de-DE']);
    expect(await laptop.service.signIn(request)).toEqual({
      ok: false,
      error: 'nicht angemeldet: dieser Server hat keine Konten (HTTP 404 von seiner Konto-API)',
    });
    expect(laptop.settings.get().account).toBeUndefined();
    expect(laptop.keychain.entries.size).toBe(0);
  });
});
