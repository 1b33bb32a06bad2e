/**
 * The window's publishMessage over the real publish path against test/server on 127.0.0.1: the settings store on
 * disk says which auth a server uses, an in-memory secret source stands in for the keychain (a port; the keychain
 * itself is covered by the login tests).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PublishInputDto } from '../../../../common/ipc.ts';
import { publishInput } from '../../../../main/core/bridge/publish-guard.ts';
import { createPublishRequests, type PublishRequests } from '../../../../main/core/bridge/publish-requests.ts';
import { upsertServer } from '../../../../main/core/store/settings/edits.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import type { SettingsStore } from '../../../../main/core/store/settings/settings-store.ts';
import type { SecretRef } from '../../../../main/core/store/secrets/secret-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';

const PASSWORD = 'publish-requests-secret';
let server: TestServer;
let dir: string;
let settings: SettingsStore;
let stored: Map<string, string>;
let requests: PublishRequests;
/** The clock of the app; the server stamps messages with its own real time. */
let now: number;

const refKey = (ref: SecretRef): string => JSON.stringify(ref);

beforeEach(async () => {
  server = await startTestServer({
    auth: {
      users: [
        {
          name: 'alice',
          password: PASSWORD,
          access: [
            { topic: 'alerts', permission: 'read-write' },
            { topic: 'announce', permission: 'read-only' },
          ],
        },
      ],
      everyone: [{ topic: 'open', permission: 'read-write' }],
      defaultAccess: 'deny-all',
    },
  });
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-publish-requests-'));
  const log = createRecordingLogger();
  settings = openConfSettingsStore({ dir, log });
  stored = new Map();
  now = Date.now();
  requests = createPublishRequests({
    settings,
    secrets: {
      get: (ref) => Promise.resolve(stored.get(refKey(ref))),
      set: (ref, secret) => {
        stored.set(refKey(ref), secret);
        return Promise.resolve();
      },
      delete: (ref) => Promise.resolve(stored.delete(refKey(ref))),
    },
    log,
    now: () => now,
  });
});

afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function storeAlice(): Promise<void> {
  const saved = await settings.update((current) =>
    upsertServer(current, { url: server.url, auth: { kind: 'basic', user: 'alice' } }),
  );
  expect(saved.ok).toBe(true);
  stored.set(refKey({ server: server.url, kind: 'password', user: 'alice' }), PASSWORD);
}

describe('publishMessage', () => {
  it('sends every field with the stored credentials of the server and answers the id and time', async () => {
    await storeAlice();
    const input: PublishInputDto = {
      server: `${server.url}/`,
      topic: 'alerts',
      message: 'Disk **full**',
      title: 'Größe 🚀',
      priority: 5,
      tags: ['warning'],
      click: 'https://x.test/c',
      icon: 'https://x.test/i.png',
      attach: 'https://x.test/f.zip',
      filename: 'f.zip',
      markdown: true,
      actions: [{ action: 'http', label: 'Restart', url: 'https://x.test/r', method: 'put', clear: true }],
    };
    const result = await requests.publishMessage(publishInput(input));
    const [message] = server.cachedMessages();
    expect(result).toEqual({
      ok: true,
      value: { outcome: 'sent', id: message?.id, time: message?.time, scheduled: false },
    });
    expect(message).toMatchObject({
      message: 'Disk **full**',
      title: 'Größe 🚀',
      priority: 5,
      tags: ['warning'],
      click: 'https://x.test/c',
      icon: 'https://x.test/i.png',
      attachment: { name: 'f.zip', url: 'https://x.test/f.zip' },
      content_type: 'text/markdown',
      actions: [{ action: 'http', label: 'Restart', url: 'https://x.test/r', method: 'PUT', clear: true }],
    });
    expect(server.requests.find((entry) => entry.transport === 'publish')?.user).toBe('alice');
  });

  it('answers a delayed message as scheduled, and leaves empty fields out', async () => {
    const result = await requests.publishMessage({
      server: server.url,
      topic: 'open',
      message: 'later',
      delay: '1h',
      title: '',
    });
    expect(result.ok && result.value).toMatchObject({ outcome: 'sent', scheduled: true });
    const [message] = server.cachedMessages();
    expect(message?.title).toBeUndefined();
    expect(result.ok && result.value).toMatchObject({ time: message?.time });
  });

  it('says read-only for a 403, with and without stored credentials', async () => {
    const anonymous = await requests.publishMessage({ server: server.url, topic: 'alerts', message: 'x' });
    expect(anonymous).toEqual({
      ok: true,
      value: {
        outcome: 'read-only',
        detail: 'no permission: the topic is read-only for this user (or needs credentials) (HTTP 403, 40301)',
        status: 403,
        code: 40301,
      },
    });
    await storeAlice();
    const readOnly = await requests.publishMessage({ server: server.url, topic: 'announce', message: 'x' });
    expect(readOnly.ok && readOnly.value.outcome).toBe('read-only');
    expect(server.cachedMessages()).toEqual([]);
  });

  it('sends nothing when the stored auth has no secret in the keychain', async () => {
    await storeAlice();
    stored.clear();
    const result = await requests.publishMessage({ server: server.url, topic: 'alerts', message: 'x' });
    expect(result.ok && result.value.outcome).toBe('missing-credentials');
    expect(server.requests.filter((entry) => entry.transport === 'publish')).toEqual([]);
  });

  it('says what the server refused (ntfy`s code) and when nothing answers', async () => {
    const refused = await requests.publishMessage({ server: server.url, topic: 'open', message: 'x', delay: '5s' });
    expect(refused.ok && refused.value).toMatchObject({ outcome: 'refused', status: 400, code: 40005 });
    const url = server.url;
    await server.close();
    const down = await requests.publishMessage({ server: url, topic: 'open', message: 'x' });
    expect(down.ok && down.value.outcome).toBe('unreachable');
    server = await startTestServer();
  });

  it('refuses a server that is not an http(s) URL as a validation failure', async () => {
    const result = await requests.publishMessage({ server: 'ftp://x.test', topic: 'open' });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'validation-failed',
        message: 'server: must be an http or https URL',
        fields: { server: 'must be an http or https URL' },
      },
    });
  });
});
