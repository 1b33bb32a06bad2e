/**
 * ntfy Tray as a UnifiedPush distributor (issue 35), for real: a private dbus-daemon, test connectors written to the
 * spec on dbus-native (unifiedpush-connector.ts), the distributor as the app starts it (startUnifiedPush: the
 * registrations file, the push engine, the service on the bus) and test/server as the ntfy server, publishing to the
 * endpoints over HTTP with `up=1` as an app server does. Short timers run (a catch-up's quiet time), long ones are held:
 * every wait is for an event, never for time.
 */
import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from 'dbus-native';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openConfSettingsStore } from '../../../main/core/store/settings/conf-settings-store.ts';
import type { SettingsStore } from '../../../main/core/store/settings/settings-store.ts';
import { connectSessionBus } from '../../../main/os/dbus/session-bus.ts';
import { createPushApps, type PushApps } from '../../../main/core/unifiedpush/push-apps.ts';
import type { PushAppsDto } from '../../../common/ipc.ts';
import { DISTRIBUTOR_NAME } from '../../../main/os/unifiedpush/dbus-distributor.ts';
import { type RunningDistributor, startUnifiedPush } from '../../../main/os/unifiedpush/start-distributor.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { holdingClock } from '../../support/holding-clock.ts';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { createInMemorySecretStoreForDev } from '../../web-bridge/memory-secret-store.ts';
import { findExecutable, type NotificationSession, startNotificationSession } from './notification-session.ts';
import { TestConnector } from './unifiedpush-connector.ts';

const dbusDaemon = await findExecutable('dbus-daemon');
let session: NotificationSession;
let server: TestServer;
let dir: string;
let running: RunningDistributor | undefined;
const connectors: TestConnector[] = [];
const cleanups: (() => void)[] = [];
const log = createRecordingLogger();

beforeEach(async () => {
  if (dbusDaemon === undefined) return;
  session = await startNotificationSession({ server: 'none', log });
  server = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-unifiedpush-'));
});

afterEach(async () => {
  if (dbusDaemon === undefined) return;
  for (const connector of connectors.splice(0)) connector.close();
  for (const cleanup of cleanups.splice(0)) cleanup();
  await running?.stop();
  running = undefined;
  await server.close();
  await session.stop();
  await rm(dir, { recursive: true, force: true });
});

let settings: SettingsStore;
/** What the window's list shows, with each change it was told of (as main/index.ts feeds pushAppsChanged). */
let pushApps: PushApps;
const pushAppsEvents = new EventEmitter<{ changed: [PushAppsDto] }>();

/** Resolves with the first list the window is told of (from now on) that `matches`. */
function windowShows(matches: (apps: PushAppsDto) => boolean): Promise<PushAppsDto> {
  return new Promise((resolve) => {
    const listener = (apps: PushAppsDto): void => {
      if (!matches(apps)) return;
      pushAppsEvents.off('changed', listener);
      resolve(apps);
    };
    pushAppsEvents.on('changed', listener);
  });
}

async function startDistributor(): Promise<RunningDistributor> {
  pushApps = createPushApps({ available: true, onChange: (apps) => pushAppsEvents.emit('changed', apps) });
  settings = openConfSettingsStore({ dir, log });
  await settings.update({ defaultServer: server.url });
  running = await startUnifiedPush({
    connect: () => connectSessionBus({ log, busAddress: session.busAddress }),
    dataDir: dir,
    settings,
    secrets: createInMemorySecretStoreForDev(),
    clock: holdingClock(10_000),
    random: Math.random,
    log,
    pushApps,
  });
  return running;
}

async function connector(service: string, version: 1 | 2 = 2): Promise<TestConnector> {
  const started = await TestConnector.start(session.busAddress, service, version);
  connectors.push(started);
  return started;
}

/** Registers and resolves with the endpoint NewEndpoint brought. */
async function registered(app: TestConnector, token: string): Promise<string> {
  const seen = app.calls.length;
  const answer = await app.register(token);
  expect(answer).toEqual({ success: 'REGISTRATION_SUCCEEDED' });
  const call = await app.next(
    (candidate) => app.calls.indexOf(candidate) >= seen && candidate.member === 'NewEndpoint',
  );
  expect(call.token).toBe(token);
  return call.endpoint ?? '';
}

/** What an app server does: POST the bytes to the endpoint. */
async function push(endpoint: string, body: Uint8Array | string): Promise<void> {
  const response = await fetch(endpoint, { method: 'POST', body });
  expect(response.status).toBe(200);
}

