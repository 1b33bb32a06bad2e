/**
 * Runs the real engine (createEngine: ConnectionManager → Connection → transports → delivery) against a test server,
 * with the system clock and short timings, and lets tests wait for what it delivers instead of sleeping.
 */
import { EventEmitter } from 'node:events';
import type { ConnectionManager } from '../../main/core/engine/connection-manager.ts';
import type { ConnectionStatus, ConnectionTiming } from '../../main/core/engine/connection-types.ts';
import type { Subscription } from '../../main/core/engine/groups.ts';
import { createEngine } from '../../main/core/engine/create-engine.ts';
import { checkTopicAccess, pollOnce } from '../../main/core/engine/http-requests.ts';
import type { DeliveredBatch } from '../../main/core/delivery/deliver.ts';
import { systemClock } from '../../common/clock.ts';
import type { Clock, HistoryStore } from '../../main/core/ports.ts';
import type { SinceValue } from '../../main/core/protocol/since.ts';
import type { NtfyMessage } from '../../main/core/protocol/types.ts';
import { MemoryHistoryStore } from './memory-history.ts';
import { openTransport } from '../../main/core/transports/index.ts';
import type { OpenTransport } from '../../main/core/transports/transport.ts';
import { createRecordingLogger, type RecordingLogger } from '../fakes/logger.ts';

export { systemClock };

/** Fast but realistic: reconnects within tens of milliseconds, polls soon after connecting. */
export const FAST_TIMING: Partial<ConnectionTiming> = {
  backoffInitialMs: 50,
  backoffMaxMs: 400,
  keepaliveTimeoutMs: 5000,
  pollAfterConnectMs: 200,
  catchUpQuietMs: 50,
};

export interface EngineHarness {
  readonly manager: ConnectionManager;
  readonly history: HistoryStore;
  readonly log: RecordingLogger;
  readonly batches: DeliveredBatch[];
  /** Every delivered message in delivery order. */
  readonly messages: NtfyMessage[];
  readonly raw: string[];
  readonly statuses: ConnectionStatus[];
  /** Calls `listener` for every delivered message from now on, synchronously in the delivery step. */
  onMessage(listener: (message: NtfyMessage) => void): void;
  waitForMessages(count: number, timeoutMs?: number): Promise<NtfyMessage[]>;
  waitForStatus(predicate: (status: ConnectionStatus) => boolean, timeoutMs?: number): Promise<ConnectionStatus>;
  /**
   * Like waitForStatus, but only statuses reported from this call on count: a fault's status, not an earlier one
   * that looks the same. Call it before the step that causes the status (a clock advance reports it synchronously).
   */
  waitForNextStatus(predicate: (status: ConnectionStatus) => boolean, timeoutMs?: number): Promise<ConnectionStatus>;
  waitForRaw(count: number, timeoutMs?: number): Promise<string[]>;
  stop(): Promise<void>;
}

export function startEngine(options: {
  readonly subscriptions: readonly Subscription[];
  readonly timing?: Partial<ConnectionTiming>;
  readonly initialSince?: SinceValue;
  readonly history?: HistoryStore;
  /** The system clock by default; a ManualClock makes every engine timer (backoff, watchdog, polls) the test's. */
  readonly clock?: Clock;
  /** Wraps the real transports (e.g. to count what they report). */
  readonly openTransport?: OpenTransport;
}): EngineHarness {
  const history = options.history ?? new MemoryHistoryStore();
  const log = createRecordingLogger('engine');
  const events = new EventEmitter();
  const batches: DeliveredBatch[] = [];
  const messages: NtfyMessage[] = [];
  const raw: string[] = [];
  const statuses: ConnectionStatus[] = [];
  const listeners: ((message: NtfyMessage) => void)[] = [];
  // The engine exactly as both composition roots build it; only the clock, timing and transports are the test's.
  const manager = createEngine({
    clock: options.clock ?? systemClock,
    random: Math.random,
    log,
    history,
    openTransport: options.openTransport ?? openTransport,
    poll: pollOnce,
    checkTopicAccess,
    initialSince: options.initialSince ?? { kind: 'all' },
    timing: () => ({ ...FAST_TIMING, ...options.timing }),
    onStatus: (status) => {
      statuses.push(status);
      events.emit('change');
    },
    onDelivered: (batch) => {
      batches.push(batch);
      messages.push(...batch.messages);
      for (const message of batch.messages) for (const listener of listeners) listener(message);
      events.emit('change');
    },
    onRaw: (body) => {
      raw.push(body);
      events.emit('change');
    },
  });
  manager.reconcile(options.subscriptions);

  function waitUntil<T>(check: () => T | undefined, what: () => string, timeoutMs = 10_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = (): boolean => {
        const value = check();
        if (value === undefined) return false;
        events.off('change', attempt);
        clearTimeout(timer);
        resolve(value);
        return true;
      };
      const timer = setTimeout(() => {
        events.off('change', attempt);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what()}`));
      }, timeoutMs);
      events.on('change', attempt);
      attempt();
    });
  }

  return {
    manager,
    history,
    log,
    batches,
    messages,
    raw,
    statuses,
    onMessage: (listener) => {
      listeners.push(listener);
    },
    waitForMessages: (count, timeoutMs) =>
      waitUntil(
        () => (messages.length >= count ? [...messages] : undefined),
        () => `${count} messages (have ${messages.length})`,
        timeoutMs,
      ),
    waitForRaw: (count, timeoutMs) =>
      waitUntil(
        () => (raw.length >= count ? [...raw] : undefined),
        () => `${count} raw bodies (have ${raw.length})`,
        timeoutMs,
      ),
    waitForStatus: (predicate, timeoutMs) =>
      waitUntil(
        () => statuses.find(predicate),
        () => `a status (last: ${JSON.stringify(statuses.at(-1)?.state)})`,
        timeoutMs,
      ),
    waitForNextStatus: (predicate, timeoutMs) => {
      const from = statuses.length;
      return waitUntil(
        () => statuses.slice(from).find(predicate),
        () => `a new status (last: ${JSON.stringify(statuses.at(-1)?.state)})`,
        timeoutMs,
      );
    },
    stop: () => manager.stopAll(),
  };
}
