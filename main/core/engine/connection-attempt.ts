/**
 * One connect of a Connection: reads its topics' resume points, plans where the request starts, opens one
 * transport and wires what it reads through the catch-up collector into the delivery queue.
 *
 * The connection disposes an attempt as soon as it is no longer the current one (a newer connect, a dropped
 * transport, stop). A disposed attempt ignores everything its transport still reports, and everything that awaits
 * on its behalf (its own resume-point read, polls, a 403 search) asks `isDisposed()` before acting — so nothing has to
 * compare connect counters.
 */
import { errorMessage } from '../../../common/error-message.ts';
import type { Clock, HistoryStore, Logger, ResumePoint, ResumeTarget } from '../ports.ts';
import { resumeKey } from '../protocol/resume-key.ts';
import type { SinceValue } from '../protocol/since.ts';
import type { SubscribeRequest } from '../protocol/subscribe-request.ts';
import type { OpenTransport, Transport, TransportEnd, TransportItem } from '../transports/transport.ts';
import { type BatchItem, CatchUpCollector } from './catch-up.ts';
import type { ConnectionSpec } from './connection-types.ts';
import type { DeliveryQueue } from './delivery-queue.ts';
import { planResume, type PlanResumeOptions, type ResumePlan, startsAtOpen, withoutDelivered } from './resume-point.ts';
import { requestForSpec } from './spec-request.ts';

/** What the attempt reports to its connection; never called once it has been disposed. */
export interface AttemptEvents {
  /** The server accepted the request. */
  readonly onOpen: (attempt: ConnectionAttempt) => void;
  /** A sign of life (bytes, a ping): feeds the watchdog. */
  readonly onActivity: () => void;
  /** The transport ended on its own; what the collector held has been handed on. */
  readonly onEnd: (end: TransportEnd) => void;
  /** A message (or raw body) was read for one of its topics: counted. */
  readonly onMessage: () => void;
}

export interface ConnectionAttemptOptions {
  readonly spec: ConnectionSpec;
  /** The topics this connect carries: the spec's, without the forbidden ones. */
  readonly topics: readonly string[];
  readonly clock: Clock;
  readonly log: Logger;
  readonly history: Pick<HistoryStore, 'getResumePoints'>;
  readonly openTransport: OpenTransport;
  /** Milliseconds of quiet after which a replay is handed on as one batch. */
  readonly catchUpQuietMs: number;
  /** What the connection learned before this connect (its first open's time, a refused resume id). */
  readonly resume: Pick<PlanResumeOptions, 'firstOpenTime' | 'preferTime'>;
  /** The connection's: what this attempt reads is delivered in arrival order. */
  readonly queue: Pick<DeliveryQueue, 'push'>;
  readonly events: AttemptEvents;
  /** Bodies from the raw format, which has no ids: not stored, not deduplicated. */
  readonly onRaw?: (body: string, spec: ConnectionSpec) => void;
}

type AttemptPreparation =
  | { readonly kind: 'ready' }
  /** Disposed while reading the resume points: nothing was opened. */
  | { readonly kind: 'stale' }
  /** The request cannot be built (e.g. a credential that cannot be sent): retrying cannot fix it. */
  | { readonly kind: 'bad-request'; readonly message: string };

interface Prepared {
  readonly plan: ResumePlan;
  /** Where the live request starts; undefined for raw, which has no ids and no catch-up. */
  readonly since: SinceValue | undefined;
  readonly request: SubscribeRequest;
  /** Topics without a stored resume point: they get this connect's server time once the replay is over. */
  readonly unpointed: readonly ResumeTarget[];
  /** The stored points the plan was made from, by topic: what lies before a topic's window is not replayed. */
  readonly points: ReadonlyMap<string, ResumePoint>;
}

/** The stored resume points of `targets`, by topic. */
export async function storedPoints(
  history: Pick<HistoryStore, 'getResumePoints'>,
  targets: readonly ResumeTarget[],
): Promise<Map<string, ResumePoint>> {
  const stored = await history.getResumePoints(targets.map((target) => target.key));
  const byTopic = new Map<string, ResumePoint>();
  for (const target of targets) {
    const point = stored.get(target.key);
    if (point !== undefined) byTopic.set(target.topic, point);
  }
  return byTopic;
}

export class ConnectionAttempt {
  readonly topics: readonly string[];
  readonly targets: readonly ResumeTarget[];
  readonly #options: ConnectionAttemptOptions;
  #prepared: Prepared | undefined;
  #collector: CatchUpCollector | undefined;
  #transport: Transport | undefined;
  /** Server time of this attempt's first `open` event (Unix seconds). */
  #openTime: number | undefined;
  #disposed = false;

  constructor(options: ConnectionAttemptOptions) {
    this.#options = options;
    this.topics = options.topics;
    this.targets = options.topics.map((topic) => ({ key: resumeKey(options.spec, topic), topic }));
  }

  /** A method, not a getter: callers ask again after every await, and a getter's answer would look settled. */
  isDisposed(): boolean {
    return this.#disposed;
  }

  /** Whether `prepare()` has succeeded: from then on the attempt knows where it starts. */
  get prepared(): boolean {
    return this.#prepared !== undefined;
  }

  get since(): SinceValue | undefined {
    return this.#prepared?.since;
  }

  get openTime(): number | undefined {
    return this.#openTime;
  }

  /** Topics that joined a group which has resume points: their cached history is loaded on its own. */
  get newTopics(): readonly string[] {
    return this.#prepared?.plan.newTopics ?? [];
  }

