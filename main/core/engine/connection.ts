/**
 * One long-lived subscription connection for a group of topics on one server: its state machine. Each connect is a
 * ConnectionAttempt, disposed once it is no longer current, so nothing stale acts. When a stream ends (or storing
 * fails) connection-decisions.ts says what follows — reconnect, stop on authentication failures and permanent
 * errors, isolate forbidden topics — and this carries it out. ConnectionRetry owns liveness and backoff,
 * ConnectionPolls the safety-net polls. Every item goes through the DeliveryQueue (dedupe → store → resume point)
 * in arrival order; the queue pauses the transport while too much waits.
 *
 * About 300 lines: the states and every transition between them stay in one place to be read together.
 */
import { ConnectionAttempt } from './connection-attempt.ts';
import { type ConnectionDecision, decideEnd, decideStoreFailure, narrowForbidden } from './connection-decisions.ts';
import { ConnectionPolls } from './connection-polls.ts';
import { ConnectionRetry } from './connection-retry.ts';
import {
  type ConnectionOptions,
  type ConnectionSpec,
  type ConnectionState,
  type ConnectionStatus,
  type ConnectionTiming,
  DEFAULT_TIMING,
} from './connection-types.ts';
import { DeliveryQueue } from './delivery-queue.ts';
import { requestForSpec } from './spec-request.ts';
import type { ServerError } from '../transports/transport.ts';
import type { ConnectionTrouble } from '../../../common/connection-trouble.ts';
import { t } from '../../../common/i18n/translate.ts';
import { shortTopicList } from '../../../common/short-text.ts';

export type { ConnectionOptions } from './connection-types.ts';

export class Connection {
  readonly #options: ConnectionOptions;
  readonly #spec: ConnectionSpec;
  readonly #timing: ConnectionTiming;
  readonly #retry: ConnectionRetry;
  readonly #queue: DeliveryQueue;
  readonly #polls: ConnectionPolls;
  readonly #forbidden = new Set<string>();
  #state: ConnectionState = { kind: 'stopped' };
  #running = false;
  /** The latest connect; disposed once its transport was dropped or the connection stopped. */
  #attempt: ConnectionAttempt | undefined;
  /** Backpressure from the queue: reading is paused. */
  #paused = false;
  /**
   * The first `open`'s server time, for topics whose stored point is not there yet when reconnecting (see
   * PlanResumeOptions.firstOpenTime): never the time of something received but not stored.
   */
  #firstOpenTime: number | undefined;
  /** The server refused `since=<id>` (400): resume by time from now on. */
  #preferTime = false;
  #reconnects = 0;
  #messages = 0;

