/**
 * The account's token must outlive ntfy's 72 h default (docs/protocol.md#accounts): the test server's tokens expire
 * by its own clock (auth.now), moved here together with the device's ManualClock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { createDevice, type Device } from './account-device.ts';

const PASSWORD = 'correct horse battery staple';
const START_MS = 1_700_000_000_000;
const HOUR_MS = 3_600_000;

let server: TestServer | undefined;
const devices: Device[] = [];

afterEach(async () => {
  for (const device of devices.splice(0)) await device.close();
  await server?.close();
  server = undefined;
});

/** A server whose token clock and one device's clock move together. */
async function setUp(
  ignoreRequestedExpiry = false,
): Promise<{ ntfy: TestServer; laptop: Device; advance: (ms: number) => void }> {
  let serverNow = START_MS;
  const ntfy = await startTestServer({
    auth: { users: [{ name: 'phil', password: PASSWORD }], now: () => serverNow, ignoreRequestedExpiry },
  });
  server = ntfy;
  const laptop = createDevice('laptop', START_MS);
  devices.push(laptop);
  const signedIn = await laptop.service.signIn({ server: ntfy.url, user: 'phil', password: PASSWORD });
  expect(signedIn).toMatchObject({ ok: true, sync: { ok: true } });
  const advance = (ms: number): void => {
    serverNow += ms;
    laptop.clock.advance(ms);
  };
  return { ntfy, laptop, advance };
}

const tokenOf = (device: Device, url: string): string => device.keychain.entries.get(`${url} token`) ?? '';

/** What a stream to the account's server meets: the status of a poll with the account's token. */
async function pollStatus(url: string, token: string): Promise<number> {
  const response = await fetch(`${url}/alerts/json?poll=1`, { headers: { Authorization: `Bearer ${token}` } });
  await response.body?.cancel();
  return response.status;
}

const patches = (ntfy: TestServer): number =>
  ntfy.requests.filter((entry) => entry.method === 'PATCH' && entry.path === '/v1/account/token').length;

describe('the account token', () => {
  it('made at sign-in never expires: syncs and streams still work 73 h later', async () => {
    const { ntfy, laptop, advance } = await setUp();
    // What sign-in made before: a token without `expires`, which the server gives 72 h.
    const created = await fetch(`${ntfy.url}/v1/account/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`phil:${PASSWORD}`).toString('base64')}` },
      body: JSON.stringify({ label: 'as before' }),
    });
    const defaultToken = ((await created.json()) as { token: string }).token;
    advance(73 * HOUR_MS);
    expect(await pollStatus(ntfy.url, defaultToken)).toBe(401);
    expect(await laptop.service.syncNow()).toMatchObject({ ok: true });
    expect(await pollStatus(ntfy.url, tokenOf(laptop, ntfy.url))).toBe(200);
    expect(patches(ntfy)).toBe(0); // the server honoured expires: 0, so there is nothing to extend
  });

  it('on a server that ignores expires: 0, is extended at the syncs, at most every 15 minutes, and lives on', async () => {
    const { ntfy, laptop, advance } = await setUp(true);
    expect(patches(ntfy)).toBe(1); // the first sync saw a 72 h token and asked again
    advance(10 * 60_000);
    await laptop.service.syncNow();
    expect(patches(ntfy)).toBe(1); // 10 minutes later: not yet
    advance(5 * 60_000);
    await laptop.service.syncNow();
    expect(patches(ntfy)).toBe(2);
    // Hourly syncs for 100 hours, well past the 72 h the token had at sign-in.
    for (let hour = 1; hour <= 100; hour++) {
      advance(HOUR_MS);
      expect(await laptop.service.syncNow()).toMatchObject({ ok: true });
    }
    expect(patches(ntfy)).toBe(102);
    expect(await pollStatus(ntfy.url, tokenOf(laptop, ntfy.url))).toBe(200);
  });

  it('with an expiry (an older version made it so) is made permanent at the next sync', async () => {
    const { ntfy, laptop, advance } = await setUp();
    const token = tokenOf(laptop, ntfy.url);
    const inAnHour = START_MS / 1000 + 3600;
    const set = await fetch(`${ntfy.url}/v1/account/token`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ expires: inAnHour }),
    });
    expect(set.status).toBe(200);
    expect(await laptop.service.syncNow()).toMatchObject({ ok: true });
    advance(100 * HOUR_MS);
    expect(await pollStatus(ntfy.url, token)).toBe(200);
    expect(await laptop.service.syncNow()).toMatchObject({ ok: true });
  });
});
