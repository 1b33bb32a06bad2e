/**
 * Entries the web app stored with another spelling of the base URL (capitals, a trailing slash): the sync compares
 * them normalized, and renames and removes them under the server's own string (docs/protocol.md#accounts).
 */
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

const basic = `Basic ${Buffer.from(`phil:${PASSWORD}`).toString('base64')}`;

/** Adds an entry as the web app would, with the base URL spelled as given. */
async function addAsWebApp(url: string, baseUrl: string, topic: string, displayName?: string): Promise<void> {
  const response = await fetch(`${url}/v1/account/subscription`, {
    method: 'POST',
    headers: { Authorization: basic },
    body: JSON.stringify({ base_url: baseUrl, topic, display_name: displayName ?? null }),
  });
  expect(response.status).toBe(200);
}

async function storedEntries(url: string): Promise<unknown> {
  const response = await fetch(`${url}/v1/account`, { headers: { Authorization: basic } });
  return ((await response.json()) as { subscriptions?: unknown }).subscriptions ?? [];
}

async function signedIn(url: string): Promise<Device> {
  const laptop = createDevice('laptop');
  devices.push(laptop);
  expect(await laptop.service.signIn({ server: url, user: 'phil', password: PASSWORD })).toMatchObject({
    ok: true,
    sync: { ok: true },
  });
  return laptop;
}

describe('account entries stored with another spelling of the base URL', () => {
  it('are shown normalized, renamed in place (not duplicated) and removed for good', async () => {
    server = await startTestServer({ auth: { users: [{ name: 'phil', password: PASSWORD }] } });
    await addAsWebApp(server.url, 'https://NTFY.example.com/', 'alerts', 'Alerts');
    await addAsWebApp(server.url, 'https://ntfy.example.com/', 'backups');
    const laptop = await signedIn(server.url);
    expect(laptop.settings.get().subscriptions.map(({ server: base, topic }) => `${base} ${topic}`)).toEqual([
      'https://ntfy.example.com alerts',
      'https://ntfy.example.com backups',
    ]);

    await laptop.rename('alerts', 'Alerts from the NAS');
    expect(await laptop.service.syncNow()).toMatchObject({ ok: true, sentToServer: 1 });
    expect(await storedEntries(server.url)).toEqual([
      { base_url: 'https://NTFY.example.com/', topic: 'alerts', display_name: 'Alerts from the NAS' },
      { base_url: 'https://ntfy.example.com/', topic: 'backups', display_name: null },
    ]);

    await laptop.unsubscribe('backups');
    expect(await laptop.service.syncNow()).toMatchObject({ ok: true, sentToServer: 1 });
    expect(await storedEntries(server.url)).toEqual([
      { base_url: 'https://NTFY.example.com/', topic: 'alerts', display_name: 'Alerts from the NAS' },
    ]);
    // The next sync finds nothing to bring back.
    expect(await laptop.service.syncNow()).toMatchObject({ ok: true, notes: [], sentToServer: 0 });
    expect(laptop.topics()).toEqual(['alerts']);
  });

  it('two spellings of one subscription show once, and removing it removes both', async () => {
    server = await startTestServer({ auth: { users: [{ name: 'phil', password: PASSWORD }] } });
    await addAsWebApp(server.url, 'https://ntfy.example.com', 'alerts');
    await addAsWebApp(server.url, 'https://ntfy.example.com/', 'alerts');
    const laptop = await signedIn(server.url);
    expect(laptop.topics()).toEqual(['alerts']);
    await laptop.unsubscribe('alerts');
    expect(await laptop.service.syncNow()).toMatchObject({ ok: true, sentToServer: 2 });
    expect(await storedEntries(server.url)).toEqual([]);
    expect(await laptop.service.syncNow()).toMatchObject({ ok: true, notes: [] });
    expect(laptop.topics()).toEqual([]);
  });
});