/** Asks the bus daemon whether anyone owns `service` now. */
async function hasOwner(service: string): Promise<boolean> {
  const asker = await connectSessionBus({ log, busAddress: session.busAddress });
  try {
    const [owned] = await asker.call({
      destination: 'org.freedesktop.DBus',
      path: '/org/freedesktop/DBus',
      interface: 'org.freedesktop.DBus',
      member: 'NameHasOwner',
      signature: 's',
      body: [service],
    });
    return owned === true;
  } finally {
    await asker.close();
  }
}

/** Resolves once nobody owns `service` on the bus (the daemon has seen the app go). */
async function nameGone(service: string): Promise<void> {
  const watcher = await connectSessionBus({ log, busAddress: session.busAddress });
  try {
    const gone = new Promise<void>((resolve) => {
      watcher.onSignal((signal) => {
        if (signal.member === 'NameOwnerChanged' && signal.body[0] === service && signal.body[2] === '') resolve();
      });
    });
    await watcher.addMatch(`type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='${service}'`);
    const [hasOwner] = await watcher.call({
      destination: 'org.freedesktop.DBus',
      path: '/org/freedesktop/DBus',
      interface: 'org.freedesktop.DBus',
      member: 'NameHasOwner',
      signature: 's',
      body: [service],
    });
    if (hasOwner === true) await gone;
  } finally {
    await watcher.close();
  }
}

const BINARY = Uint8Array.from([0, 1, 2, 0xff, 0xfe, 0x80, 10, 13, 32, 0]);

