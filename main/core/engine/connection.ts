/**
 * One long-lived subscription connection for a group of topics on one server: connect from the topics' resume
 * points, watch liveness, reconnect with backoff, stop on authentication failures and permanent errors, isolate
 * forbidden topics, and poll as a safety net. Every item goes through the DeliveryQueue (dedupe → store → resume
 * point) in arrival order; the queue pauses the transport while too much waits.
 */
import type { Deliver } from '../delivery/deliver.ts';
import type { Clock, HistoryStore, Logger, ResumePoint, ResumeTarget, TimerHandle } from '../ports.ts';
import { resumeKey } from '../protocol/resume-key.ts';
import type { SinceValue } from '../protocol/since.ts';
import type { SubscribeRequest } from '../protocol/subscribe-request.ts';
import type { OpenTransport, ServerError, Transport, TransportEnd, TransportItem } from '../transports/transport.ts';
import { Backoff, parseRetryAfterMs } from './backoff.ts';
import { type BatchItem, CatchUpCollector } from './catch-up.ts';
import {
  type ConnectionSpec,
  type ConnectionState,
  type ConnectionStatus,
  type ConnectionTiming,
  DEFAULT_TIMING,
} from './connection-types.ts';
import { DeliveryQueue, type QueueEntry } from './delivery-queue.ts';
import { permanentStoreError } from './delivery-errors.ts';
import { findForbiddenTopics } from './forbidden-topics.ts';
import type { CheckTopicAccess, Poll } from './http-requests.ts';
import { planResume } from './resume-point.ts';
import { requestForSpec, type SpecRequestOptions } from './spec-request.ts';
import { Watchdog } from './watchdog.ts';
import { errorMessage } from '../../../common/error-message.ts';

export interface ConnectionOptions {
  readonly spec: ConnectionSpec;
  readonly clock: Clock;
  readonly random: () => number;
  readonly log: Logger;
  readonly openTransport: OpenTransport;
  readonly history: HistoryStore;
  readonly deliver: Deliver;
  readonly poll: Poll;
  readonly checkTopicAccess: CheckTopicAccess;
  readonly timing?: Partial<ConnectionTiming>;
  readonly onStatus: (status: ConnectionStatus) => void;
  /** Bodies from the raw format, which has no ids: not stored, not deduplicated. */
  readonly onRaw?: (body: string, spec: ConnectionSpec) => void;
}

type TimerName = 'reconnect' | 'healthy' | 'pollAfterConnect' | 'pollInterval';

/** What one connect attempt started from: its polls start there too, so nothing between is skipped. */
interface Attempt {
  readonly generation: number;
  readonly topics: readonly string[];
  readonly targets: readonly ResumeTarget[];
  readonly since: SinceValue | undefined;
  /** Server time of this attempt's `open` (Unix seconds). */
  openTime?: number;
}

export class Connection {
  readonly #options: ConnectionOptions;
  readonly #spec: ConnectionSpec;
  readonly #timing: ConnectionTiming;
  readonly #backoff: Backoff;
  readonly #watchdog: Watchdog;
  readonly #queue: DeliveryQueue;
  readonly #timers = new Map<TimerName, TimerHandle>();
  readonly #forbidden = new Set<string>();
  #state: ConnectionState = { kind: 'stopped' };
  #running = false;
  /** Bumped on every connect and stop: callbacks of an older transport are ignored. */
  #generation = 0;
  #transport: Transport | undefined;
  #paused = false;
  /** A safety-net poll fell due while reading was paused: it runs once reading resumes. */
  #pollWhenResumed = false;
  #collector: CatchUpCollector | undefined;
  #attempt: Attempt | undefined;
  /** Where the next safety-net poll starts: the resume point as it was when the previous poll started. */
  #pollFrom: SinceValue | undefined;
  /**
   * The first `open`'s server time, once writing it as the resume point of topics that have none failed (full
   * disk): a reconnect resumes from it, never from the time of something received but not stored.
   */
  #unsavedStartTime: number | undefined;
  /** The server refused `since=<id>` (400): resume by time from now on. */
  #preferTime = false;
  #reconnects = 0;
  #messages = 0;
  #lastActivityAt: number | undefined;

