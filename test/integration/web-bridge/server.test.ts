/**
 * The dev:web bridge end to end without a browser: its own page script (bridge.js, as served) runs in a Node vm
 * context with Node's WebSocket, so window.ntfy is the BridgeApi createBridgeApi derives from the IPC table, talking
 * to the real core over a real socket on 127.0.0.1 (requests through dispatchRequest, pushes through the typed emit).
 */
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_CONTRACT_VERSION, type BridgeApi } from '../../../common/ipc.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import {
  BRIDGE_SCRIPT_PATH,
  BRIDGE_SOCKET_PATH,
  BRIDGE_TOKEN_PARAM,
  type BridgeServerMessage,
} from '../../web-bridge/protocol.ts';
import { WebSocket as WsClient } from 'ws';
import { startWebBridge, type WebBridge } from '../../web-bridge/server.ts';

let bridge: WebBridge;
let api: BridgeApi;

beforeAll(async () => {
  bridge = await startWebBridge({ log: createRecordingLogger(), clock: new ManualClock(), random: () => 0 });
  const script = await (await fetch(new URL(BRIDGE_SCRIPT_PATH, bridge.url))).text();
  const { host, search } = new URL(bridge.url);
  const page: Record<string, unknown> = { WebSocket, URLSearchParams, location: { host, search } };
  vm.runInNewContext(script, page);
  api = page['ntfy'] as BridgeApi;
}, 60_000);

afterAll(async () => {
  await bridge.close();
});

/** Sends one raw request over a socket of its own, as a page that skipped createBridgeApi could. */
/** The bridge's socket URL with this run's token (as the page builds it), or with `token` instead. */
function socketUrl(token = new URL(bridge.url).searchParams.get(BRIDGE_TOKEN_PARAM) ?? ''): string {
  const url = new URL(BRIDGE_SOCKET_PATH, bridge.url.replace('http:', 'ws:'));
  url.searchParams.set(BRIDGE_TOKEN_PARAM, token);
  return url.href;
}

/** The HTTP status the bridge answers an upgrade with (101 when it accepts it). */
function upgradeStatus(url: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WsClient(url, origin === undefined ? {} : { origin });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('error', reject);
  });
}

async function rawRequest(channel: unknown, args: unknown[]): Promise<BridgeServerMessage> {
  const socket = new WebSocket(socketUrl());
  await new Promise((resolve) => {
    socket.addEventListener('open', resolve, { once: true });
  });
  const answer = new Promise<BridgeServerMessage>((resolve) => {
    socket.addEventListener(
      'message',
      ({ data }) => {
        resolve(JSON.parse(String(data)) as BridgeServerMessage);
      },
      {
        once: true,
      },
    );
  });
  socket.send(JSON.stringify({ id: 7, channel, args }));
  const message = await answer;
  socket.close();
  return message;
}

describe('dev:web bridge (page script → WebSocket → dispatcher → core → emit)', () => {
  it('exposes the derived API and answers a request from the real core', async () => {
    expect(api.contractVersion).toBe(BRIDGE_CONTRACT_VERSION);
    expect(await api.listMessages({ limit: 5 })).toEqual({ ok: true, value: { messages: [] } });
    expect(await api.dismissNotice('tray-host-missing')).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('checks arguments on the server side as IPC does', async () => {
    const loose = api as unknown as { markRead: (...args: unknown[]) => Promise<unknown> };
    expect(await loose.markRead({ server: 'https://ntfy.example', id: 'm1' }, 'yes')).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', fields: { read: expect.any(String) as unknown } },
    });
  });

  it('pushes a core event to the page listener of that event, and stops after unsubscribe', async () => {
    const pushed: string[] = [];
    const unsubscribe = api.onSettingsChanged((settings) => {
      pushed.push(settings.preferences.theme);
    });
    // The core pushes the change before it answers, on the same socket: once the answer is here, so is the push.
    expect(await api.updateSettings({ preferences: { theme: 'dark' } })).toMatchObject({ ok: true });
    expect(pushed).toEqual(['dark']);
    unsubscribe();
    expect(await api.updateSettings({ preferences: { theme: 'light' } })).toMatchObject({ ok: true });
    expect(pushed).toEqual(['dark']);
  });

  it('answers a request on an unknown channel with invalid-argument', async () => {
    expect(await rawRequest('shell:exec', [])).toEqual({
      id: 7,
      result: { ok: false, error: { code: 'invalid-argument', message: 'unknown channel' } },
    });
  });
});

describe('dev:web bridge socket: only its own page', () => {
  it("refuses a connection without this run's token, and one from a page of another origin", async () => {
    const own = new URL(bridge.url).origin;
    expect(await upgradeStatus(socketUrl(), own)).toBe(101);
    expect(await upgradeStatus(socketUrl(''), own)).toBe(403);
    expect(await upgradeStatus(socketUrl('guessed'), own)).toBe(403);
    // A web page elsewhere that somehow learnt the token still sends its own Origin: refused.
    expect(await upgradeStatus(socketUrl(), 'https://attacker.example')).toBe(403);
    expect(await upgradeStatus(socketUrl(), 'http://127.0.0.1:1')).toBe(403);
  });
});