  /** Whether a transport is open and reading (not ended, not disposed). */
  get reading(): boolean {
    return this.#transport !== undefined;
  }

  async prepare(): Promise<AttemptPreparation> {
    const { spec, resume } = this.#options;
    const points = await storedPoints(this.#options.history, this.targets);
    if (this.#disposed) return { kind: 'stale' };
    const plan = planResume({ topics: this.topics, points, initialSince: spec.initialSince, ...resume });
    // Raw has no ids and no catch-up: lossy by nature, so it asks for nothing before now.
    const since = spec.transport === 'raw' ? undefined : plan.since;
    let request: SubscribeRequest;
    try {
      request = requestForSpec(spec, { topics: this.topics, ...(since === undefined ? {} : { since }) });
    } catch (error) {
      return { kind: 'bad-request', message: errorMessage(error) };
    }
    const unpointed = this.targets.filter((target) => !points.has(target.topic));
    this.#prepared = { plan, since, request, unpointed, points };
    return { kind: 'ready' };
  }

  /** Opens the transport; once, after `prepare()` answered ready. */
  open(): void {
    const prepared = this.#prepared;
    if (prepared === undefined || this.#collector !== undefined) throw new Error('open() needs one ready attempt');
    const { spec, events } = this.#options;
    const collector = this.#createCollector(prepared);
    this.#collector = collector;
    /** Wraps a handler so that it does nothing once the attempt is disposed. */
    const whileCurrent =
      <Args extends unknown[]>(handler: (...args: Args) => void) =>
      (...args: Args): void => {
        if (!this.#disposed) handler(...args);
      };
    this.#transport = this.#options.openTransport({
      kind: spec.transport,
      request: prepared.request,
      handlers: {
        onOpen: whileCurrent(() => {
          events.onOpen(this);
        }),
        onActivity: whileCurrent(events.onActivity),
        onItem: whileCurrent((item: TransportItem) => {
          this.#onItem(item, collector);
        }),
        onEnd: whileCurrent((end: TransportEnd) => {
          this.#transport = undefined;
          this.#endCollector(collector);
          events.onEnd(end);
        }),
      },
    });
  }

  /** Backpressure: stop reading (what is held back comes after resume). */
  pause(): void {
    this.#transport?.pause();
  }

  resume(): void {
    this.#transport?.resume();
  }

  /** Hands on what was read, closes the transport if it is still open, and from now on ignores it. Idempotent. */
  dispose(): void {
    if (this.#disposed) return;
    const transport = this.#transport;
    this.#transport = undefined;
    if (this.#collector !== undefined) this.#endCollector(this.#collector);
    // Before close(): the transport reports `closed` and that report must find the attempt disposed.
    this.#disposed = true;
    transport?.close();
  }

  /**
   * The stream is over: what was read is handed on. Its replay counts as read only for a group that starts at the
   * open (none/latest): there the open time is its start even if the stream ended at once (a CLI stopped right after
   * connecting resumes from then after a restart). Elsewhere the replay may have been cut short.
   */
  #endCollector(collector: CatchUpCollector): void {
    if (startsAtOpen(this.#options.spec.initialSince)) collector.flush();
    else collector.end();
  }

  #createCollector(prepared: Prepared): CatchUpCollector {
    const { queue } = this.#options;
    const raw = this.#options.spec.transport === 'raw';
    return new CatchUpCollector({
      clock: this.#options.clock,
      quietMs: this.#options.catchUpQuietMs,
      onBatch: (items, kind) => {
        const fresh = kind === 'replay' ? withoutDelivered(items, prepared.points) : items;
        if (fresh.length === 0) return;
        queue.push({ mode: kind === 'replay' ? prepared.plan.replay : 'live', items: fresh, advance: this.targets });
      },
      onReplayDone: () => {
        // Topics that had no resume point resume from this connect's server time from now on (also after a
        // restart before their first message). Queued after the replay, so it is written only once that is.
        if (this.#openTime !== undefined && prepared.unpointed.length > 0 && !raw) {
          queue.push({
            mode: 'live',
            items: [],
            resume: { targets: prepared.unpointed, lastTime: this.#openTime, onlyIfMissing: true },
          });
        }
      },
    });
  }

  #onItem(item: TransportItem, collector: CatchUpCollector): void {
    const { log, events } = this.#options;
    switch (item.type) {
      case 'invalid':
        log.log('warn', 'skipped an unreadable stream item', { reason: item.reason });
        return;
      case 'unknown':
        log.log('debug', 'ignored an unknown event kind', { event: item.event });
        return;
      case 'liveness':
        if (item.event === 'open') {
          this.#openTime ??= item.time;
          collector.opened(item.time);
        }
        return;
      case 'raw':
        events.onMessage();
        this.#options.onRaw?.(item.body, this.#options.spec);
        return;
      case 'message':
      case 'change': {
        const batchItem: BatchItem =
          item.type === 'message'
            ? { type: 'message', message: item.message }
            : { type: 'change', change: item.change };
        if (!this.#isOurs(batchItem)) return;
        if (item.type === 'message') events.onMessage();
        collector.add(batchItem);
        return;
      }
    }
  }

  /** A server (or proxy) that sends a topic we did not ask for: neither shown nor stored. */
  #isOurs(item: BatchItem): boolean {
    const topic = item.type === 'message' ? item.message.topic : item.change.topic;
    if (this.topics.includes(topic)) return true;
    this.#options.log.log('warn', 'skipped a message for a topic this connection did not subscribe to', { topic });
    return false;
  }
}
