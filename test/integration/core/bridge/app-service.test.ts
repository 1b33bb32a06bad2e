import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OperationChannel } from '../../../../common/ipc.ts';
import { serverUrlWithCredentials } from '../../../../common/server-url.ts';
import { createPause } from '../../../../main/core/app/pause.ts';
import { type AppRequests, createAppService } from '../../../../main/core/bridge/app-service.ts';
import { dispatchRequest } from '../../../../main/core/bridge/dispatch.ts';
import { runHttpAction } from '../../../../main/core/delivery/http-action.ts';
import { checkTopicAccess } from '../../../../main/core/engine/http-requests.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import type { SecretStore } from '../../../../main/core/store/secrets/secret-store.ts';
import { importSubscriptions } from '../../../../renderer/settings/import-subscriptions.ts';
import { parseSubscriptionsJson } from '../../../../renderer/settings/subscriptions-json-import.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { skipKeychainTests, testKeychain, testService } from '../../../support/keyring.ts';
import { makeMessage } from '../../../support/messages.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';

const PASSWORD = 'app-service-secret-4711';
let server: TestServer;
let dir: string;
let history: SqliteHistoryStore;
let service: AppRequests;
let secrets: SecretStore;
let opened: string[];
let copied: string[];
/** URLs the service asked to fetch as images; the real cache is exercised by test/e2e/history-core.spec.ts. */
let imageRequests: string[];
const now = 1_700_000_000_000;
const log = createRecordingLogger();

beforeEach(async () => {
  server = await startTestServer({
    auth: {
      users: [{ name: 'alice', password: PASSWORD, access: [{ topic: 'private', permission: 'read-write' }] }],
      everyone: [{ topic: 'public', permission: 'read-write' }],
      defaultAccess: 'deny-all',
    },
  });
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-app-service-'));
  history = await SqliteHistoryStore.open({ dataDir: dir });
  secrets = testKeychain(log, testService());
  opened = [];
  copied = [];
  imageRequests = [];
  service = createAppService({
    settings: openConfSettingsStore({ dir, log }),
    history,
    secrets,
    connections: () => [],
    checkTopicAccess,
    pause: createPause({ clock: { now: () => now }, onChange: () => undefined }),
    openExternal: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
    copyText: (text) => copied.push(text),
    runHttpAction: (action, options) => runHttpAction(action, options),
    readImage: (url) => {
      imageRequests.push(url);
      return Promise.resolve(
        url.endsWith('.png') ? { type: 'image/png', bytes: Uint8Array.of(137, 80, 78, 71) } : undefined,
      );
    },
    newId: () => randomUUID(),
    now: () => now,
    log,
  });
});