  constructor(options: ConnectionOptions) {
    this.#options = options;
    this.#spec = options.spec;
    this.#timing = { ...DEFAULT_TIMING, ...options.timing };
    this.#backoff = new Backoff({
      random: options.random,
      initialDelayMs: this.#timing.backoffInitialMs,
      maxDelayMs: this.#timing.backoffMaxMs,
    });
    this.#watchdog = new Watchdog({
      clock: options.clock,
      timeoutMs: this.#timing.keepaliveTimeoutMs,
      onDead: () => {
        this.#dropTransport();
        this.#scheduleReconnect(`no data for ${String(this.#timing.keepaliveTimeoutMs / 1000)} s`);
      },
    });
    this.#queue = new DeliveryQueue({
      deliver: options.deliver,
      groupKey: options.spec.key,
      server: options.spec.server,
      onError: (error, entry) => {
        this.#onDeliveryFailed(error, entry);
      },
      onPressure: (tooFull) => {
        this.#setPaused(tooFull);
      },
    });
  }

  get spec(): ConnectionSpec {
    return this.#spec;
  }

  get status(): ConnectionStatus {
    const counters = { reconnects: this.#reconnects, messages: this.#messages };
    return {
      key: this.#spec.key,
      server: this.#spec.server,
      transport: this.#spec.transport,
      topics: this.#activeTopics(),
      forbiddenTopics: [...this.#forbidden],
      state: this.#state,
      counters: this.#lastActivityAt === undefined ? counters : { ...counters, lastActivityAt: this.#lastActivityAt },
    };
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedulePeriodicPoll();
    this.#connectNow();
  }

  /** Stops at once; `drained()` resolves when what was already read has been delivered. */
  stop(): void {
    this.#running = false;
    this.#generation++;
    this.#dropTransport();
    for (const name of [...this.#timers.keys()]) this.#clearTimer(name);
    this.#setState({ kind: 'stopped' });
  }

  drained(): Promise<void> {
    return this.#queue.drained();
  }

  /** For OS resume and network-online: a socket that survived sleep may be half-open, so start afresh. */
  reconnectNow(): void {
    if (!this.#running || this.#state.kind === 'auth-failed' || this.#state.kind === 'error') return;
    this.#dropTransport();
    this.#backoff.reset();
    this.#connectNow();
  }

  #activeTopics(): string[] {
    return this.#spec.topics.filter((topic) => !this.#forbidden.has(topic));
  }

  #targets(topics: readonly string[]): ResumeTarget[] {
    return topics.map((topic) => ({ key: resumeKey(this.#spec, topic), topic }));
  }

  async #storedPoints(targets: readonly ResumeTarget[]): Promise<Map<string, ResumePoint>> {
    const stored = await this.#options.history.getResumePoints(targets.map((target) => target.key));
    const byTopic = new Map<string, ResumePoint>();
    for (const target of targets) {
      const point = stored.get(target.key);
      if (point !== undefined) byTopic.set(target.topic, point);
    }
    return byTopic;
  }

  #connectNow(): void {
    this.#clearTimer('reconnect');
    const generation = ++this.#generation;
    this.#setState({ kind: 'connecting' });
    this.#connect(generation).catch((error: unknown) => {
      if (generation !== this.#generation) return;
      const permanent = permanentStoreError(error);
      if (permanent !== undefined) {
        this.#fail(permanent);
        return;
      }
      this.#options.log.log('error', 'connect failed', { error: String(error) });
      this.#scheduleReconnect(String(error));
    });
  }

  async #connect(generation: number): Promise<void> {
    const topics = this.#activeTopics();
    const targets = this.#targets(topics);
    const points = await this.#storedPoints(targets);
    if (generation !== this.#generation) return;
    const raw = this.#spec.transport === 'raw';
    const plan = planResume({
      topics,
      points,
      initialSince: this.#spec.initialSince,
      ...(this.#unsavedStartTime === undefined ? {} : { unsavedStartTime: this.#unsavedStartTime }),
      preferTime: this.#preferTime,
    });
    // Raw has no ids and no catch-up: lossy by nature, so it asks for nothing before now.
    const since = raw ? undefined : plan.since;
    let request: SubscribeRequest;
    try {
      request = this.#request({ topics, ...(since === undefined ? {} : { since }) });
    } catch (error) {
      this.#fail(errorMessage(error));
      return;
    }
    const attempt: Attempt = { generation, topics, targets, since };
    this.#attempt = attempt;
    const unpointed = targets.filter((target) => !points.has(target.topic));
    const collector = new CatchUpCollector({
      clock: this.#options.clock,
      quietMs: this.#timing.catchUpQuietMs,
      onBatch: (items, kind) => {
        this.#queue.push({ mode: kind === 'replay' ? plan.replay : 'live', items, advance: targets });
      },
      onReplayDone: () => {
        // Topics that had no resume point resume from this connect's server time from now on (also after a
        // restart before their first message). Queued after the replay, so it is written only once that is.
        if (attempt.openTime !== undefined && unpointed.length > 0 && !raw) {
          const resume = { targets: unpointed, lastTime: attempt.openTime, onlyIfMissing: true };
          this.#queue.push({ mode: 'live', items: [], resume });
        }
      },
    });
    this.#collector = collector;
    // Armed while connecting too: a server that accepts the socket but never answers is as dead as a silent one.
    this.#watchdog.start();
    this.#transport = this.#options.openTransport({
      kind: this.#spec.transport,
      request,
      handlers: {
        onOpen: () => {
          if (generation === this.#generation) this.#onOpen(plan.newTopics, topics);
        },
        onActivity: () => {
          if (generation !== this.#generation) return;
          this.#lastActivityAt = this.#options.clock.now();
          this.#watchdog.kick();
        },
        onItem: (item) => {
          if (generation === this.#generation) this.#onItem(item, collector, attempt);
        },
        onEnd: (end) => {
          if (generation === this.#generation) this.#onEnd(end);
        },
      },
    });
    if (this.#paused) this.#transport.pause();
  }

  #onOpen(newTopics: readonly string[], topics: readonly string[]): void {
    this.#setState({ kind: 'open', since: this.#options.clock.now() });
    if (!this.#paused) this.#watchdog.start();
    this.#setTimer('healthy', this.#timing.healthyAfterMs, () => {
      this.#backoff.reset();
    });
    if (this.#spec.transport === 'raw') return;
    this.#setTimer('pollAfterConnect', this.#timing.pollAfterConnectMs, () => {
      this.#pollCatchUp();
    });
    if (newTopics.length > 0) this.#loadHistory(newTopics, topics);
  }

  #onItem(item: TransportItem, collector: CatchUpCollector, attempt: Attempt): void {
    switch (item.type) {
      case 'invalid':
        this.#options.log.log('warn', 'skipped an unreadable stream item', { reason: item.reason });
        return;
      case 'unknown':
        this.#options.log.log('debug', 'ignored an unknown event kind', { event: item.event });
        return;
      case 'liveness':
        if (item.event === 'open') {
          if (attempt.openTime === undefined && item.time !== undefined) attempt.openTime = item.time;
          collector.opened(item.time);
        }
        return;
      case 'raw':
        this.#messages++;
        this.#options.onRaw?.(item.body, this.#spec);
        return;
      case 'message':
      case 'change': {
        const batchItem: BatchItem =
          item.type === 'message'
            ? { type: 'message', message: item.message }
            : { type: 'change', change: item.change };
        if (!this.#isOurs(batchItem, attempt)) return;
        if (item.type === 'message') this.#messages++;
        collector.add(batchItem);
        return;
      }
    }
  }

  /** A server (or proxy) that sends a topic we did not ask for: neither shown nor stored. */
  #isOurs(item: BatchItem, attempt: Attempt): boolean {
    const topic = item.type === 'message' ? item.message.topic : item.change.topic;
    if (attempt.topics.includes(topic)) return true;
    this.#options.log.log('warn', 'skipped a message for a topic this connection did not subscribe to', { topic });
    return false;
  }

  #onEnd(end: TransportEnd): void {
    this.#transport = undefined;
    this.#stopConnectionTimers();
    switch (end.kind) {
      case 'closed':
        return;
      case 'refused':
        this.#onRefused(end.error);
        return;
      case 'fatal':
        this.#fail(end.message);
        return;
      case 'network':
        this.#scheduleReconnect(end.message);
        return;
      case 'ended':
        this.#scheduleReconnect('the server closed the stream');
        return;
    }
  }

  #onRefused(error: ServerError): void {
    const lockedOut = error.status === 429 && error.code === 42909;
    if (error.status === 401 || lockedOut) {
      this.#setState({ kind: 'auth-failed', error });
      return;
    }
    if (error.status === 403) {
      const generation = this.#generation;
      this.#narrowForbidden(error).catch((failure: unknown) => {
        this.#options.log.log('warn', 'could not narrow down a 403', { error: String(failure) });
        if (generation === this.#generation) this.#scheduleReconnect(error.message);
      });
      return;
    }
    if (error.status === 400 && this.#attempt?.since?.kind === 'id' && !this.#preferTime) {
      // A resume id the server does not accept (not ntfy's form, a proxy's rule): resume by time instead of
      // failing for good — dedupe absorbs the overlap.
      this.#options.log.log('warn', 'the server refused the resume id; resuming by time', { error: error.message });
      this.#preferTime = true;
      this.#connectNow();
      return;
    }
    if (error.status === 400) {
      this.#fail(error.message);
      return;
    }
    const retryAfterMs = parseRetryAfterMs(error.retryAfter, this.#options.clock.now());
    this.#scheduleReconnect(error.message, retryAfterMs);
  }

  /**
   * A 403 on a multi-topic request: find the forbidden topics by probing lists of topics (`/<a,b>/auth`),
   * bisecting, at a small concurrency and waiting out 429s; keep the readable ones.
   */
  async #narrowForbidden(error: ServerError): Promise<void> {
    const generation = this.#generation;
    const topics = this.#activeTopics();
    if (topics.length < 2) {
      this.#setState({ kind: 'auth-failed', error });
      return;
    }
    const decision = await findForbiddenTopics({
      topics,
      clock: this.#options.clock,
      probe: async (probed) => ({ answer: await this.#options.checkTopicAccess(this.#request({ topics: probed })) }),
    });
    if (generation !== this.#generation || !this.#running) return;
    switch (decision.kind) {
      case 'all-forbidden':
      case 'unauthorized':
        this.#setState({ kind: 'auth-failed', error });
        return;
      case 'undecided':
        // Not known to be forbidden (network trouble, rate limits): try again later, never give up the topics.
        this.#scheduleReconnect(`${error.message}; ${decision.reason}`, decision.retryAfterMs);
        return;
      case 'isolate':
        for (const topic of decision.forbidden) this.#forbidden.add(topic);
        this.#options.log.log('warn', 'isolated forbidden topics; the others reconnect', {
          forbidden: decision.forbidden.join(','),
        });
        this.#connectNow();
        return;
    }
  }

  #scheduleReconnect(reason: string, retryAfterMs?: number): void {
    if (!this.#running) return;
    const delayMs = this.#backoff.nextDelayMs(retryAfterMs);
    this.#setState({ kind: 'backoff', nextAttemptAt: this.#options.clock.now() + delayMs, reason });
    this.#setTimer('reconnect', delayMs, () => {
      this.#reconnects++;
      this.#connectNow();
    });
  }

  /** A problem retrying cannot fix: stop here and say why (the app shows it, the CLI exits). */
  #fail(message: string): void {
    this.#dropTransport();
    this.#clearTimer('reconnect');
    this.#setState({ kind: 'error', message });
  }

  #request(options: SpecRequestOptions): SubscribeRequest {
    return requestForSpec(this.#spec, options);
  }

  #onDeliveryFailed(error: unknown, entry: QueueEntry): void {
    if (entry.resume?.onlyIfMissing === true && entry.resume.lastTime !== undefined) {
      // Everything before it was stored; only the start time could not be written. Keep it in memory.
      this.#unsavedStartTime ??= entry.resume.lastTime;
    }
    const permanent = permanentStoreError(error);
    if (permanent !== undefined) {
      this.#options.log.log('error', 'cannot store messages', { error: String(error) });
      this.#fail(permanent);
      return;
    }
    // Not stored means the resume point did not move: reconnecting fetches these from the server again.
    this.#options.log.log('error', 'could not deliver messages; reconnecting to fetch them again', {
      error: String(error),
    });
    if (this.#running && this.#state.kind !== 'error' && this.#state.kind !== 'auth-failed') {
      this.#dropTransport();
      this.#scheduleReconnect('storing messages failed');
    }
  }

  /** Cached history of topics that joined a group which already has resume points. */
  #loadHistory(topics: readonly string[], allTopics: readonly string[]): void {
    const generation = this.#generation;
    const run = async (): Promise<void> => {
      const outcome = await this.#options.poll(this.#request({ topics, since: this.#spec.initialSince, poll: true }));
      if (generation !== this.#generation) return;
      if (!outcome.ok) {
        this.#options.log.log('warn', 'history load failed', { error: outcome.error.message });
        return;
      }
      const items = this.#ownItems(outcome.items, allTopics);
      if (items.length > 0) this.#queue.push({ mode: 'history', items });
    };
    run().catch((error: unknown) => {
      this.#options.log.log('warn', 'history load failed', { error: String(error) });
    });
  }

  #ownItems(items: readonly TransportItem[], topics: readonly string[]): BatchItem[] {
    const result: BatchItem[] = [];
    for (const item of items) {
      if (item.type === 'message' && topics.includes(item.message.topic))
        result.push({ type: 'message', message: item.message });
      else if (item.type === 'change' && topics.includes(item.change.topic))
        result.push({ type: 'change', change: item.change });
    }
    return result;
  }

  /**
   * Safety net: what the stream may have missed (fanned out before it was cached, a buffering proxy). Polls from
   * where the attempt started (first poll) or where the previous poll started — never from the resume point as it
   * is now, which a live message may have moved past a message the stream missed.
   */
  #pollCatchUp(): void {
    const attempt = this.#attempt;
    if (attempt === undefined || attempt.generation !== this.#generation) return;
    if (this.#paused) {
      // The stream is fine, we are only behind: a poll now would fetch and hold again all that waits unread.
      this.#pollWhenResumed = true;
      return;
    }
    const run = async (): Promise<void> => {
      const from = this.#pollFrom ?? pollStart(attempt);
      const points = await this.#storedPoints(attempt.targets);
      const next = planResume({ topics: attempt.topics, points, initialSince: this.#spec.initialSince }).since;
      if (from === undefined || attempt.generation !== this.#generation) return;
      const pushedBefore = this.#queue.pushed;
      const outcome = await this.#options.poll(this.#request({ topics: attempt.topics, since: from, poll: true }));
      if (attempt.generation !== this.#generation) return;
      if (!outcome.ok) {
        this.#options.log.log('warn', 'catch-up poll failed', { error: outcome.error.message });
        if ('permanent' in outcome.error) this.#fail(outcome.error.message);
        return;
      }
      this.#pollFrom = next.kind === 'id' || next.kind === 'time' ? next : from;
      const items = this.#ownItems(outcome.items, attempt.topics);
      if (items.length === 0) return;
      // Items queued meanwhile may be newer than the poll's last one: then store only, never move back.
      const live = this.#queue.pushed !== pushedBefore;
      this.#queue.push({ mode: 'catch-up', items, ...(live ? {} : { advance: attempt.targets }) });
    };
    run().catch((error: unknown) => {
      this.#options.log.log('warn', 'catch-up poll failed', { error: String(error) });
    });
  }

  #schedulePeriodicPoll(): void {
    if (this.#spec.transport === 'raw') return;
    this.#setTimer('pollInterval', this.#timing.pollIntervalMs, () => {
      if (this.#state.kind === 'open') this.#pollCatchUp();
      this.#schedulePeriodicPoll();
    });
  }

  /** Backpressure from the queue: stop reading (and stop the watchdog, which would take the pause for death). */
  #setPaused(paused: boolean): void {
    if (this.#paused === paused) return;
    this.#paused = paused;
    if (paused) {
      this.#watchdog.stop();
      this.#transport?.pause();
      return;
    }
    this.#transport?.resume();
    if (this.#transport !== undefined) this.#watchdog.start();
    if (this.#pollWhenResumed) {
      this.#pollWhenResumed = false;
      this.#pollCatchUp();
    }
  }

  #dropTransport(): void {
    const transport = this.#transport;
    this.#transport = undefined;
    this.#stopConnectionTimers();
    this.#generation++;
    this.#pollFrom = undefined;
    this.#pollWhenResumed = false;
    transport?.close();
  }

  #stopConnectionTimers(): void {
    this.#watchdog.stop();
    this.#collector?.flush();
    this.#clearTimer('healthy');
    this.#clearTimer('pollAfterConnect');
  }

  #setTimer(name: TimerName, delayMs: number, callback: () => void): void {
    this.#clearTimer(name);
    this.#timers.set(
      name,
      this.#options.clock.setTimeout(() => {
        this.#timers.delete(name);
        callback();
      }, delayMs),
    );
  }

  #clearTimer(name: TimerName): void {
    const timer = this.#timers.get(name);
    if (timer !== undefined) this.#options.clock.clearTimeout(timer);
    this.#timers.delete(name);
  }

  #setState(state: ConnectionState): void {
    this.#state = state;
    this.#options.onStatus(this.status);
  }
}

/** The first safety-net poll of an attempt starts where its live request did, or at its `open` for a new group. */
function pollStart(attempt: Attempt): SinceValue | undefined {
  if (attempt.since?.kind === 'id' || attempt.since?.kind === 'time') return attempt.since;
  return attempt.openTime === undefined ? undefined : { kind: 'time', unixSeconds: attempt.openTime };
}
