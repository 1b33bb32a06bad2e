/**
 * startTestServer: the composition root of the test server. One call builds one independent server (its own cache,
 * log, limits and timers) listening on 127.0.0.1 only.
 */
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocketServer } from 'ws';
import { AttachmentFiles } from './attachments.ts';
import { AccessControl } from './auth.ts';
import { resolveOptions, type ServerContext } from './context.ts';
import { FaultState } from './fault-state.ts';
import { handleHttpRequest } from './http-handler.ts';
import { Hub } from './hub.ts';
import { planPublish, planSequenceEvent } from './messages.ts';
import { commitPublish, publishDueMessages } from './publisher.ts';
import { RequestLog } from './request-log.ts';
import { topicPattern } from './routes.ts';
import { MessageStore } from './store.ts';
import type { Faults, NtfyMessage, PublishOptions, TestServer, TestServerEvents, TestServerOptions } from './types.ts';
import { handleUpgradeRequest } from './upgrade-handler.ts';
import { Visitors } from './visitors.ts';
import { waitUntil } from './waiters.ts';

const host = '127.0.0.1';

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeListener(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      resolve();
    });
  });
}

function createContext(options: TestServerOptions): ServerContext {
  const resolved = resolveOptions(options);
  const events = new EventEmitter<TestServerEvents>();
  // Tests may have many waiters at once; they all remove their listeners.
  events.setMaxListeners(0);
  return {
    options: resolved,
    store: new MessageStore(),
    hub: new Hub(),
    visitors: new Visitors(resolved),
    access: options.auth === undefined ? undefined : new AccessControl(options.auth),
    log: new RequestLog(events),
    faults: new FaultState(),
    files: new AttachmentFiles(),
    events,
    // maxPayload 64: ntfy's WebSocket read limit; no subprotocol is ever selected; no compression.
    wss: new WebSocketServer({
      noServer: true,
      maxPayload: 64,
      perMessageDeflate: false,
      clientTracking: false,
      handleProtocols: () => false,
    }),
  };
}

