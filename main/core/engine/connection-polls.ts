/**
 * A connection's polls beside its stream: the cached history of topics that joined a group, a catch-up poll a
 * little after every connect (a message fanned out while we were reconnecting), and a periodic safety-net poll while
 * open (buffering proxies). A poll that falls due while reading is paused waits until reading resumes.
 */
import type { Clock, HistoryStore, Logger } from '../ports.ts';
import type { SinceValue } from '../protocol/since.ts';
import type { TransportItem } from '../transports/transport.ts';
import type { BatchItem } from './catch-up.ts';
import { type ConnectionAttempt, storedPoints } from './connection-attempt.ts';
import { NamedTimers } from './connection-timers.ts';
import type { ConnectionSpec, ConnectionTiming } from './connection-types.ts';
import type { DeliveryQueue } from './delivery-queue.ts';
import type { Poll } from './http-requests.ts';
import { planResume, withoutDelivered } from './resume-point.ts';
import { requestForSpec } from './spec-request.ts';

interface ConnectionPollsOptions {
  readonly spec: ConnectionSpec;
  readonly clock: Clock;
  readonly log: Logger;
  readonly history: Pick<HistoryStore, 'getResumePoints'>;
  readonly poll: Poll;
  readonly queue: Pick<DeliveryQueue, 'push'>;
  readonly timing: Pick<ConnectionTiming, 'pollAfterConnectMs' | 'pollIntervalMs'>;
  /** The connect the polls back up, as it is when a poll falls due. */
  readonly currentAttempt: () => ConnectionAttempt | undefined;
  readonly isOpen: () => boolean;
  /** Reading is paused by backpressure. */
  readonly isPaused: () => boolean;
  /** A poll met a problem retrying cannot fix (e.g. a redirect to another server). */
  readonly fail: (message: string) => void;
}

/** The items of `items` that belong to `topics`, as the queue takes them. */
function ownItems(items: readonly TransportItem[], topics: readonly string[]): BatchItem[] {
  const result: BatchItem[] = [];
  for (const item of items) {
    if (item.type === 'message' && topics.includes(item.message.topic))
      result.push({ type: 'message', message: item.message });
    else if (item.type === 'change' && topics.includes(item.change.topic))
      result.push({ type: 'change', change: item.change });
  }
  return result;
}

/** The first safety-net poll of an attempt starts where its live request did, or at its `open` for a new group. */
export function pollStart(attempt: Pick<ConnectionAttempt, 'since' | 'openTime'>): SinceValue | undefined {
  if (attempt.since?.kind === 'id' || attempt.since?.kind === 'time') return attempt.since;
  return attempt.openTime === undefined ? undefined : { kind: 'time', unixSeconds: attempt.openTime };
}

export class ConnectionPolls {
  readonly #options: ConnectionPollsOptions;
  readonly #timers: NamedTimers<'afterConnect' | 'interval'>;
  /** Where the next safety-net poll starts: the resume point as it was when the previous poll started. */
  #pollFrom: SinceValue | undefined;
  /** A safety-net poll fell due while reading was paused: it runs once reading resumes. */
  #pollWhenResumed = false;

  constructor(options: ConnectionPollsOptions) {
    this.#options = options;
    this.#timers = new NamedTimers(options.clock);
  }

  /** Starts the periodic poll (none for raw, which has no ids to poll from). */
  start(): void {
    if (this.#options.spec.transport === 'raw') return;
    this.#timers.set('interval', this.#options.timing.pollIntervalMs, () => {
      if (this.#options.isOpen()) this.#pollCatchUp();
      this.start();
    });
  }

  /** The server accepted `attempt`'s request. */
  connected(attempt: ConnectionAttempt): void {
    this.#timers.set('afterConnect', this.#options.timing.pollAfterConnectMs, () => {
      this.#pollCatchUp();
    });
    if (attempt.newTopics.length > 0) this.#loadHistory(attempt);
  }

  /** The stream ended: the poll after connecting belongs to the next connect. */
  connectionEnded(): void {
    this.#timers.clear('afterConnect');
  }

  /** The transport was dropped: the next connect polls from its own start. */
  reset(): void {
    this.#timers.clear('afterConnect');
    this.#pollFrom = undefined;
    this.#pollWhenResumed = false;
  }

  /** Reading resumed after backpressure: run the poll that fell due meanwhile. */
  resumed(): void {
    if (!this.#pollWhenResumed) return;
    this.#pollWhenResumed = false;
    this.#pollCatchUp();
  }

  stop(): void {
    this.#timers.clearAll();
  }

  /** Cached history of topics that joined a group which already has resume points. */
  #loadHistory(attempt: ConnectionAttempt): void {
    const { spec, log } = this.#options;
    const run = async (): Promise<void> => {
      const request = requestForSpec(spec, { topics: attempt.newTopics, since: spec.initialSince, poll: true });
      const outcome = await this.#options.poll(request);
      if (attempt.isDisposed()) return;
      if (!outcome.ok) {
        log.log('warn', 'history load failed', { error: outcome.error.message });
        return;
      }
      const items = ownItems(outcome.items, attempt.topics);
      if (items.length > 0) this.#options.queue.push({ mode: 'history', items });
    };
    run().catch((error: unknown) => {
      log.log('warn', 'history load failed', { error: String(error) });
    });
  }

  /**
   * Safety net: what the stream may have missed (fanned out before it was cached, a buffering proxy). Polls from
   * where the attempt started (first poll) or where the previous poll started — never from the resume point as it
   * is now, which a live message may have moved past a message the stream missed.
   */
  #pollCatchUp(): void {
    const { spec, log, queue } = this.#options;
    const attempt = this.#options.currentAttempt();
    if (attempt === undefined || attempt.isDisposed() || !attempt.prepared) return;
    if (this.#options.isPaused()) {
      // The stream is fine, we are only behind: a poll now would fetch and hold again all that waits unread.
      this.#pollWhenResumed = true;
      return;
    }
    const run = async (): Promise<void> => {
      const from = this.#pollFrom ?? pollStart(attempt);
      const points = await storedPoints(this.#options.history, attempt.targets);
      const next = planResume({ topics: attempt.topics, points, initialSince: spec.initialSince }).since;
      if (from === undefined || attempt.isDisposed()) return;
      const outcome = await this.#options.poll(
        requestForSpec(spec, { topics: attempt.topics, since: from, poll: true }),
      );
      if (attempt.isDisposed()) return;
      if (!outcome.ok) {
        log.log('warn', 'catch-up poll failed', { error: outcome.error.message });
        if ('permanent' in outcome.error) this.#options.fail(outcome.error.message);
        return;
      }
      this.#pollFrom = next.kind === 'id' || next.kind === 'time' ? next : from;
      const items = withoutDelivered(ownItems(outcome.items, attempt.topics), points);
      if (items.length === 0) return;
      // The poll's answer is complete from `from` on, so its newest item may move the resume points: what was
      // printed and stored is never asked for again from before it. A point only moves forward
      // (protocol/resume-window.ts), so live items queued meanwhile that are newer keep theirs.
      queue.push({ mode: 'catch-up', items, advance: attempt.targets });
    };
    run().catch((error: unknown) => {
      log.log('warn', 'catch-up poll failed', { error: String(error) });
    });
  }
}