  constructor(options: ConnectionOptions) {
    this.#options = options;
    this.#spec = options.spec;
    this.#timing = { ...DEFAULT_TIMING, ...options.timing };
    this.#retry = new ConnectionRetry({
      ...options,
      timing: this.#timing,
      onDead: (reason) => {
        this.#dropTransport();
        this.#scheduleReconnect(reason, { kind: 'silent' });
      },
    });
    this.#queue = new DeliveryQueue({
      deliver: options.deliver,
      groupKey: options.spec.key,
      server: options.spec.server,
      onError: (error) => {
        this.#onDeliveryFailed(error);
      },
      onPressure: (tooFull) => {
        this.#setPaused(tooFull);
      },
    });
    this.#polls = new ConnectionPolls({
      ...options,
      queue: this.#queue,
      timing: this.#timing,
      currentAttempt: () => this.#attempt,
      isOpen: () => this.#state.kind === 'open',
      isPaused: () => this.#paused,
      fail: (message) => {
        this.#fail(message);
      },
    });
  }

  get spec(): ConnectionSpec {
    return this.#spec;
  }

  get status(): ConnectionStatus {
    const counters = { reconnects: this.#reconnects, messages: this.#messages };
    const lastActivityAt = this.#retry.lastActivityAt;
    return {
      key: this.#spec.key,
      server: this.#spec.server,
      transport: this.#spec.transport,
      topics: this.#activeTopics(),
      forbiddenTopics: [...this.#forbidden],
      state: this.#state,
      counters: lastActivityAt === undefined ? counters : { ...counters, lastActivityAt },
    };
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#polls.start();
    this.#connectNow();
  }

  /** Stops at once; `drained()` resolves when what was already read has been delivered. */
  stop(): void {
    this.#running = false;
    this.#dropTransport();
    this.#retry.stop();
    this.#polls.stop();
    this.#setState({ kind: 'stopped' });
  }

  drained(): Promise<void> {
    return this.#queue.drained();
  }

  /** For OS resume and network-online: a socket that survived sleep may be half-open, so start afresh. */
  reconnectNow(): void {
    if (!this.#running || this.#state.kind === 'auth-failed' || this.#state.kind === 'error') return;
    this.#dropTransport();
    this.#retry.resetBackoff();
    this.#connectNow();
  }

  #activeTopics(): string[] {
    return this.#spec.topics.filter((topic) => !this.#forbidden.has(topic));
  }

  #connectNow(): void {
    this.#retry.cancelReconnect();
    this.#firstOpenTime ??= this.#attempt?.openTime;
    this.#attempt?.dispose();
    const { clock } = this.#options;
    const attempt = new ConnectionAttempt({
      ...this.#options,
      topics: this.#activeTopics(),
      catchUpQuietMs: this.#timing.catchUpQuietMs,
      resume: {
        ...(this.#firstOpenTime === undefined ? {} : { firstOpenTime: this.#firstOpenTime }),
        preferTime: this.#preferTime,
      },
      queue: this.#queue,
      events: {
        onOpen: () => {
          this.#setState({ kind: 'open', since: clock.now() });
          if (!this.#paused) this.#retry.watch();
          this.#retry.opened();
          if (this.#spec.transport !== 'raw') this.#polls.connected(attempt);
        },
        onActivity: () => {
          this.#retry.activity();
        },
        onEnd: (end) => {
          this.#retry.ended();
          this.#polls.connectionEnded();
          const context = {
            server: this.#spec.server,
            topics: attempt.topics,
            since: attempt.since,
            preferTime: this.#preferTime,
          };
          this.#act(decideEnd(end, { ...context, now: clock.now() }), attempt);
        },
        onMessage: () => {
          this.#messages++;
        },
      },
    });
    this.#attempt = attempt;
    this.#setState({ kind: 'connecting' });
    this.#open(attempt).catch((error: unknown) => {
      if (attempt.isDisposed()) return;
      const decision = decideStoreFailure(error, {
        kind: 'reconnect',
        reason: String(error),
        trouble: { kind: 'local' },
      });
      if (decision.kind !== 'fail') this.#options.log.log('error', 'connect failed', { error: String(error) });
      this.#act(decision, attempt);
    });
  }

  async #open(attempt: ConnectionAttempt): Promise<void> {
    const preparation = await attempt.prepare();
    if (preparation.kind === 'stale') return;
    if (preparation.kind === 'bad-request') {
      this.#fail(preparation.message);
      return;
    }
    // Armed while connecting too: a server that accepts the socket but never answers is as dead as a silent one.
    this.#retry.watch();
    attempt.open();
    if (this.#paused) attempt.pause();
  }

  /** Carries out what `attempt`'s end (or the search for forbidden topics after it) decided. */
  #act(decision: ConnectionDecision, attempt: ConnectionAttempt): void {
    const { log } = this.#options;
    switch (decision.kind) {
      case 'none':
        return;
      case 'reconnect':
        this.#scheduleReconnect(decision.reason, decision.trouble, decision.retryAfterMs);
        return;
      case 'refetch':
        if (this.#running && this.#state.kind !== 'error' && this.#state.kind !== 'auth-failed') {
          this.#dropTransport();
          this.#scheduleReconnect(decision.reason, { kind: 'local' });
        }
        return;
      case 'fail':
        this.#fail(decision.message);
        return;
      case 'auth-failed':
        this.#setState({ kind: 'auth-failed', error: decision.error });
        return;
      case 'narrow':
        this.#narrowForbidden(decision.error, attempt);
        return;
      case 'resume-by-time':
        log.log('warn', 'the server refused the resume id; resuming by time', { error: decision.reason });
        this.#preferTime = true;
        this.#connectNow();
        return;
      case 'isolate':
        for (const topic of decision.forbidden) this.#forbidden.add(topic);
        log.log('warn', 'isolated forbidden topics; the others reconnect', {
          forbidden: shortTopicList(decision.forbidden),
        });
        this.#connectNow();
        return;
    }
  }

  #narrowForbidden(error: ServerError, attempt: ConnectionAttempt): void {
    const { clock, log, checkTopicAccess } = this.#options;
    narrowForbidden({
      error,
      topics: attempt.topics,
      clock,
      probe: (topics) => checkTopicAccess(requestForSpec(this.#spec, { topics })),
    })
      .then((decision) => {
        // Replaced (reconnectNow, stop) while the search ran: its answer is about a connect that is gone.
        if (!attempt.isDisposed() && this.#running) this.#act(decision, attempt);
      })
      .catch((failure: unknown) => {
        log.log('warn', 'could not narrow down a 403', { error: String(failure) });
        if (!attempt.isDisposed()) this.#scheduleReconnect(error.message, { kind: 'http', status: error.status });
      });
  }

  #scheduleReconnect(reason: string, trouble: ConnectionTrouble, retryAfterMs?: number): void {
    if (!this.#running) return;
    const nextAttemptAt = this.#retry.scheduleReconnect(() => {
      this.#reconnects++;
      this.#connectNow();
    }, retryAfterMs);
    this.#setState({ kind: 'backoff', nextAttemptAt, reason, trouble });
  }

  /** A problem retrying cannot fix: stop here and say why (the app shows it, the CLI exits). */
  #fail(message: string): void {
    this.#dropTransport();
    this.#retry.cancelReconnect();
    this.#setState({ kind: 'error', message });
  }

  #onDeliveryFailed(error: unknown): void {
    const { log } = this.#options;
    if (!this.#running) {
      // Stopped meanwhile (the CLI's stop signal ends its commands' batch uncommitted): fetched again next start.
      log.log('debug', 'delivery ended by the stop; not committed', { error: String(error) });
      return;
    }
    const decision = decideStoreFailure(error, { kind: 'refetch', reason: t('core.engine.storing-failed') });
    const message =
      decision.kind === 'fail'
        ? 'cannot store messages'
        : 'could not deliver messages; reconnecting to fetch them again';
    log.log('error', message, { error: String(error) });
    // Entries only come from a connect (its stream or its polls), so there is one.
    if (this.#attempt !== undefined) this.#act(decision, this.#attempt);
  }

  /** Backpressure from the queue: stop reading (and stop the watchdog, which would take the pause for death). */
  #setPaused(paused: boolean): void {
    if (this.#paused === paused) return;
    this.#paused = paused;
    if (paused) {
      this.#retry.pause();
      this.#attempt?.pause();
      return;
    }
    this.#attempt?.resume();
    if (this.#attempt?.reading === true) this.#retry.watch();
    this.#polls.resumed();
  }

  /** Closes the current connect's transport (if any) and ignores whatever that connect still reports. */
  #dropTransport(): void {
    this.#retry.ended();
    this.#polls.reset();
    this.#attempt?.dispose();
  }

  #setState(state: ConnectionState): void {
    this.#state = state;
    this.#options.onStatus(this.status);
  }
}
