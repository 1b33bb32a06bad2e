import { t } from '../../common/i18n/translate.ts';
import { explainTroubleAt } from '../history/trouble-words.ts';
import type {
  AuthKindDto,
  ConnectionDto,
  SubscriptionRefDto,
  SubscriptionTestOutcome,
  SubscriptionTestResult,
} from '../../common/ipc.ts';

/** What one subscription's connection is doing, as the subscriptions view tells it. */
export type SubscriptionStatus =
  | { readonly kind: 'connected' }
  | { readonly kind: 'connecting' }
  /** `nextAttemptAt` in milliseconds since the epoch; `reason` is the last error. */
  | { readonly kind: 'reconnecting'; readonly nextAttemptAt: number; readonly reason: string }
  | { readonly kind: 'credentials-rejected'; readonly message: string }
  /** The settings call for a password or token the keychain does not hold: nothing was rejected, it is missing. */
  | { readonly kind: 'credentials-missing' }
  /**
   * The server refused this topic to these credentials (a 403), alone or while the connection's others carry on;
   * `anonymous`: the subscription has no credentials, so the server lets no one read it without signing in.
   */
  | { readonly kind: 'no-permission'; readonly anonymous: boolean }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'stopped' }
  /** No connection carries it (yet): just added, or the core has not reported. */
  | { readonly kind: 'not-connected' };

type StatusTone = 'ok' | 'pending' | 'problem' | 'idle';

interface StatusDescription {
  readonly label: string;
  readonly detail?: string;
  readonly tone: StatusTone;
}

function carries(connection: ConnectionDto, ref: SubscriptionRefDto): boolean {
  return (
    connection.server === ref.server &&
    (connection.topics.includes(ref.topic) || connection.forbiddenTopics.includes(ref.topic))
  );
}

/**
 * The connection that carries this subscription. While the core swaps a connection (new credentials, another
 * transport) the old one may still be listed, stopped: a running one wins.
 */
export function findConnection(
  ref: SubscriptionRefDto,
  connections: readonly ConnectionDto[],
): ConnectionDto | undefined {
  const matching = connections.filter((connection) => carries(connection, ref));
  return matching.find((connection) => connection.state.kind !== 'stopped') ?? matching[0];
}

/** A subscription as the list has it: where, and (when known) whether its server's secret is stored. */
interface StatusSubject extends SubscriptionRefDto {
  readonly auth?: AuthKindDto;
  readonly hasCredentials?: boolean;
}

export function subscriptionStatus(ref: StatusSubject, connections: readonly ConnectionDto[]): SubscriptionStatus {
  const connection = findConnection(ref, connections);
  if (connection === undefined) return { kind: 'not-connected' };
  const anonymous = ref.auth === 'none';
  if (connection.forbiddenTopics.includes(ref.topic)) return { kind: 'no-permission', anonymous };
  const { state } = connection;
  switch (state.kind) {
    case 'open':
      return { kind: 'connected' };
    case 'connecting':
      return { kind: 'connecting' };
    case 'backoff':
      return { kind: 'reconnecting', nextAttemptAt: state.nextAttemptAt, reason: state.reason };
    case 'auth-failed':
      // Without its secret the core connects anonymously and is refused (desired-subscriptions.ts): say why.
      if (ref.auth !== undefined && ref.auth !== 'none' && ref.hasCredentials === false) {
        return { kind: 'credentials-missing' };
      }
      if (state.cause === 'permission') return { kind: 'no-permission', anonymous };
      return { kind: 'credentials-rejected', message: state.message };
    case 'error':
      return { kind: 'error', message: state.message };
    case 'stopped':
      return { kind: 'stopped' };
  }
}

/** Whole seconds until `atMs`, rounded up so "in 1 s" shows until the attempt is due; never negative. */
export function secondsUntil(atMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((atMs - nowMs) / 1000));
}

/** Statuses the user can fix by entering other credentials. */
export function needsCredentials(status: SubscriptionStatus): boolean {
  return (
    status.kind === 'credentials-rejected' || status.kind === 'credentials-missing' || status.kind === 'no-permission'
  );
}

/** `nowMs` drives the reconnect countdown. */
export function describeStatus(status: SubscriptionStatus, nowMs: number): StatusDescription {
  switch (status.kind) {
    case 'connected':
      return { label: t('subscriptions.status.connected'), tone: 'ok' };
    case 'connecting':
      return { label: t('subscriptions.status.connecting'), tone: 'pending' };
    case 'reconnecting': {
      const seconds = secondsUntil(status.nextAttemptAt, nowMs);
      // The reason is the server's, said once in its banner (ServerBanners), not once per topic here.
      return {
        label:
          seconds === 0
            ? t('subscriptions.status.reconnecting-now')
            : t('subscriptions.status.reconnecting-in', { seconds }),
        tone: 'pending',
      };
    }
    case 'credentials-rejected':
      return { label: t('subscriptions.status.credentials-rejected'), detail: status.message, tone: 'problem' };
    case 'credentials-missing':
      return {
        label: t('subscriptions.status.credentials-missing'),
        detail: t('subscriptions.status.credentials-missing-detail'),
        tone: 'problem',
      };
    case 'no-permission':
      return {
        label: t('subscriptions.status.no-permission'),
        detail: t(
          status.anonymous
            ? 'subscriptions.status.no-permission-anonymous-detail'
            : 'subscriptions.status.no-permission-detail',
        ),
        tone: 'problem',
      };
    case 'error':
      return { label: t('subscriptions.status.error'), detail: status.message, tone: 'problem' };
    case 'stopped':
      return { label: t('subscriptions.status.stopped'), tone: 'idle' };
    case 'not-connected':
      return { label: t('subscriptions.status.not-connected'), tone: 'idle' };
  }
}

/** True while some status counts down, so the view only ticks every second when it has to. */
export function anyCountdown(statuses: readonly SubscriptionStatus[]): boolean {
  return statuses.some((status) => status.kind === 'reconnecting');
}

/** A function, not a table of texts: the language is chosen after modules load. */
function testHeadline(outcome: SubscriptionTestOutcome): string {
  switch (outcome) {
    case 'ok':
      return t('subscriptions.test.ok');
    case 'wrong-credentials':
      return t('subscriptions.test.wrong-credentials');
    case 'missing-credentials':
      return t('subscriptions.test.missing-credentials');
    case 'no-permission':
      return t('subscriptions.test.no-permission');
    case 'unreachable':
      return t('subscriptions.test.unreachable');
  }
}

/**
 * The Test button's answer in words: a headline, the detail, and whether it is good news. A server that could not be
 * reached is worded from the core's code as its banner words it (trouble-words.ts), so `server`, the one tested, can
 * be named in the plain-HTTP hint; otherwise the detail is main's.
 */
export function describeTestResult(result: SubscriptionTestResult, server: string): StatusDescription {
  return {
    label: testHeadline(result.outcome),
    detail: result.trouble === undefined ? result.detail : explainTroubleAt(server, result.trouble),
    tone: result.outcome === 'ok' ? 'ok' : 'problem',
  };
}
