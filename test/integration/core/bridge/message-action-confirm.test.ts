/**
 * The window's runAction against a message test/server published, whose http buttons point at this computer (every
 * server here is on 127.0.0.1): one at a second listener on another port (another origin than the subscription's
 * server, so it needs the user's confirmation), one at the subscription's own server (no confirmation: the user
 * subscribed to it). The core decides on the address connected to; the window only says the user confirmed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMessageActionRequests } from '../../../../main/core/bridge/message-action-requests.ts';
import { runHttpAction } from '../../../../main/core/delivery/http-action.ts';
import { parseStreamObject } from '../../../../main/core/protocol/parse.ts';
import type { NtfyMessage } from '../../../../main/core/protocol/types.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { startPublisherHost, type PublisherHost } from '../../../server/publisher-host.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';

let server: TestServer;
let lan: PublisherHost;

beforeEach(async () => {
  server = await startTestServer({
    auth: { users: [], everyone: [{ topic: '*', permission: 'read-write' }], defaultAccess: 'read-write' },
  });
  lan = await startPublisherHost();
  lan.respond('/restart', { status: 204 });
});

afterEach(async () => {
  await lan.close();
  await server.close();
});

/** What test/server published, as the core parses it off the stream. */
async function publishWithActions(): Promise<NtfyMessage> {
  const published = await server.publish('router', {
    message: 'the router wants a restart',
    actions: [
      { action: 'http', label: 'Restart', url: `${lan.url}/restart`, method: 'POST', body: 'now' },
      { action: 'http', label: 'Acknowledge', url: `${server.url}/acks`, method: 'PUT', body: 'seen' },
    ],
  });
  const parsed = parseStreamObject(JSON.parse(JSON.stringify(published)));
  if (parsed.type !== 'message') throw new Error(`not a message: ${parsed.type}`);
  return parsed.message;
}

function requestsFor(message: NtfyMessage) {
  return createMessageActionRequests({
    history: {
      getMessage: (ref) =>
        ref.id === message.id && ref.server === server.url
          ? { server: server.url, message, receivedAt: 0, read: false }
          : undefined,
    },
    openExternal: () => Promise.reject(new Error('no view actions here')),
    runHttpAction: (action, options) => runHttpAction(action, options),
    log: createRecordingLogger(),
    now: () => 0,
  });
}

describe('runAction on an http button aimed at this computer or its network', () => {
  it('sends nothing until the user confirmed, then exactly one request', async () => {
    const message = await publishWithActions();
    const requests = requestsFor(message);
    const ref = { server: server.url, id: message.id };
    const target = new URL(lan.url).host;

    expect(await requests.runAction(ref, 0, { confirmedInternal: false })).toEqual({
      ok: true,
      value: {
        kind: 'confirm',
        method: 'POST',
        host: target,
        message: `POST ${target} not sent: this address is on your own network, and nobody confirmed it`,
      },
    });
    expect(lan.requests).toEqual([]);

    expect(await requests.runAction(ref, 0, { confirmedInternal: true })).toEqual({
      ok: true,
      value: { kind: 'http', ok: true, status: 204, message: `POST ${target} done: the server answered HTTP 204` },
    });
    expect(lan.requests.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/restart', 'now'],
    ]);
  });

  it("needs no confirmation for the subscription's own server, internal as it is", async () => {
    const message = await publishWithActions();
    const requests = requestsFor(message);
    const publishesBefore = server.requests.length;
    expect(await requests.runAction({ server: server.url, id: message.id }, 1, { confirmedInternal: false })).toEqual({
      ok: true,
      value: {
        kind: 'http',
        ok: true,
        status: 200,
        message: `PUT ${new URL(server.url).host} done: the server answered HTTP 200`,
      },
    });
    expect(server.requests.slice(publishesBefore).map((request) => request.method)).toEqual(['PUT']);
    expect(lan.requests).toEqual([]);
  });
});
