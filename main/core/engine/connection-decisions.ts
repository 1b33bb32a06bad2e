/**
 * What a connection does when its stream ends, as a decision it then carries out: pure but for the probes that
 * narrow down a 403, which are passed in. The state machine (connection.ts) owns the doing.
 */
import type { ConnectionTrouble } from '../../../common/connection-trouble.ts';
import type { Clock } from '../ports.ts';
import { t } from '../../../common/i18n/translate.ts';
import type { SinceValue } from '../protocol/since.ts';
import type { ServerError, TransportEnd } from '../transports/transport.ts';
import { parseRetryAfterMs } from './backoff.ts';
import { permanentStoreError } from './delivery-errors.ts';
import { finalRefusalMessage, isFinalStatus } from './final-answers.ts';
import { type ForbiddenDecision, findForbiddenTopics, type ProbeResult } from './forbidden-topics.ts';

export type ConnectionDecision =
  /** We closed it ourselves: nothing to do. */
  | { readonly kind: 'none' }
  /**
   * Back off, for at least `retryAfterMs` (the server's Retry-After, milliseconds) when given; `trouble` is why as a
   * code, `reason` in words.
   */
  | {
      readonly kind: 'reconnect';
      readonly reason: string;
      readonly trouble: ConnectionTrouble;
      readonly retryAfterMs?: number;
    }
  /**
   * Items read could not be stored, so the resume point did not move: drop the stream and reconnect (backing off)
   * to fetch them again — unless the connection has stopped or already gave up.
   */
  | { readonly kind: 'refetch'; readonly reason: string }
  /** A request the server will never accept: stop with this message until the subscription changes. */
  | { readonly kind: 'fail'; readonly message: string }
  /** No retries until the credentials change: servers lock out clients that keep failing. */
  | { readonly kind: 'auth-failed'; readonly error: ServerError }
  /** A 403 on several topics: find out which are forbidden before deciding (narrowForbidden). */
  | { readonly kind: 'narrow'; readonly error: ServerError }
  /** The server does not accept our `since=<id>`: connect again at once, resuming by time from now on. */
  | { readonly kind: 'resume-by-time'; readonly reason: string }
  /** Carry on without `forbidden` (empty when the 403 has gone away): connect again at once with the rest. */
  | { readonly kind: 'isolate'; readonly forbidden: readonly string[] };

export interface EndContext {
  /** Normalized server base URL of the request that ended. */
  readonly server: string;
  /** The topics of the request that ended. */
  readonly topics: readonly string[];
  /** Where that request resumed from. */
  readonly since: SinceValue | undefined;
  /** Already resuming by time (the server refused an id before): a 400 now is final. */
  readonly preferTime: boolean;
  /** Clock milliseconds, for a Retry-After given as an HTTP date. */
  readonly now: number;
}

export function decideEnd(end: TransportEnd, context: EndContext): ConnectionDecision {
  switch (end.kind) {
    case 'closed':
      return { kind: 'none' };
    case 'refused':
      return decideRefusal(end.error, context);
    case 'fatal':
      return { kind: 'fail', message: end.message };
    case 'network':
      return { kind: 'reconnect', reason: end.message, trouble: end.trouble };
    case 'ended':
      return { kind: 'reconnect', reason: t('core.engine.stream-ended'), trouble: { kind: 'ended' } };
  }
}

function decideRefusal(error: ServerError, context: EndContext): ConnectionDecision {
  // 42909: too many failed logins, ntfy's lockout (docs/protocol.md#authentication): a retry would extend it.
  const lockedOut = error.status === 429 && error.code === 42909;
  if (error.status === 401 || lockedOut) return { kind: 'auth-failed', error };
  // ntfy answers 403 for the whole request when any one topic is not readable; a single topic is simply forbidden.
  if (error.status === 403)
    return context.topics.length < 2 ? { kind: 'auth-failed', error } : { kind: 'narrow', error };
  if (error.status === 400 && context.since?.kind === 'id' && !context.preferTime) {
    // A resume id the server does not accept (not ntfy's form, a proxy's rule): resume by time instead of failing
    // for good — dedupe absorbs the overlap.
    return { kind: 'resume-by-time', reason: error.message };
  }
  if (error.status === 400) return { kind: 'fail', message: error.message };
  // 404, 414 and the like: the same request gets the same answer forever (docs/protocol.md#final-answers).
  if (isFinalStatus(error.status)) return { kind: 'fail', message: finalRefusalMessage(error, context) };
  const retryAfterMs = parseRetryAfterMs(error.retryAfter, context.now);
  return {
    kind: 'reconnect',
    reason: error.message,
    trouble: { kind: 'http', status: error.status },
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
}

/**
 * Reading resume points or storing a batch failed: stop when the database cannot be used (a damaged file, a full
 * disk is not one of them), else do `otherwise`.
 */
export function decideStoreFailure(error: unknown, otherwise: ConnectionDecision): ConnectionDecision {
  const permanent = permanentStoreError(error);
  return permanent === undefined ? otherwise : { kind: 'fail', message: permanent };
}

/** What the forbidden-topic search means for a connection refused with the 403 `error`. */
export function narrowingDecision(error: ServerError, found: ForbiddenDecision): ConnectionDecision {
  switch (found.kind) {
    case 'all-forbidden':
      return { kind: 'auth-failed', error };
    case 'unauthorized':
      // The probe's 401 is the news, not the 403 before it: the window says "credentials not accepted" for it.
      return { kind: 'auth-failed', error: { status: 401, message: t('core.engine.probe-unauthorized') } };
    case 'undecided': {
      // Not known to be forbidden (network trouble, rate limits): try again later, never give up the topics.
      const reason = t('core.engine.forbidden-undecided', { error: error.message, reason: found.reason });
      return {
        kind: 'reconnect',
        reason,
        trouble: { kind: 'http', status: error.status },
        ...(found.retryAfterMs === undefined ? {} : { retryAfterMs: found.retryAfterMs }),
      };
    }
    case 'isolate':
      return { kind: 'isolate', forbidden: found.forbidden };
  }
}

interface NarrowForbiddenOptions {
  /** The 403. */
  readonly error: ServerError;
  /** The topics of the refused request (two or more). */
  readonly topics: readonly string[];
  readonly clock: Clock;
  /** Checks whether every topic of a list is readable (`GET /<a,b>/auth`). */
  readonly probe: (topics: readonly string[]) => Promise<ProbeResult>;
}

/**
 * A 403 on a multi-topic request: find the forbidden topics by probing lists of topics, bisecting, at a small
 * concurrency and waiting out 429s (forbidden-topics.ts), and say what that means for the connection.
 */
export async function narrowForbidden(options: NarrowForbiddenOptions): Promise<ConnectionDecision> {
  const found = await findForbiddenTopics({ topics: options.topics, clock: options.clock, probe: options.probe });
  return narrowingDecision(options.error, found);
}
