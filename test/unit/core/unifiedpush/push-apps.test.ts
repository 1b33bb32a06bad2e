/** The window's list of push apps (core/unifiedpush/push-apps.ts): each row's connection state, and Remove. */
import { describe, expect, it } from 'vitest';
import type { ConnectionState, ConnectionStatus } from '../../../../main/core/engine/connection-types.ts';
import { createPushApps, type PushAppsSource } from '../../../../main/core/unifiedpush/push-apps.ts';
import type { PushRegistration } from '../../../../main/core/unifiedpush/registration.ts';

const SERVER = 'https://ntfy.example';
const registration: PushRegistration = {
  token: 'token-one',
  service: 'org.example.ChatApp',
  description: 'Chat',
  version: 2,
  server: SERVER,
  topic: 'upAAAAAAAAAAAA',
  registeredAt: 0,
  messages: 3,
  lastMessageAt: 1000,
};

function status(state: ConnectionState, forbidden = false): ConnectionStatus {
  return {
    key: 'k',
    server: SERVER,
    transport: 'json',
    topics: forbidden ? [] : [registration.topic],
    forbiddenTopics: forbidden ? [registration.topic] : [],
    state,
    counters: { reconnects: 0, messages: 0 },
  };
}

function source(statuses: readonly ConnectionStatus[], enabled = true): PushAppsSource {
  return {
    list: () => [registration],
    remove: () => Promise.resolve(true),
    statuses: () => statuses,
    enabled: () => enabled,
  };
}

async function connectionShown(statuses: readonly ConnectionStatus[], enabled = true): Promise<unknown> {
  const apps = createPushApps({ available: true });
  apps.attach(source(statuses, enabled));
  const listed = await apps.requests.listPushApps();
  return listed.ok ? listed.value.apps[0]?.connection : undefined;
}

describe('push apps in the window', () => {
  it('says on the row whether the server is reached, unreachable or refusing, and when switched off', async () => {
    expect(await connectionShown([status({ kind: 'open', since: 0 })])).toBe('connected');
    expect(await connectionShown([])).toBe('connecting');
    const backoff: ConnectionState = {
      kind: 'backoff',
      nextAttemptAt: 5,
      reason: 'refused',
      trouble: { kind: 'network', failure: 'refused' },
    };
    expect(await connectionShown([status(backoff)])).toBe('unreachable');
    const denied = { kind: 'auth-failed', error: { status: 403, message: 'forbidden' } } as ConnectionState;
    expect(await connectionShown([status(denied)])).toBe('refused');
    expect(await connectionShown([status({ kind: 'error', message: 'bad request' })])).toBe('refused');
    expect(await connectionShown([status({ kind: 'open', since: 0 }, true)])).toBe('refused');
    expect(await connectionShown([status({ kind: 'open', since: 0 })], false)).toBe('off');
  });

  it('lists the registration with its counts, and nothing (not available) where no distributor runs', async () => {
    const apps = createPushApps({ available: true });
    expect(await apps.requests.listPushApps()).toEqual({ ok: true, value: { available: true, apps: [] } });
    const detach = apps.attach(source([]));
    expect(apps.count()).toBe(1);
    expect(await apps.requests.listPushApps()).toEqual({
      ok: true,
      value: {
        available: true,
        apps: [
          {
            token: 'token-one',
            service: 'org.example.ChatApp',
            description: 'Chat',
            server: SERVER,
            messages: 3,
            lastMessageAt: 1000,
            connection: 'connecting',
          },
        ],
      },
    });
    detach();
    expect(apps.count()).toBe(0);
    const elsewhere = createPushApps({ available: false });
    expect(await elsewhere.requests.listPushApps()).toEqual({ ok: true, value: { available: false, apps: [] } });
    expect(await elsewhere.requests.removePushApp('token-one')).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });
});