describe.skipIf(dbusDaemon === undefined)('the UnifiedPush distributor on the session bus', () => {
  it('registers an app with an endpoint on the default server and hands it the exact bytes pushed, once, in order', async () => {
    await startDistributor();
    const app = await connector('org.example.ChatApp');
    const endpoint = await registered(app, 'token-one');
    expect(endpoint).toMatch(new RegExp(`^${server.url}/up[A-Za-z0-9]{12}\\?up=1$`));
    await push(endpoint, '  {"text":"padded"}\n');
    await push(endpoint, BINARY);
    await push(endpoint, 'third');
    const received = await app.messagesOf('token-one', 3);
    expect(received).toEqual([Buffer.from('  {"text":"padded"}\n'), Buffer.from(BINARY), Buffer.from('third')]);
    expect(
      app.calls.filter((call) => call.member === 'Message').every((call) => /^[A-Za-z0-9]{12}$/.test(call.id ?? '')),
    ).toBe(true);
  });

  it('gives the same endpoint for the same token, and refuses a token another app holds', async () => {
    await startDistributor();
    const app = await connector('org.example.ChatApp');
    const other = await connector('org.example.Other');
    const endpoint = await registered(app, 'token-one');
    expect(await registered(app, 'token-one')).toBe(endpoint);
    expect(await other.register('token-one')).toEqual({ success: 'REGISTRATION_FAILED', reason: 'INTERNAL_ERROR' });
    expect(other.calls).toEqual([]);
  });

  it('keeps two apps apart: each gets only what was pushed to its own endpoint', async () => {
    await startDistributor();
    const first = await connector('org.example.First');
    const second = await connector('org.example.Second');
    const firstEndpoint = await registered(first, 'token-first');
    const secondEndpoint = await registered(second, 'token-second');
    expect(secondEndpoint).not.toBe(firstEndpoint);
    await push(firstEndpoint, 'for first');
    await push(secondEndpoint, 'for second');
    expect(await first.messagesOf('token-first', 1)).toEqual([Buffer.from('for first')]);
    expect(await second.messagesOf('token-second', 1)).toEqual([Buffer.from('for second')]);
    await push(firstEndpoint, 'again first');
    await first.messagesOf('token-first', 2);
    expect(second.calls.filter((call) => call.member === 'Message')).toHaveLength(1);
    expect(first.calls.filter((call) => call.member === 'Message').map((call) => call.token)).toEqual([
      'token-first',
      'token-first',
    ]);
  });

  it('unregisters: Unregistered is called and the old endpoint no longer delivers', async () => {
    const distributor = await startDistributor();
    const app = await connector('org.example.ChatApp');
    const oldEndpoint = await registered(app, 'token-old');
    await app.unregister('token-old');
    expect((await app.next((call) => call.member === 'Unregistered')).token).toBe('token-old');
    expect(distributor.distributor.list()).toEqual([]);
    // Both topics would share one connection: had the old one stayed, its message would come first.
    const newEndpoint = await registered(app, 'token-new');
    await push(oldEndpoint, 'to the old endpoint');
    await push(newEndpoint, 'to the new endpoint');
    await app.messagesOf('token-new', 1);
    expect(app.calls.filter((call) => call.member === 'Message').map((call) => call.token)).toEqual(['token-new']);
  });

  it("lists the app for the window, and the window's Remove tells its connector Unregistered and stops delivering", async () => {
    await startDistributor();
    const app = await connector('org.example.ChatApp');
    const endpoint = await registered(app, 'token-one');
    const listed = await pushApps.requests.listPushApps();
    expect(listed).toMatchObject({
      ok: true,
      value: { available: true, apps: [{ token: 'token-one', service: 'org.example.ChatApp', server: server.url }] },
    });
    expect(await pushApps.requests.removePushApp('token-one')).toEqual({ ok: true, value: null });
    expect((await app.next((call) => call.member === 'Unregistered')).token).toBe('token-one');
    expect(await pushApps.requests.listPushApps()).toEqual({ ok: true, value: { available: true, apps: [] } });
    expect(await pushApps.requests.removePushApp('token-one')).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    // Had the subscription stayed, a new registration's message would come after this one, on the same connection.
    const again = await registered(app, 'token-two');
    await push(endpoint, 'to the removed endpoint');
    await push(again, 'to the new endpoint');
    await app.messagesOf('token-two', 1);
    expect(app.calls.filter((call) => call.member === 'Message').map((call) => call.token)).toEqual(['token-two']);
  });

  it('shows on its row that the server of a registration became unreachable', async () => {
    await startDistributor();
    const app = await connector('org.example.ChatApp');
    const connected = windowShows((apps) => apps.apps[0]?.connection === 'connected');
    await registered(app, 'token-one');
    await connected;
    const unreachable = windowShows((apps) => apps.apps[0]?.connection === 'unreachable');
    await server.close();
    expect((await unreachable).apps).toMatchObject([{ token: 'token-one', connection: 'unreachable' }]);
    server = await startTestServer();
  });

  it('releases the bus name when switched off, and owns it again when switched on', async () => {
    const running = await startDistributor();
    const app = await connector('org.example.ChatApp');
    const endpoint = await registered(app, 'token-one');
    expect(await hasOwner(DISTRIBUTOR_NAME)).toBe(true);
    const off = windowShows((apps) => apps.apps[0]?.connection === 'off');
    const gone = nameGone(DISTRIBUTOR_NAME);
    await settings.update({ preferences: { unifiedPushEnabled: false } });
    await gone;
    await running.settled();
    expect(running.ownsName()).toBe(false);
    expect(await hasOwner(DISTRIBUTOR_NAME)).toBe(false);
    await off;
    await expect(app.register('token-two')).rejects.toMatchObject({
      dbusName: 'org.freedesktop.DBus.Error.ServiceUnknown',
    });
    await settings.update({ preferences: { unifiedPushEnabled: true } });
    await running.settled();
    expect(running.ownsName()).toBe(true);
    expect(await hasOwner(DISTRIBUTOR_NAME)).toBe(true);
    expect(await registered(app, 'token-one')).toBe(endpoint);
  });

  it('refuses an Unregister from a caller that is not the app, and the app keeps getting its messages', async () => {
    await startDistributor();
    const app = await connector('org.example.ChatApp');
    const stranger = await connector('org.example.Stranger');
    const endpoint = await registered(app, 'token-one');
    await expect(stranger.unregister('token-one')).rejects.toMatchObject({
      dbusName: 'org.freedesktop.DBus.Error.AccessDenied',
    });
    expect(app.calls.some((call) => call.member === 'Unregistered')).toBe(false);
    await push(endpoint, 'still here');
    expect(await app.messagesOf('token-one', 1)).toEqual([Buffer.from('still here')]);
  });

  it('keeps registrations across a restart and delivers what was pushed while it was stopped, nothing twice', async () => {
    const first = await startDistributor();
    const app = await connector('org.example.ChatApp');
    const endpoint = await registered(app, 'token-one');
    await push(endpoint, 'before');
    await app.messagesOf('token-one', 1);
    await first.stop();
    running = undefined;
    await push(endpoint, 'while stopped');
    await startDistributor();
    expect(await app.messagesOf('token-one', 2)).toEqual([Buffer.from('before'), Buffer.from('while stopped')]);
    expect(await registered(app, 'token-one')).toBe(endpoint);
    await push(endpoint, 'after');
    expect(await app.messagesOf('token-one', 3)).toEqual([
      Buffer.from('before'),
      Buffer.from('while stopped'),
      Buffer.from('after'),
    ]);
  });

  it('moves the endpoints to a new default server and tells each app its new one (NewEndpoint)', async () => {
    await startDistributor();
    const app = await connector('org.example.ChatApp');
    const oldEndpoint = await registered(app, 'token-one');
    const other = await startTestServer();
    try {
      const moved = app.next((call) => call.member === 'NewEndpoint' && call.endpoint !== oldEndpoint);
      await settings.update({ defaultServer: other.url });
      const newEndpoint = (await moved).endpoint ?? '';
      expect(newEndpoint).toMatch(new RegExp(`^${other.url}/up[A-Za-z0-9]{12}\\?up=1$`));
      expect(await registered(app, 'token-one')).toBe(newEndpoint);
      await push(newEndpoint, 'on the new server');
      expect(await app.messagesOf('token-one', 1)).toEqual([Buffer.from('on the new server')]);
    } finally {
      await running?.stop();
      running = undefined;
      await other.close();
    }
  });

  it('serves version 1 too: positional Register, NewEndpoint and Message', async () => {
    await startDistributor();
    const app = await connector('org.example.OldApp', 1);
    const endpoint = await registered(app, 'token-v1');
    await push(endpoint, BINARY);
    expect(await app.messagesOf('token-v1', 1)).toEqual([Buffer.from(BINARY)]);
    await app.unregister('token-v1');
    // Version 1 confirms an app's own Unregister with an empty token.
    expect((await app.next((call) => call.member === 'Unregistered')).token).toBe('');
  });

  it('starts an app that is not running through D-Bus activation and hands it the message', async () => {
    // A bus that activates: org.example.Activated is started by the daemon from its service file.
    const services = path.join(dir, 'services');
    await mkdir(services);
    const program = fileURLToPath(new URL('unifiedpush-activated-app.ts', import.meta.url));
    const service = 'org.example.Activated';
    await writeFile(
      path.join(services, `${service}.service`),
      `[D-BUS Service]\nName=${service}\nExec=${process.execPath} ${program} ${service}\n`,
    );
    await session.stop();
    session = await startNotificationSession({ server: 'none', log, serviceDir: services });
    const recorder = createClient({ busAddress: session.busAddress });
    cleanups.push(() => {
      recorder.connection.end();
    });
    const got: { member: string; token: string; message: Buffer }[] = [];
    const events = new EventEmitter<{ got: [] }>();
    recorder.exportInterface(
      {
        Got: (member: string, token: string, message: Buffer) => {
          got.push({ member, token, message });
          events.emit('got');
          return null;
        },
      },
      '/Recorder',
      { name: 'org.example.Recorder', methods: { Got: ['ssay', '', ['member', 'token', 'message'], []] } },
    );
    await new Promise<void>((resolve, reject) => {
      recorder.requestName('org.example.Recorder', 4, (error: unknown) => {
        if (error === null || error === undefined) resolve();
        else reject(new Error('no recorder name'));
      });
    });
    const gotMessage = new Promise<void>((resolve) => {
      events.on('got', () => {
        if (got.some((call) => call.member === 'Message')) resolve();
      });
    });
    await startDistributor();
    // Registered by a helper that is not the app: the app itself is not running, the bus starts it for NewEndpoint.
    const helper = await connector('org.example.Helper');
    expect(await helper.register('token-activated', service)).toEqual({ success: 'REGISTRATION_SUCCEEDED' });
    const endpoint = running?.distributor.list()[0];
    expect(endpoint?.service).toBe(service);
    await push(`${server.url}/${endpoint?.topic ?? ''}?up=1`, BINARY);
    await gotMessage;
    expect(got.map((call) => call.member)).toEqual(['NewEndpoint', 'Message']);
    expect(got[1]).toEqual({ member: 'Message', token: 'token-activated', message: Buffer.from(BINARY) });
  });

  it('keeps messages for an app that is not on the bus and hands them over when it comes back', async () => {
    await startDistributor();
    const app = await connector('org.example.ChatApp');
    const endpoint = await registered(app, 'token-one');
    app.close();
    await nameGone('org.example.ChatApp');
    await push(endpoint, 'while away');
    const back = await connector('org.example.ChatApp');
    expect(await back.messagesOf('token-one', 1)).toEqual([Buffer.from('while away')]);
  });
});
