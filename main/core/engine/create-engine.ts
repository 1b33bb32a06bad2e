/**
 * The engine wired to its delivery: a ConnectionManager whose connections store through `createDeliver` into the
 * history. Both composition paths use it — the app (core/app/app-core.ts) and `ntfy-tray subscribe`
 * (core/cli/subscribe-command.ts) — and differ only in the options: where delivery goes first, the timing, raw.
 */
import { createDeliver, type DeliverOptions } from '../delivery/deliver.ts';
import type { Clock, HistoryStore, Logger } from '../ports.ts';
import type { SinceValue } from '../protocol/since.ts';
import type { OpenTransport } from '../transports/transport.ts';
import { Connection, type ConnectionOptions } from './connection.ts';
import { ConnectionManager } from './connection-manager.ts';
import type { ConnectionStatus, ConnectionTiming } from './connection-types.ts';
import type { CheckTopicAccess, Poll } from './http-requests.ts';

interface EngineOptions {
  readonly clock: Clock;
  readonly random: () => number;
  /** Each connection logs as a child named after its server. */
  readonly log: Logger;
  readonly history: HistoryStore;
  readonly openTransport: OpenTransport;
  readonly poll: Poll;
  readonly checkTopicAccess: CheckTopicAccess;
  /** Where a topic without a resume point starts. */
  readonly initialSince: SinceValue;
  /** Asked for each new connection, so that a changed setting reaches the next one. */
  readonly timing: () => Partial<ConnectionTiming>;
  readonly onStatus: (status: ConnectionStatus) => void;
  /** See DeliverOptions: after the commit (popups, window, tray). */
  readonly onDelivered?: DeliverOptions['onDelivered'];
  /** See DeliverOptions: before the commit (the CLI's stdout). */
  readonly sinkBeforeCommit?: DeliverOptions['sinkBeforeCommit'];
  readonly onRaw?: ConnectionOptions['onRaw'];
}

export function createEngine(options: EngineOptions): ConnectionManager {
  const deliver = createDeliver({
    history: options.history,
    ...(options.onDelivered === undefined ? {} : { onDelivered: options.onDelivered }),
    ...(options.sinkBeforeCommit === undefined ? {} : { sinkBeforeCommit: options.sinkBeforeCommit }),
  });
  return new ConnectionManager({
    initialSince: options.initialSince,
    createConnection: (spec) =>
      new Connection({
        spec,
        clock: options.clock,
        random: options.random,
        log: options.log.child(`connection ${spec.server}`),
        openTransport: options.openTransport,
        history: options.history,
        deliver,
        poll: options.poll,
        checkTopicAccess: options.checkTopicAccess,
        timing: options.timing(),
        onStatus: options.onStatus,
        ...(options.onRaw === undefined ? {} : { onRaw: options.onRaw }),
      }),
  });
}