/** The fault switches of one server (`server.faults`), and how to drop every connection (close does too). */
function createFaults(
  ctx: ServerContext,
  http: Server,
  sockets: ReadonlySet<Socket>,
  port: number,
): { readonly faults: Faults; readonly dropEverything: () => void } {
  /** Every connection goes, without a goodbye; the stall (and the requests it held) goes with them. */
  const dropEverything = (): void => {
    for (const entry of ctx.log.entries) if (entry.end === 'open') ctx.log.expectEnd(entry, 'server-dropped');
    for (const stream of ctx.hub.list()) stream.drop();
    for (const socket of sockets) socket.destroy();
    for (const stream of ctx.hub.list()) stream.setStalled(false);
    ctx.faults.endStallDiscardingHeld();
  };

  const faults: Faults = {
    dropAll: dropEverything,
    stall: () => {
      ctx.faults.setStalled(true);
      for (const stream of ctx.hub.list()) stream.setStalled(true);
    },
    unstall: () => {
      for (const stream of ctx.hub.list()) stream.setStalled(false);
      ctx.faults.setStalled(false);
    },
    get stalled() {
      return ctx.faults.stalled;
    },
    restart: async ({ pauseMs = 100, until } = {}) => {
      const closed = closeListener(http);
      dropEverything();
      await closed;
      await (until ?? sleep(pauseMs));
      await listen(http, port);
    },
    inject: (data, injectOptions = {}) =>
      ctx.hub
        .list()
        .filter((stream) => injectOptions.topic === undefined || stream.info.topics.includes(injectOptions.topic))
        .filter((stream) => stream.inject(data, injectOptions)).length,
    failNext: (count, failOptions) => {
      ctx.faults.addFailures(count, failOptions);
    },
    limitUrlLength: (maxBytes) => {
      ctx.faults.limitUrlLength(maxBytes);
    },
    holdUploads: (held) => {
      ctx.faults.holdUploads(held);
    },
  };
  return { faults, dropEverything };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const ctx = createContext(options);
  const http = createServer();
  const sockets = new Set<Socket>();
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  http.on('request', (req, res) => {
    handleHttpRequest(ctx, req, res);
  });
  http.on('upgrade', (req, socket, head) => {
    handleUpgradeRequest(ctx, req, socket, head);
  });
  const port = await listen(http, ctx.options.port);
  const { clock, delayedCheckIntervalMs } = ctx.options;
  // ntfy's delayed sender: a check every interval on the server's clock.
  const checkDelayed = (): void => {
    publishDueMessages(ctx);
    delayedSender = clock.setTimeout(checkDelayed, delayedCheckIntervalMs);
  };
  let delayedSender = clock.setTimeout(checkDelayed, delayedCheckIntervalMs);

  const { faults, dropEverything } = createFaults(ctx, http, sockets, port);

  const inProcessContext = () => ({
    nowMs: ctx.options.clock.now(),
    cacheDurationMs: ctx.options.cacheDurationMs,
    newerEvents: ctx.options.newerEvents,
    delayLimits: undefined,
  });
  const checkTopic = (topic: string): void => {
    if (!topicPattern.test(topic)) throw new Error(`test server: invalid topic ${JSON.stringify(topic)}`);
  };
  const sequenceEvent = async (topic: string, event: 'message_delete' | 'message_clear', sequenceId: string) => {
    checkTopic(topic);
    if (!ctx.options.newerEvents) throw new Error(`test server: ${event} needs the newerEvents option`);
    return await commitPublish(ctx, planSequenceEvent(topic, event, sequenceId, inProcessContext()));
  };

  const server: TestServer = {
    url: `http://${host}:${port}`,
    wsUrl: `ws://${host}:${port}`,
    port,
    events: ctx.events,
    requests: ctx.log.entries,
    faults,
    // async so that validation errors reject the promise instead of throwing synchronously.
    publish: async (topic: string, messageOrOptions: string | PublishOptions = {}) => {
      checkTopic(topic);
      const publishOptions = typeof messageOrOptions === 'string' ? { message: messageOrOptions } : messageOrOptions;
      return await commitPublish(ctx, planPublish(topic, publishOptions, inProcessContext()));
    },
    publishRaw: (message: NtfyMessage, { cache = true } = {}) => {
      const cached = cache && ctx.options.cacheDurationMs > 0;
      const expiresAtMs =
        message.expires === undefined ? ctx.options.clock.now() + ctx.options.cacheDurationMs : message.expires * 1000;
      return commitPublish(ctx, {
        message,
        cache: cached,
        expiresAtMs: cached ? expiresAtMs : undefined,
        dueAtMs: undefined,
      });
    },
    deleteMessage: (topic, sequenceId) => sequenceEvent(topic, 'message_delete', sequenceId),
    clearMessage: (topic, sequenceId) => sequenceEvent(topic, 'message_clear', sequenceId),
    cachedMessages: () => ctx.store.all(ctx.options.clock.now()),
    subscribers: () => ctx.hub.list().map((stream) => stream.info),
    waitForSubscribers: (count, { topic, timeoutMs } = {}) => {
      const matching = () => server.subscribers().filter((info) => topic === undefined || info.topics.includes(topic));
      return waitUntil({
        events: ctx.events,
        on: ['subscribe'],
        check: () => (matching().length >= count ? matching() : undefined),
        timeoutMs,
        describe: () => `${count} subscribers${topic === undefined ? '' : ` on ${topic}`} (have ${matching().length})`,
      });
    },
    waitForNoSubscribers: async ({ timeoutMs } = {}) => {
      await waitUntil({
        events: ctx.events,
        on: ['unsubscribe'],
        check: () => (ctx.hub.list().length === 0 ? true : undefined),
        timeoutMs,
        describe: () => `no subscribers (have ${ctx.hub.list().length})`,
      });
    },
    waitForRequest: (predicate, { timeoutMs } = {}) =>
      waitUntil({
        events: ctx.events,
        on: ['request'],
        check: () => ctx.log.entries.find(predicate),
        timeoutMs,
        describe: () => 'a matching request',
      }),
    waitForRequestEnd: (predicate, { timeoutMs } = {}) =>
      waitUntil({
        events: ctx.events,
        on: ['request-end'],
        check: () => ctx.log.entries.find((entry) => entry.end !== 'open' && predicate(entry)),
        timeoutMs,
        describe: () => 'a matching request to end',
      }),
    close: async () => {
      clock.clearTimeout(delayedSender);
      const closed = closeListener(http);
      dropEverything();
      await closed;
      ctx.wss.close();
    },
  };
  return server;
}
