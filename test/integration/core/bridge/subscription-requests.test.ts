/**
 * The subscription requests the editor and the server banners use: Test with what was typed (never stored, never
 * logged), a missing secret told apart from a wrong one, and "Retry now" reaching the engine for one server.
 * Real sockets against test/server; the keychain is the in-memory one the dev:web bridge uses.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../common/i18n/translate.ts';
import type { BridgeRequests } from '../../../../common/ipc.ts';
import { createCredentialRequests } from '../../../../main/core/bridge/credential-requests.ts';
import { setSubscriptionCredentials } from '../../../../main/core/bridge/subscription-credentials.ts';
import { dispatchRequest } from '../../../../main/core/bridge/dispatch.ts';
import {
  createSubscriptionRequests,
  type SubscriptionRequests,
} from '../../../../main/core/bridge/subscription-requests.ts';
import { checkTopicAccess } from '../../../../main/core/engine/http-requests.ts';
import type { SecretStore } from '../../../../main/core/store/secrets/secret-store.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { upsertServer } from '../../../../main/core/store/settings/edits.ts';
import type { SettingsStore } from '../../../../main/core/store/settings/settings-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { createInMemorySecretStoreForDev } from '../../../web-bridge/memory-secret-store.ts';

const PASSWORD = 'typed-secret-7c1';
let server: TestServer;
let dir: string;
let settings: SettingsStore;
let secrets: SecretStore;
let requests: SubscriptionRequests;
let reconnected: string[];
const log = createRecordingLogger();

beforeEach(async () => {
  server = await startTestServer({
    auth: {
      users: [{ name: 'alice', password: PASSWORD, access: [{ topic: 'private', permission: 'read-write' }] }],
      defaultAccess: 'deny-all',
    },
  });
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-subscription-requests-'));
  settings = openConfSettingsStore({ dir, log });
  secrets = createInMemorySecretStoreForDev();
  reconnected = [];
  const credentials = createCredentialRequests({ settings, secrets, log });
  requests = createSubscriptionRequests(
    {
      settings,
      history: { deleteSubscriptionMessages: () => 0 },
      secrets,
      connections: () => [],
      checkTopicAccess,
      newId: () => 'sub-1',
      log,
      reconnectServer: (url) => reconnected.push(url),
    },
    { setCredentials: credentials.setCredentials },
  );
});

afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** The dispatcher takes the whole service; only the subscription requests are asked here. */
function service(): BridgeRequests {
  return requests as unknown as BridgeRequests;
}