afterEach(async () => {
  await history.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('subscriptions', () => {
  it('saves, lists, refuses duplicates and bad input with field messages, and removes', async () => {
    const saved = await service.saveSubscription({
      server: `${server.url}/`,
      topic: 'public',
      displayName: ' Public ',
    });
    expect(saved).toMatchObject({
      ok: true,
      value: { server: server.url, topic: 'public', displayName: 'Public', transport: 'json', hasCredentials: false },
    });
    expect(await service.saveSubscription({ server: server.url, topic: 'public' })).toMatchObject({
      ok: false,
      error: { code: 'already-subscribed', fields: { topic: 'is already subscribed on this server' } },
    });
    expect(await service.saveSubscription({ server: 'ftp://x', topic: 'a' })).toMatchObject({
      ok: false,
      error: { fields: { server: 'must be an http or https URL' } },
    });
    // A user and password in the URL would otherwise be dropped without a word (they belong in the keychain).
    const withCredentials = new URL(server.url);
    withCredentials.username = 'alice';
    withCredentials.password = 'secret';
    expect(await service.saveSubscription({ server: withCredentials.href, topic: 'other' })).toMatchObject({
      ok: false,
      error: { code: 'validation-failed', fields: { server: serverUrlWithCredentials().message } },
    });
    expect(await service.saveSubscription({ server: server.url, topic: 'bad topic' })).toMatchObject({
      ok: false,
      error: { fields: { topic: 'must be 1-64 characters of A-Z a-z 0-9 _ -' } },
    });
    const list = await service.listSubscriptions();
    expect(list.ok && list.value.map((s) => s.topic)).toEqual(['public']);
    if (!saved.ok) return;
    expect(await service.removeSubscription(saved.value.id, { deleteHistory: false })).toEqual({
      ok: true,
      value: null,
    });
    expect(await service.removeSubscription(saved.value.id, { deleteHistory: false })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });
});

describe('the window importing a subscriptions file (renderer/settings/import-subscriptions.ts)', () => {
  it('counts a subscription the core already has as skipped, not failed, and imports the rest', async () => {
    expect(await service.saveSubscription({ server: server.url, topic: 'public' })).toMatchObject({ ok: true });
    const parsed = parseSubscriptionsJson(
      JSON.stringify({
        format: 'ntfy-tray-subscriptions',
        version: 1,
        subscriptions: [
          { server: `${server.url}/`, topic: 'public' },
          { server: server.url, topic: 'other' },
        ],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error);

    const report = await importSubscriptions(service, parsed.plan);

    expect(report).toMatchObject({ imported: 1, skipped: 1, failures: [] });
  });
});

describe.skipIf(skipKeychainTests)('credentials and the test button (real keychain)', () => {
  it('stores credentials write-only, reports hasCredentials, and tests access', async () => {
    await service.saveSubscription({ server: server.url, topic: 'private' });
    expect((await service.testSubscription({ server: server.url, topic: 'private' }, { kind: 'stored' })).ok).toBe(
      true,
    );
    expect(await service.testSubscription({ server: server.url, topic: 'private' }, { kind: 'stored' })).toMatchObject({
      value: { outcome: 'no-permission' },
    });

    expect(
      await service.setCredentials({ server: server.url, kind: 'basic', user: 'alice', password: 'wrong' }),
    ).toEqual({ ok: true, value: null });
    expect(await service.testSubscription({ server: server.url, topic: 'private' }, { kind: 'stored' })).toMatchObject({
      value: { outcome: 'wrong-credentials' },
    });

    await service.setCredentials({ server: server.url, kind: 'basic', user: 'alice', password: PASSWORD });
    expect(await service.testSubscription({ server: server.url, topic: 'private' }, { kind: 'stored' })).toMatchObject({
      value: { outcome: 'ok' },
    });
    const list = await service.listSubscriptions();
    expect(list.ok && list.value[0]).toMatchObject({ auth: 'basic', user: 'alice', hasCredentials: true });
    // The secret never comes back through the service, nor sits in the data dir.
    expect(JSON.stringify(list)).not.toContain(PASSWORD);
    for (const file of await readdir(dir)) {
      expect(await readFile(path.join(dir, file)).then((b) => b.includes(PASSWORD))).toBe(false);
    }

    expect(await service.clearCredentials(server.url)).toEqual({ ok: true, value: null });
    const cleared = await service.listSubscriptions();
    expect(cleared.ok && cleared.value[0]).toMatchObject({ auth: 'none', hasCredentials: false });
  });

  it('removes the secret of credentials that other credentials replaced', async () => {
    await service.setCredentials({ server: server.url, kind: 'basic', user: 'bob', password: 'bobs-secret-1' });
    const bob = { server: server.url, kind: 'password' as const, user: 'bob' };
    expect(await secrets.get(bob)).toBe('bobs-secret-1');

    await service.setCredentials({ server: server.url, kind: 'basic', user: 'alice', password: PASSWORD });
    expect(await secrets.get(bob)).toBeUndefined();
    const alice = { server: server.url, kind: 'password' as const, user: 'alice' };
    expect(await secrets.get(alice)).toBe(PASSWORD);

    await service.setCredentials({ server: server.url, kind: 'token', token: 'tk_replacement' });
    expect(await secrets.get(alice)).toBeUndefined();
    expect(await secrets.get({ server: server.url, kind: 'token' })).toBe('tk_replacement');
    await service.clearCredentials(server.url);
    expect(await secrets.get({ server: server.url, kind: 'token' })).toBeUndefined();
  });

  it('says unreachable when the server is down', async () => {
    await server.close();
    expect(await service.testSubscription({ server: server.url, topic: 'public' }, { kind: 'stored' })).toMatchObject({
      value: { outcome: 'unreachable' },
    });
    server = await startTestServer();
  });
});

describe('history, actions and links', () => {
  async function store(): Promise<void> {
    await history.append({
      server: server.url,
      changes: [],
      messages: [
        makeMessage({
          id: 'aaaaaaaaaaa1',
          topic: 'public',
          title: 'Deploy done',
          actions: [
            { id: '1', action: 'view', label: 'Open', clear: false, url: 'https://example.com/deploy' },
            { id: '2', action: 'copy', label: 'Copy', clear: false, value: 'v1.2.3' },
            { id: '3', action: 'view', label: 'Evil', clear: false, url: 'javascript:alert(1)' },
            { id: '4', action: 'http', label: 'Ack', clear: false, url: `${server.url}/public`, body: 'ack' },
          ],
        }),
      ],
    });
  }

  it('lists, searches, marks read and deletes', async () => {
    await store();
    const page = await service.listMessages({});
    expect(page.ok && page.value.messages.map((m) => [m.id, m.title, m.read])).toEqual([
      ['aaaaaaaaaaa1', 'Deploy done', false],
    ]);
    const hits = await service.searchMessages({ text: 'deploy' });
    expect(hits.ok && hits.value[0]?.titleSegments).toEqual([
      { text: 'Deploy', match: true },
      { text: ' done', match: false },
    ]);
    expect(await service.unreadCounts()).toEqual({
      ok: true,
      value: [{ server: server.url, topic: 'public', unread: 1 }],
    });
    await service.markRead({ server: server.url, id: 'aaaaaaaaaaa1' }, true);
    expect(await service.unreadCounts()).toEqual({ ok: true, value: [] }); // only subscriptions with unread messages
    expect(await service.deleteMessage({ server: server.url, id: 'aaaaaaaaaaa1' })).toEqual({ ok: true, value: null });
    expect(await service.deleteMessage({ server: server.url, id: 'aaaaaaaaaaa1' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('runs message actions through the allowlist and refuses unsafe links', async () => {
    await store();
    const ref = { server: server.url, id: 'aaaaaaaaaaa1' };
    expect(await service.runAction(ref, 0, { confirmedInternal: false })).toEqual({
      ok: true,
      value: { kind: 'opened', url: 'https://example.com/deploy' },
    });
    expect(await service.runAction(ref, 1, { confirmedInternal: false })).toEqual({
      ok: true,
      value: { kind: 'copied' },
    });
    expect(await service.runAction(ref, 2, { confirmedInternal: false })).toMatchObject({
      ok: false,
      error: { code: 'refused-url' },
    });
    expect(await service.runAction(ref, 3, { confirmedInternal: false })).toMatchObject({
      ok: true,
      value: { kind: 'http', ok: true, status: 200 },
    });
    expect(await service.runAction(ref, 9, { confirmedInternal: false })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(opened).toEqual(['https://example.com/deploy']);
    expect(copied).toEqual(['v1.2.3']);
    expect(await service.openLink('file:///etc/passwd')).toMatchObject({ ok: false, error: { code: 'refused-url' } });
    expect(await service.openLink('https://example.com/x')).toEqual({ ok: true, value: null });
  });
});

describe('attachment previews', () => {
  const attachments = {
    png: { name: 'chart.png', url: 'https://files.example/chart.png', type: 'image/png' },
    untyped: { name: 'shot.png', url: 'https://files.example/shot.png' },
    pdf: { name: 'report.pdf', url: 'https://files.example/report.pdf', type: 'application/pdf' },
    expired: { name: 'old.png', url: 'https://files.example/old.png', type: 'image/png', expires: now / 1000 - 1 },
    unfetchable: { name: 'gone.gif', url: 'https://files.example/gone.gif', type: 'image/gif' },
  };

  it('fetches images only, not expired ones, and answers null when it cannot', async () => {
    await history.append({
      server: server.url,
      changes: [],
      messages: [
        ...Object.entries(attachments).map(([id, attachment]) =>
          makeMessage({ id: id.padEnd(12, '0'), topic: 'public', attachment }),
        ),
        makeMessage({ id: 'noattachment', topic: 'public' }),
      ],
    });
    const preview = (id: string) => service.attachmentPreview({ server: server.url, id: id.padEnd(12, '0') });

    expect(await preview('png')).toEqual({ ok: true, value: { dataUrl: 'data:image/png;base64,iVBORw==', bytes: 4 } });
    // No declared type (attachments by URL): the cache checks the content type it receives.
    expect(await preview('untyped')).toMatchObject({ ok: true, value: { bytes: 4 } });
    expect(await preview('pdf')).toEqual({ ok: true, value: null });
    expect(await preview('expired')).toEqual({ ok: true, value: null });
    expect(await preview('unfetchable')).toEqual({ ok: true, value: null });
    expect(await preview('noattachment')).toEqual({ ok: true, value: null });
    expect(await preview('missing')).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(imageRequests).toEqual([
      'https://files.example/chart.png',
      'https://files.example/shot.png',
      'https://files.example/gone.gif',
    ]);
  });
});

describe('settings', () => {
  it('patches preferences, validates them and keeps the pause outside the settings file', async () => {
    const updated = await service.updateSettings({
      preferences: { theme: 'dark', quietHours: { enabled: true } },
      pause: 60,
    });
    expect(updated).toMatchObject({
      ok: true,
      value: {
        preferences: { theme: 'dark', quietHours: { enabled: true, start: '22:00' } },
        pausedUntil: now + 3_600_000,
      },
    });
    expect(await service.updateSettings({ pause: 'until-resumed' })).toMatchObject({ value: { pausedUntil: null } });
    expect(await service.updateSettings({ pause: null })).not.toHaveProperty('value.pausedUntil');
    const invalid = await service.updateSettings({ preferences: { keepaliveTimeoutSeconds: 1 } });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'validation-failed' } });
    expect(await readFile(path.join(dir, 'config.json'), 'utf8')).not.toContain('paused');
  });
});

describe('dispatchRequest (what IPC and the web bridge call)', () => {
  it('refuses malformed arguments with the field named, before the service runs', async () => {
    const cases: [OperationChannel, unknown[], string][] = [
      ['history:list', [{ limit: 'all' }], 'query.limit'],
      ['history:list', [{ subscription: { server: 'x' } }], 'query.subscription.topic'],
      ['history:list', [{ extra: 1 }], 'query.extra'],
      ['history:mark-read', [{ server: 's', id: 'i' }], 'arguments'],
      [
        'subscriptions:save',
        [{ server: server.url, topic: 't', transport: 'carrier-pigeon' }],
        'subscription.transport',
      ],
      ['subscriptions:remove', ['id', { deleteHistory: 'yes' }], 'options.deleteHistory'],
      ['credentials:set', [{ server: server.url, kind: 'basic', user: 'a' }], 'credentials.password'],
      ['credentials:set', [{ server: server.url, kind: 'plaintext' }], 'credentials.kind'],
      ['messages:run-action', [{ server: 's', id: 'i' }, -1, { confirmedInternal: false }], 'index'],
      ['messages:run-action', [{ server: 's', id: 'i' }, 0, { confirmedInternal: 1 }], 'options.confirmedInternal'],
      ['links:open', [42], 'url'],
      ['settings:update', [{ pause: 0 }], 'patch.pause'],
    ];
    for (const [channel, args, field] of cases) {
      const result = await dispatchRequest(service, channel, args, log);
      expect(result, `${channel} ${JSON.stringify(args)}`).toMatchObject({
        ok: false,
        error: { code: 'invalid-argument' },
      });
      if (!result.ok) expect(Object.keys(result.error.fields ?? {})).toEqual([field]);
    }
    expect(await service.listSubscriptions()).toEqual({ ok: true, value: [] });
  });

  it('passes well-formed requests to the service', async () => {
    expect(
      await dispatchRequest(service, 'subscriptions:save', [{ server: server.url, topic: 'public' }], log),
    ).toMatchObject({
      ok: true,
      value: { topic: 'public' },
    });
    expect(await dispatchRequest(service, 'history:list', [{ limit: 10 }], log)).toEqual({
      ok: true,
      value: { messages: [] },
    });
  });
});
