/**
 * One long-lived subscription connection for a group of topics on one server: connect with `since=<cursor>`,
 * watch liveness, reconnect with backoff, stop on authentication failures, isolate forbidden topics, and poll as a
 * safety net. Every item goes through `deliver` (dedupe → store → cursor) in arrival order, one at a time.
 */
import type { Deliver, DeliveryMode } from '../delivery/deliver.ts';
import type { Clock, HistoryStore, Logger, TimerHandle } from '../ports.ts';
import type { SinceValue } from '../protocol/since.ts';
import { buildSubscribeRequest, type SubscribeRequest } from '../protocol/subscribe-request.ts';
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
import type { CheckTopicAccess, Poll } from './http-requests.ts';
import { Watchdog } from './watchdog.ts';

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

export class Connection {
  readonly #options: ConnectionOptions;
  readonly #spec: ConnectionSpec;
  readonly #timing: ConnectionTiming;
  readonly #backoff: Backoff;
  readonly #watchdog: Watchdog;
  readonly #timers = new Map<TimerName, TimerHandle>();
  readonly #forbidden = new Set<string>();
  #state: ConnectionState = { kind: 'stopped' };
  #running = false;
  /** Bumped on every connect and stop: callbacks of an older transport are ignored. */
  #generation = 0;
  #transport: Transport | undefined;
  #collector: CatchUpCollector | undefined;
  #replayMode: DeliveryMode = 'catch-up';
  #queue: Promise<void> = Promise.resolve();
  #enqueued = 0;
  #reconnects = 0;
  #messages = 0;
  #lastActivityAt: number | undefined;
  /**
   * Newest server time seen (Unix seconds, from open/keepalive/messages). Resumes a group that has no message id
   * yet: `since=<time>` is inclusive, and dedupe drops the overlap.
   */
  #lastServerTime: number | undefined;

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
        this.#scheduleReconnect(`no data for ${this.#timing.keepaliveTimeoutMs / 1000} s`);
      },
    });
  }

  get spec(): ConnectionSpec {
    return this.#spec;
  }

  get status(): ConnectionStatus {
    const topics = this.#activeTopics();
    const counters = { reconnects: this.#reconnects, messages: this.#messages };
    return {
      key: this.#spec.key,
      server: this.#spec.server,
      transport: this.#spec.transport,
      topics,
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

  /** Stops at once; `drained()` resolves when what was already read has been stored. */
  stop(): void {
    this.#running = false;
    this.#generation++;
    this.#dropTransport();
    this.#collector?.flush();
    for (const name of [...this.#timers.keys()]) this.#clearTimer(name);
    this.#setState({ kind: 'stopped' });
  }

  drained(): Promise<void> {
    return this.#queue;
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

  #connectNow(): void {
    this.#clearTimer('reconnect');
    const generation = ++this.#generation;
    this.#setState({ kind: 'connecting' });
    this.#connect(generation).catch((error: unknown) => {
      this.#options.log.log('error', 'connect failed', { error: String(error) });
      if (generation === this.#generation) this.#scheduleReconnect(String(error));
    });
  }

  async #connect(generation: number): Promise<void> {
    const cursor = await this.#options.history.getCursor(this.#spec.key);
    if (generation !== this.#generation) return;
    const topics = this.#activeTopics();
    let since: SinceValue | undefined;
    if (cursor?.lastId !== undefined) since = { kind: 'id', id: cursor.lastId };
    else if (this.#lastServerTime !== undefined) since = { kind: 'time', unixSeconds: this.#lastServerTime };
    else since = this.#spec.initialSince;
    if (this.#spec.transport === 'raw') since = undefined; // no ids, no catch-up: raw is lossy by nature
    this.#replayMode = since === this.#spec.initialSince ? 'history' : 'catch-up';
    const knownTopics = cursor?.topics ?? [];
    const newTopics = cursor === undefined ? [] : topics.filter((topic) => !knownTopics.includes(topic));

    let request: SubscribeRequest;
    try {
      request = this.#request({ topics, ...(since === undefined ? {} : { since }) });
    } catch (error) {
      this.#setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    const collector = new CatchUpCollector({
      clock: this.#options.clock,
      quietMs: this.#timing.catchUpQuietMs,
      onBatch: (items, kind) => {
        this.#enqueue({ items, mode: kind === 'replay' ? this.#replayMode : 'live', advanceCursor: true });
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
          if (generation === this.#generation) this.#onOpen({ firstConnect: cursor === undefined, topics, newTopics });
        },
        onActivity: () => {
          if (generation !== this.#generation) return;
          this.#lastActivityAt = this.#options.clock.now();
          this.#watchdog.kick();
        },
        onItem: (item) => {
          if (generation === this.#generation) this.#onItem(item, collector);
        },
        onEnd: (end) => {
          if (generation === this.#generation) this.#onEnd(end);
        },
      },
    });
  }

  #onOpen(context: { firstConnect: boolean; topics: readonly string[]; newTopics: readonly string[] }): void {
    this.#setState({ kind: 'open', since: this.#options.clock.now() });
    this.#watchdog.start();
    this.#setTimer('healthy', this.#timing.healthyAfterMs, () => {
      this.#backoff.reset();
    });
    if (this.#spec.transport === 'raw') return;
    this.#setTimer('pollAfterConnect', this.#timing.pollAfterConnectMs, () => {
      this.#pollCatchUp();
    });
    // The live request's replay is the first history load; remember which topics it covered.
    if (context.firstConnect)
      this.#enqueue({ items: [], mode: 'history', advanceCursor: false, loadedTopics: context.topics });
    else if (context.newTopics.length > 0) this.#loadHistory(context.newTopics, context.topics);
  }

  #onItem(item: TransportItem, collector: CatchUpCollector): void {
    switch (item.type) {
      case 'invalid':
        this.#options.log.log('warn', 'skipped an unreadable stream item', { reason: item.reason });
        return;
      case 'unknown':
        this.#options.log.log('debug', 'ignored an unknown event kind', { event: item.event });
        return;
      case 'liveness':
        if (item.event === 'open') collector.opened(item.time);
        this.#noteServerTime(item.time);
        return;
      case 'raw':
        this.#messages++;
        this.#options.onRaw?.(item.body, this.#spec);
        return;
      case 'message':
        this.#messages++;
        this.#noteServerTime(item.message.time);
        collector.add({ type: 'message', message: item.message });
        return;
      case 'change':
        collector.add({ type: 'change', change: item.change });
        return;
    }
  }

  #noteServerTime(time: number | undefined): void {
    if (time !== undefined && (this.#lastServerTime === undefined || time > this.#lastServerTime)) {
      this.#lastServerTime = time;
    }
  }

  #onEnd(end: TransportEnd): void {
    this.#transport = undefined;
    this.#stopConnectionTimers();
    if (end.kind === 'closed') return;
    if (end.kind === 'refused') {
      this.#onRefused(end.error);
      return;
    }
    this.#scheduleReconnect(end.kind === 'network' ? end.message : 'the server closed the stream');
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
        if (generation === this.#generation) this.#setState({ kind: 'auth-failed', error });
        this.#options.log.log('warn', 'could not narrow down a 403', { error: String(failure) });
      });
      return;
    }
    if (error.status === 400) {
      this.#setState({ kind: 'error', message: error.message });
      return;
    }
    const retryAfterMs = parseRetryAfterMs(error.retryAfter, Date.now());
    this.#scheduleReconnect(error.message, retryAfterMs);
  }

  /** A 403 on a multi-topic request: ask `/<topic>/auth` per topic, isolate the forbidden ones, keep the rest. */
  async #narrowForbidden(error: ServerError): Promise<void> {
    const generation = this.#generation;
    const topics = this.#activeTopics();
    if (topics.length < 2) {
      this.#setState({ kind: 'auth-failed', error });
      return;
    }
    const access = await Promise.all(
      topics.map(async (topic) => ({
        topic,
        access: await this.#options.checkTopicAccess(this.#request({ topics: [topic] })),
      })),
    );
    if (generation !== this.#generation || !this.#running) return;
    const forbidden = access.filter((entry) => entry.access === 'forbidden').map((entry) => entry.topic);
    if (forbidden.length === 0 || forbidden.length === topics.length) {
      this.#setState({ kind: 'auth-failed', error });
      return;
    }
    for (const topic of forbidden) this.#forbidden.add(topic);
    this.#options.log.log('warn', 'isolated forbidden topics; the others reconnect', {
      forbidden: forbidden.join(','),
    });
    this.#connectNow();
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

  #request(overrides: { topics: readonly string[]; since?: SinceValue; poll?: boolean }): SubscribeRequest {
    const spec = this.#spec;
    return buildSubscribeRequest({
      baseUrl: spec.server,
      transport: spec.transport,
      filters: spec.filters,
      credentials: spec.credentials,
      authVia: spec.authVia,
      scheduled: spec.scheduled,
      ...overrides,
    });
  }

  #enqueue(request: {
    items: readonly BatchItem[];
    mode: DeliveryMode;
    advanceCursor: boolean;
    loadedTopics?: readonly string[];
  }): void {
    this.#enqueued++;
    const generation = this.#generation;
    this.#queue = this.#queue
      .then(async () => {
        await this.#options.deliver({ groupKey: this.#spec.key, server: this.#spec.server, ...request });
      })
      .catch((error: unknown) => {
        // Not stored means the cursor did not move: reconnecting replays these from the server.
        this.#options.log.log('error', 'could not store messages; reconnecting to fetch them again', {
          error: String(error),
        });
        if (generation === this.#generation && this.#running) {
          this.#dropTransport();
          this.#scheduleReconnect('storing messages failed');
        }
      });
  }

  #loadHistory(topics: readonly string[], allTopics: readonly string[]): void {
    const generation = this.#generation;
    const run = async (): Promise<void> => {
      const outcome = await this.#options.poll(this.#request({ topics, since: this.#spec.initialSince, poll: true }));
      if (generation !== this.#generation) return;
      if (!outcome.ok) {
        this.#options.log.log('warn', 'history load failed', { error: outcome.error.message });
        return;
      }
      this.#enqueue({
        items: batchItems(outcome.items),
        mode: 'history',
        advanceCursor: false,
        loadedTopics: allTopics,
      });
    };
    run().catch((error: unknown) => {
      this.#options.log.log('warn', 'history load failed', { error: String(error) });
    });
  }

  /** Safety net: what the stream may have missed (fan-out before caching, buffering proxies) since the cursor. */
  #pollCatchUp(): void {
    const generation = this.#generation;
    const run = async (): Promise<void> => {
      const cursor = await this.#options.history.getCursor(this.#spec.key);
      if (cursor?.lastId === undefined || generation !== this.#generation) return;
      const enqueuedBefore = this.#enqueued;
      const since: SinceValue = { kind: 'id', id: cursor.lastId };
      const outcome = await this.#options.poll(this.#request({ topics: this.#activeTopics(), since, poll: true }));
      if (generation !== this.#generation) return;
      if (!outcome.ok) {
        this.#options.log.log('warn', 'catch-up poll failed', { error: outcome.error.message });
        return;
      }
      const items = batchItems(outcome.items);
      if (items.length === 0) return;
      // Live items queued meanwhile are newer than the poll's last one: keep the cursor where they put it.
      this.#enqueue({ items, mode: 'catch-up', advanceCursor: this.#enqueued === enqueuedBefore });
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

  #dropTransport(): void {
    const transport = this.#transport;
    this.#transport = undefined;
    this.#stopConnectionTimers();
    this.#generation++;
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

function batchItems(items: readonly TransportItem[]): BatchItem[] {
  const result: BatchItem[] = [];
  for (const item of items) {
    if (item.type === 'message') result.push({ type: 'message', message: item.message });
    else if (item.type === 'change') result.push({ type: 'change', change: item.change });
  }
  return result;
}