describe('Test with the typed credentials', () => {
  it('tests what was typed, not what is stored, and stores nothing', async () => {
    const topic = { server: server.url, topic: 'private' };
    expect(await requests.testSubscription(topic, { kind: 'basic', user: 'alice', password: 'wrong' })).toMatchObject({
      value: { outcome: 'wrong-credentials' },
    });
    expect(await requests.testSubscription(topic, { kind: 'basic', user: 'alice', password: PASSWORD })).toMatchObject({
      value: { outcome: 'ok' },
    });
    // Nothing is stored (the stored "none" is anonymous, which may not read it), and the secret is in no log line.
    expect(await requests.testSubscription(topic, { kind: 'stored' })).toMatchObject({
      value: { outcome: 'no-permission', detail: 'This topic may not be read without signing in.' },
    });
    expect(await secrets.get({ server: server.url, kind: 'password', user: 'alice' })).toBeUndefined();
    expect(JSON.stringify(log.entries)).not.toContain(PASSWORD);
  });

  it('goes through the dispatcher with the credentials checked like any argument', async () => {
    const typed = { kind: 'basic', user: 'alice', password: PASSWORD };
    const answer = await dispatchRequest(
      service(),
      'subscriptions:test',
      [{ server: server.url, topic: 'private' }, typed],
      log,
    );
    expect(answer).toMatchObject({ ok: true, value: { outcome: 'ok' } });
    const refused = await dispatchRequest(
      service(),
      'subscriptions:test',
      [
        { server: server.url, topic: 'private' },
        { ...typed, extra: 1 },
      ],
      log,
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
  });

  it('says the secret is missing, not that it was rejected, when the keychain does not hold it', async () => {
    await settings.update((latest) =>
      upsertServer(latest, { url: server.url, auth: { kind: 'basic', user: 'alice' } }),
    );
    expect(await requests.testSubscription({ server: server.url, topic: 'private' }, { kind: 'stored' })).toMatchObject(
      { ok: true, value: { outcome: 'missing-credentials' } },
    );
  });
});

describe("the editor's checked Save", () => {
  const address = { server: '', topic: 'private' };
  const aliceRef = () => ({ server: server.url, kind: 'password' as const, user: 'alice' });

  it('refuses wrong typed credentials: nothing saved, no secret in the keychain', async () => {
    const wrong = { kind: 'basic' as const, user: 'alice', password: 'wrong-7c1' };
    expect(
      await requests.saveCheckedSubscription({ ...address, server: server.url }, wrong, { saveAnyway: false }),
    ).toEqual({
      ok: true,
      value: { outcome: 'not-saved', check: { outcome: 'wrong-credentials', detail: expect.any(String) as string } },
    });
    expect(settings.get().subscriptions).toEqual([]);
    expect(settings.get().servers.find((item) => item.url === server.url)?.auth ?? { kind: 'none' }).toEqual({
      kind: 'none',
    });
    expect(await secrets.get(aliceRef())).toBeUndefined();
    expect(JSON.stringify(log.entries)).not.toContain('wrong-7c1');
  });

  it('refuses a new protected topic without credentials, and saves it with the right ones and their secret', async () => {
    const topic = { ...address, server: server.url };
    expect(await requests.saveCheckedSubscription(topic, { kind: 'stored' }, { saveAnyway: false })).toMatchObject({
      value: { outcome: 'not-saved', check: { outcome: 'no-permission' } },
    });
    expect(settings.get().subscriptions).toEqual([]);
    const right = { kind: 'basic' as const, user: 'alice', password: PASSWORD };
    expect(await requests.saveCheckedSubscription(topic, right, { saveAnyway: false })).toMatchObject({
      value: {
        outcome: 'saved',
        subscription: { topic: 'private', auth: 'basic', user: 'alice', hasCredentials: true },
      },
    });
    expect(await secrets.get(aliceRef())).toBe(PASSWORD);
  });

  it('with typed credentials and the server down: not saved, unless "save anyway"', async () => {
    const down = server.url;
    await server.close();
    const right = { kind: 'basic' as const, user: 'alice', password: PASSWORD };
    const topic = { ...address, server: down };
    expect(await requests.saveCheckedSubscription(topic, right, { saveAnyway: false })).toMatchObject({
      value: {
        outcome: 'not-saved',
        check: { outcome: 'unreachable', trouble: { kind: 'network', failure: 'refused' } },
      },
    });
    expect(await secrets.get({ ...aliceRef(), server: down })).toBeUndefined();
    expect(await requests.saveCheckedSubscription(topic, right, { saveAnyway: true })).toMatchObject({
      value: { outcome: 'saved', subscription: { auth: 'basic', hasCredentials: true } },
    });
    expect(await secrets.get({ ...aliceRef(), server: down })).toBe(PASSWORD);
    server = await startTestServer();
  });

  it('saves a subscription without credentials to a server that is down (its connection keeps trying)', async () => {
    const down = server.url;
    await server.close();
    expect(
      await requests.saveCheckedSubscription({ ...address, server: down }, { kind: 'stored' }, { saveAnyway: false }),
    ).toMatchObject({ value: { outcome: 'saved' } });
    server = await startTestServer();
  });

  it('does not ask the server again for an edit that keeps the address and types no credentials', async () => {
    expect(await requests.saveSubscription({ server: server.url, topic: 'private' })).toMatchObject({ ok: true });
    expect(
      await requests.saveCheckedSubscription(
        { server: server.url, topic: 'private', id: 'sub-1', muted: true },
        { kind: 'stored' },
        { saveAnyway: false },
      ),
    ).toMatchObject({ value: { outcome: 'saved', subscription: { muted: true } } });
  });

  it('says what is wrong with the input before asking the server', async () => {
    expect(
      await requests.saveCheckedSubscription(
        { server: server.url, topic: 'bad topic' },
        { kind: 'stored' },
        {
          saveAnyway: false,
        },
      ),
    ).toMatchObject({
      ok: false,
      error: { code: 'validation-failed', fields: { topic: expect.any(String) as string } },
    });
  });
});

describe('Retry now', () => {
  it("reconnects that server's connections (normalized URL) and refuses what is not a server", async () => {
    expect(await requests.reconnectServer(`${server.url}/`)).toEqual({ ok: true, value: null });
    expect(reconnected).toEqual([server.url]);
    expect(await requests.reconnectServer('not a url')).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
    expect(reconnected).toHaveLength(1);
  });
});

describe('a subscription command', () => {
  it('is saved through the dispatcher, kept when absent from an edit, removed by an empty one, and refused blank inside', async () => {
    const save = (input: Record<string, unknown>) => dispatchRequest(service(), 'subscriptions:save', [input], log);
    const address = { server: server.url, topic: 'alerts' };
    expect(await save({ ...address, command: 'notify-send "$t" "$m"' })).toMatchObject({
      ok: true,
      value: { id: 'sub-1', command: 'notify-send "$t" "$m"' },
    });
    expect(settings.get().subscriptions[0]?.command).toBe('notify-send "$t" "$m"');
    expect(await save({ ...address, id: 'sub-1', muted: true })).toMatchObject({
      value: { command: 'notify-send "$t" "$m"' },
    });
    const cleared = await requests.saveSubscription({ ...address, id: 'sub-1', command: '' });
    expect(cleared.ok && 'command' in cleared.value).toBe(false);
    expect(settings.get().subscriptions[0]?.command).toBeUndefined();
    expect(await save({ ...address, id: 'sub-1', command: 'a\u0000b' })).toMatchObject({
      ok: false,
      error: { fields: { command: 'cannot contain the character U+0000' } },
    });
  });
});

describe('Test in German', () => {
  afterEach(() => {
    setLocale(['en-US']);
  });

  it('words each answer of the server in German, the outcome codes unchanged', async () => {
    setLocale(['de-DE']);
    const topic = { server: server.url, topic: 'private' };
    expect(await requests.testSubscription(topic, { kind: 'basic', user: 'alice', password: 'wrong' })).toEqual({
      ok: true,
      value: { outcome: 'wrong-credentials', detail: 'Prüfen Sie Benutzername und Passwort oder das Token.' },
    });
    expect(await requests.testSubscription(topic, { kind: 'basic', user: 'alice', password: PASSWORD })).toEqual({
      ok: true,
      value: { outcome: 'ok', detail: 'Der Server nimmt dieses Abonnement an.' },
    });
    expect(await requests.testSubscription(topic, { kind: 'stored' })).toEqual({
      ok: true,
      value: { outcome: 'no-permission', detail: 'Ohne Anmeldung darf dieses Thema nicht gelesen werden.' },
    });
    // alice may not read 'elsewhere' (deny-all): her credentials are named.
    const elsewhere = { server: server.url, topic: 'elsewhere' };
    expect(await requests.testSubscription(elsewhere, { kind: 'basic', user: 'alice', password: PASSWORD })).toEqual({
      ok: true,
      value: { outcome: 'no-permission', detail: 'Mit diesen Zugangsdaten darf dieses Thema nicht gelesen werden.' },
    });
  });
});

describe("a subscription's own credentials (a client.yml entry's)", () => {
  it('stay through an edit, show in its DTO, and leave the keychain with the subscription', async () => {
    const saved = await requests.saveSubscription({ server: server.url, topic: 'private' });
    if (!saved.ok) throw new Error(saved.error.message);
    const own = { kind: 'basic', user: 'alice', password: PASSWORD } as const;
    expect(await setSubscriptionCredentials({ settings, secrets }, saved.value, own)).toBe(true);
    const ref = { server: server.url, kind: 'password', user: 'alice', subscription: saved.value.id } as const;
    expect(await secrets.get(ref)).toBe(PASSWORD);

    const edited = await requests.saveSubscription({
      id: saved.value.id,
      server: server.url,
      topic: 'private',
      displayName: 'Mine',
    });
    expect(edited.ok && edited.value).toMatchObject({
      auth: 'none',
      ownCredentials: { auth: 'basic', user: 'alice', hasSecret: true },
    });
    expect(settings.get().subscriptions[0]?.auth).toEqual({ kind: 'basic', user: 'alice' });

    expect((await requests.removeSubscription(saved.value.id, { deleteHistory: false })).ok).toBe(true);
    expect(await secrets.get(ref)).toBeUndefined();
  });
});
