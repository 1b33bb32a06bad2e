/**
 * Listens on the ntfy account's sync topic, where the server publishes `{"event":"sync"}` after every change to the
 * account (docs/protocol.md#accounts), so that a subscription added in the web app or on another device arrives at
 * once instead of at the next periodic sync. An internal stream like the web app's: one JSON stream with the
 * account's token, outside the engine, so it is never listed as a subscription, stored in the history or notified.
 * It reconnects with backoff, syncs after a reconnect (events may have been missed meanwhile) and gives up on
 * 401/403 until the account changes; the periodic sync still runs either way.
 */
import { Backoff } from '../engine/backoff.ts';
import { Watchdog } from '../engine/watchdog.ts';
import type { Clock, Logger, TimerHandle } from '../ports.ts';
import { buildSubscribeRequest } from '../protocol/subscribe-request.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { OpenTransport, Transport, TransportEnd, TransportItem } from '../transports/transport.ts';

interface SyncTopic {
  readonly server: string;
  readonly topic: string;
}

interface SyncTopicListenerOptions {
  readonly clock: Clock;
  readonly random: () => number;
  readonly log: Logger;
  readonly openTransport: OpenTransport;
  /** The account's token is the server's token in the keychain. */
  readonly secrets: SecretStore;
  /** Silence after which the stream counts as dead, milliseconds (the settings' keepalive timeout). */
  readonly keepaliveTimeoutMs: () => number;
  /** A sync event arrived, or the stream came back after a break. */
  readonly onSyncEvent: () => void;
}

/** The message body ntfy publishes on the sync topic; anything else there is ignored. */
function isSyncEvent(item: TransportItem): boolean {
  if (item.type !== 'message') return false;
  try {
    const body: unknown = JSON.parse(item.message.message);
    return typeof body === 'object' && body !== null && (body as Record<string, unknown>)['event'] === 'sync';
  } catch (error) {
    if (error instanceof SyntaxError) return false; // a stranger's text on the topic: not ours to act on
    throw error;
  }
}

export class SyncTopicListener {
  readonly #options: SyncTopicListenerOptions;
  readonly #backoff: Backoff;
  readonly #watchdog: Watchdog;
  #target: SyncTopic | undefined;
  #transport: Transport | undefined;
  #retry: TimerHandle | undefined;
  /** Bumped by every listen() and stop(), so a connect that resolves late for an old target does nothing. */
  #generation = 0;
  #wasOpen = false;

  constructor(options: SyncTopicListenerOptions) {
    this.#options = options;
    this.#backoff = new Backoff({ random: options.random });
    this.#watchdog = new Watchdog({
      clock: options.clock,
      timeoutMs: options.keepaliveTimeoutMs(),
      onDead: () => {
        this.#options.log.log('info', 'the account sync topic went silent; reconnecting');
        this.#transport?.close();
      },
    });
  }

  /** Follows this topic (undefined: none); the same one again changes nothing. */
  listen(target: SyncTopic | undefined): void {
    if (target?.server === this.#target?.server && target?.topic === this.#target?.topic) return;
    this.stop();
    this.#target = target;
    if (target !== undefined) this.#connect(this.#generation);
  }

  stop(): void {
    this.#generation++;
    this.#target = undefined;
    this.#wasOpen = false;
    this.#backoff.reset();
    this.#watchdog.stop();
    if (this.#retry !== undefined) this.#options.clock.clearTimeout(this.#retry);
    this.#retry = undefined;
    const transport = this.#transport;
    this.#transport = undefined;
    transport?.close();
  }

  #connect(generation: number): void {
    const target = this.#target;
    if (target === undefined) return;
    this.#options.secrets
      .get({ server: target.server, kind: 'token' })
      .then((token) => {
        if (generation !== this.#generation) return;
        this.#open(target, token, generation);
      })
      .catch((error: unknown) => {
        this.#options.log.log('warn', 'no token to listen on the account sync topic', { error: String(error) });
      });
  }

  #open(target: SyncTopic, token: string | undefined, generation: number): void {
    const request = buildSubscribeRequest({
      baseUrl: target.server,
      topics: [target.topic],
      transport: 'json',
      credentials: token === undefined ? { kind: 'none' } : { kind: 'token', token },
    });
    this.#transport = this.#options.openTransport({
      kind: 'json',
      request,
      handlers: {
        onOpen: () => {
          if (generation !== this.#generation) return;
          this.#backoff.reset();
          this.#watchdog.start();
          if (this.#wasOpen) this.#options.onSyncEvent(); // changes made while the stream was down
          this.#wasOpen = true;
        },
        onActivity: () => {
          this.#watchdog.kick();
        },
        onItem: (item) => {
          if (generation === this.#generation && isSyncEvent(item)) this.#options.onSyncEvent();
        },
        onEnd: (end) => {
          if (generation !== this.#generation) return;
          this.#transport = undefined;
          this.#watchdog.stop();
          this.#afterEnd(end, generation);
        },
      },
    });
  }

  #afterEnd(end: TransportEnd, generation: number): void {
    const { log, clock } = this.#options;
    if (end.kind === 'closed' && this.#target === undefined) return;
    if (end.kind === 'fatal' || (end.kind === 'refused' && (end.error.status === 401 || end.error.status === 403))) {
      // Retrying would not help and counts as failed logins; the periodic sync still reports what is wrong.
      const why = end.kind === 'fatal' ? end.message : end.error.message;
      log.log('warn', `not listening on the account sync topic: ${why}`);
      return;
    }
    const retryAfter = end.kind === 'refused' ? end.error.retryAfter : undefined;
    const retryAfterMs = retryAfter !== undefined && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : undefined;
    const delayMs = this.#backoff.nextDelayMs(retryAfterMs);
    this.#retry = clock.setTimeout(() => {
      this.#retry = undefined;
      this.#connect(generation);
    }, delayMs);
  }
}
