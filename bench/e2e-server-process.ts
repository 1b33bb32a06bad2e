/**
 * The server-and-publisher process of the end-to-end benchmark: runs test/server on 127.0.0.1 and publishes through
 * its in-process path (`server.publish`, the same code a `PUT /<topic>` runs after parsing), on the parent's
 * command. Publishing in-process is the fastest way this server offers to produce a burst: over HTTP, one request per
 * message from another process tops out far below what the readers can take on two cores, and the benchmark would
 * measure the publisher. Every body carries its publish time (bench/e2e-ipc.ts `messageBody`).
 *
 * Started by bench/e2e.ts with `fork`; not meant to be run by hand.
 */
import { setImmediate as yieldToSockets, setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { startTestServer, type TestServer } from '../test/server/index.ts';
import { isParentRequest, messageBody, type ParentRequest, type PublishPlan, type ServerReport } from './e2e-ipc.ts';

/**
 * A burst yields to the event loop after this many messages, so the server's sockets are written while it goes on
 * (without it, 20,000 publishes run in one task and the fan-out leaves in one lump at the end).
 */
const BURST_SLICE = 100;

function now(): number {
  return performance.timeOrigin + performance.now();
}

async function publish(server: TestServer, plan: PublishPlan): Promise<{ first: number; last: number }> {
  let first = Number.NaN;
  let last = Number.NaN;
  const startedAt = now();
  for (let seq = 0; seq < plan.count; seq++) {
    if (plan.kind === 'paced') {
      const dueAt = startedAt + seq * plan.intervalMs;
      // Node's timers count whole milliseconds of loop time and can fire a fraction of one early: check again.
      for (let wait = dueAt - now(); wait > 0; wait = dueAt - now()) await sleep(Math.ceil(wait));
    } else if (seq > 0 && seq % BURST_SLICE === 0) {
      await yieldToSockets();
    }
    last = now();
    if (seq === 0) first = last;
    await server.publish(plan.topic, messageBody(plan.label, seq, last, plan.kind === 'burst' ? plan.padBytes : 0));
  }
  return { first, last };
}

async function handle(server: TestServer, request: Exclude<ParentRequest, { type: 'close' }>): Promise<ServerReport> {
  switch (request.type) {
    case 'publish': {
      const { first, last } = await publish(server, request.plan);
      return { type: 'done', requestId: request.requestId, firstPublishAt: first, lastPublishAt: last };
    }
    case 'wait-subscribers':
      await server.waitForSubscribers(request.count, { topic: request.topic, timeoutMs: request.timeoutMs });
      return { type: 'done', requestId: request.requestId, firstPublishAt: now(), lastPublishAt: now() };
    case 'wait-no-subscribers':
      await server.waitForNoSubscribers({ timeoutMs: request.timeoutMs });
      return { type: 'done', requestId: request.requestId, firstPublishAt: now(), lastPublishAt: now() };
  }
}

function send(report: ServerReport): void {
  process.send?.(report);
}

async function main(): Promise<void> {
  if (process.send === undefined) throw new Error('start this through bench/e2e.ts (it needs an IPC channel)');
  const server = await startTestServer();
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => (closing ??= server.close());
  process.on('message', (message: unknown) => {
    if (!isParentRequest(message)) {
      console.error('e2e server: ignoring an unknown request', message);
      return;
    }
    if (message.type === 'close') {
      close().then(
        () => {
          process.disconnect();
        },
        (error: unknown) => {
          console.error('e2e server: close failed', error);
          process.exit(1);
        },
      );
      return;
    }
    handle(server, message).then(send, (error: unknown) => {
      send({ type: 'failed', requestId: message.requestId, error: String(error) });
    });
  });
  // The parent going away (crash, Ctrl-C) must not leave a server behind.
  process.once('disconnect', () => {
    close().catch((error: unknown) => {
      console.error('e2e server: close failed', error);
    });
  });
  send({ type: 'ready', url: server.url });
}

main().catch((error: unknown) => {
  console.error('e2e server failed:', error);
  process.exit(1);
});
