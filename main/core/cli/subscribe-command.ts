/**
 * `ntfy-tray subscribe`: the engine without a window. Runs until SIGINT/SIGTERM (then flushes and exits 0), an
 * authentication failure (exit 3: it never keeps hammering the server), or a fatal error (exit 1); `--poll`
 * prints what is cached and exits.
 */
import { Connection } from '../engine/connection.ts';
import { ConnectionManager } from '../engine/connection-manager.ts';
import type { ConnectionSpec, ConnectionStatus } from '../engine/connection-types.ts';
import { groupSubscriptions } from '../engine/groups.ts';
import type { CheckTopicAccess, Poll } from '../engine/http-requests.ts';
import { createDeliver, type DeliveredBatch } from '../delivery/deliver.ts';
import type { Clock, HistoryStore, Logger } from '../ports.ts';
import { buildSubscribeRequest } from '../protocol/subscribe-request.ts';
import type { NtfyMessage } from '../protocol/types.ts';
import type { OpenTransport } from '../transports/transport.ts';
import { describeStatus, formatMessageJson, formatMessageLine } from './output.ts';
import type { SubscribePlan } from './subscribe-args.ts';

export const EXIT = { ok: 0, fatal: 1, usage: 2, auth: 3 } as const;

export interface SubscribeIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly clock: Clock;
  readonly random: () => number;
  readonly log: Logger;
  readonly openTransport: OpenTransport;
  readonly poll: Poll;
  readonly checkTopicAccess: CheckTopicAccess;
  readonly history: HistoryStore;
  /** Resolves when the process is asked to stop (SIGINT, SIGTERM). */
  readonly stopSignal: Promise<void>;
  /** Also gets every delivered batch (`--notify`); must not throw. */
  readonly onDelivered?: (batch: DeliveredBatch) => void;
}

function printer(plan: SubscribePlan, io: SubscribeIo): (message: NtfyMessage) => void {
  return (message) => {
    io.stdout(plan.json ? formatMessageJson(message) : formatMessageLine(message));
  };
}

async function runPoll(plan: SubscribePlan, io: SubscribeIo): Promise<number> {
  const print = printer(plan, io);
  for (const spec of groupSubscriptions(plan.subscriptions, { initialSince: plan.since })) {
    const outcome = await io.poll(
      buildSubscribeRequest({
        baseUrl: spec.server,
        topics: spec.topics,
        transport: 'json',
        poll: true,
        since: plan.since,
        scheduled: spec.scheduled,
        filters: spec.filters,
        credentials: spec.credentials,
        authVia: spec.authVia,
      }),
    );
    if (!outcome.ok) {
      io.stderr(`poll failed: ${spec.server}/${spec.topics.join(',')}: ${outcome.error.message}\n`);
      return outcome.error.status === 401 || outcome.error.status === 403 ? EXIT.auth : EXIT.fatal;
    }
    for (const item of outcome.items) if (item.type === 'message') print(item.message);
  }
  return EXIT.ok;
}

export async function runSubscribe(plan: SubscribePlan, io: SubscribeIo): Promise<number> {
  if (plan.poll) return runPoll(plan, io);
  const print = printer(plan, io);
  let finish: (code: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => {
    finish = resolve;
  });
  const lastLine = new Map<string, string>();
  const onStatus = (status: ConnectionStatus): void => {
    const line = describeStatus(status, io.clock.now());
    if (line !== undefined && lastLine.get(status.key) !== line) io.stderr(`${line}\n`);
    if (line !== undefined) lastLine.set(status.key, line);
    if (status.state.kind === 'auth-failed') finish(EXIT.auth);
    if (status.state.kind === 'error') finish(EXIT.fatal);
  };
  const deliver = createDeliver({
    history: io.history,
    onDelivered: (batch) => {
      for (const message of batch.messages) print(message);
      io.onDelivered?.(batch);
    },
  });
  const manager = new ConnectionManager({
    initialSince: plan.since,
    createConnection: (spec: ConnectionSpec) =>
      new Connection({
        spec,
        clock: io.clock,
        random: io.random,
        log: io.log.child(`connection ${spec.server}`),
        openTransport: io.openTransport,
        history: io.history,
        deliver,
        poll: io.poll,
        checkTopicAccess: io.checkTopicAccess,
        timing: { keepaliveTimeoutMs: plan.keepaliveTimeoutMs, backoffMaxMs: plan.backoffMaxMs },
        onStatus,
        onRaw: (body) => {
          io.stdout(plan.json ? `${JSON.stringify({ event: 'message', message: body })}\n` : `${body}\n`);
        },
      }),
  });
  void io.stopSignal.then(() => {
    finish(EXIT.ok);
  });
  manager.reconcile(plan.subscriptions);
  const code = await finished;
  await manager.stopAll();
  return code;
}
