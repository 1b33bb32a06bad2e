/**
 * Everything a request handler needs, built once per server by startTestServer (no module-level state).
 */
import type { EventEmitter } from 'node:events';
import type { WebSocketServer } from 'ws';
import type { AttachmentFiles, AttachmentLimits } from './attachments.ts';
import type { AccessControl } from './auth.ts';
import type { FaultState } from './fault-state.ts';
import type { Hub } from './hub.ts';
import type { RequestLog } from './request-log.ts';
import type { MessageStore } from './store.ts';
import type { KeepaliveTimers, NtfyMessage, ServerClock, TestServerEvents, TestServerOptions } from './types.ts';
import type { Visitors } from './visitors.ts';

export interface ResolvedOptions {
  readonly port: number;
  readonly keepaliveIntervalMs: number;
  readonly wsPongGraceMs: number;
  readonly keepaliveTimers: KeepaliveTimers;
  readonly clock: ServerClock;
  readonly cacheDurationMs: number;
  readonly delayedCheckIntervalMs: number;
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
  readonly anonymousAccount: NonNullable<TestServerOptions['anonymousAccount']>;
  readonly authFailureLimit: number;
  readonly authFailureLockoutMs: number;
  readonly requestLimit: { burst: number; replenishMs: number } | undefined;
  readonly subscriptionLimit: number;
  readonly newerEvents: boolean;
  /** Undefined: no attachment cache (uploads are 40014). */
  readonly attachments: AttachmentLimits | undefined;
  readonly cacheDelayMs: number;
  readonly beforeCache: ((message: NtfyMessage) => void | Promise<void>) | undefined;
}

/** ntfy's defaults: attachment-file-size-limit 15M, attachment-expiry-duration 3h (server/config.go). */
function resolveAttachments(option: TestServerOptions['attachments']): AttachmentLimits | undefined {
  if (option === undefined || option === false) return undefined;
  const given = option === true ? {} : option;
  return {
    fileSizeLimitBytes: given.fileSizeLimitBytes ?? 15 * 1024 * 1024,
    expiryMs: given.expiryMs ?? 3 * 3_600_000,
  };
}

const hostClock: ServerClock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => ({ id: setTimeout(callback, delayMs) }),
  clearTimeout: (handle) => {
    clearTimeout(handle.id as ReturnType<typeof setTimeout>);
  },
};

/**
 * Defaults are the real server's (docs/protocol.md#rate-limits-and-caching), except the request rate limit, which is
 * off for tests.
 */
export function resolveOptions(options: TestServerOptions): ResolvedOptions {
  const requestLimit =
    options.requestLimit === undefined || options.requestLimit === false
      ? undefined
      : { burst: options.requestLimit.burst ?? 60, replenishMs: options.requestLimit.replenishMs ?? 5000 };
  return {
    port: options.port ?? 0,
    keepaliveIntervalMs: options.keepaliveIntervalMs ?? 45_000,
    wsPongGraceMs: options.wsPongGraceMs ?? 15_000,
    keepaliveTimers: options.keepaliveTimers ?? options.clock ?? hostClock,
    clock: options.clock ?? hostClock,
    cacheDurationMs: options.cacheDurationMs ?? 12 * 3_600_000,
    delayedCheckIntervalMs: options.delayedCheckIntervalMs ?? 10_000,
    minDelayMs: options.minDelayMs ?? 10_000,
    maxDelayMs: options.maxDelayMs ?? 3 * 86_400_000,
    anonymousAccount: options.anonymousAccount ?? 'user-and-role',
    authFailureLimit: options.authFailureLimit ?? 30,
    authFailureLockoutMs: options.authFailureLockoutMs ?? 60_000,
    requestLimit,
    subscriptionLimit: options.subscriptionLimit ?? 30,
    newerEvents: options.newerEvents ?? false,
    attachments: resolveAttachments(options.attachments),
    cacheDelayMs: options.cacheDelayMs ?? 0,
    beforeCache: options.beforeCache,
  };
}

export interface ServerContext {
  readonly options: ResolvedOptions;
  readonly store: MessageStore;
  readonly hub: Hub;
  readonly visitors: Visitors;
  /** Undefined when authentication is off: credentials are then ignored, like ntfy without an auth file. */
  readonly access: AccessControl | undefined;
  readonly log: RequestLog;
  readonly faults: FaultState;
  /** Uploaded attachments (only with the `attachments` option). */
  readonly files: AttachmentFiles;
  readonly events: EventEmitter<TestServerEvents>;
  readonly wss: WebSocketServer;
}
