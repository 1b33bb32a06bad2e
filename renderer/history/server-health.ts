/**
 * Connection state per server, as people think of it: one server is reachable or not, whatever number of
 * connections (credentials, transports, filters) the core keeps to it. Pure: the header and the server banners
 * (ServerBanners.tsx) render what this says.
 */
import { t } from '../../common/i18n/translate.ts';
import type { ConnectionTrouble } from '../../common/connection-trouble.ts';
import type { ConnectionDto } from '../../common/ipc.ts';
import { serverLabel } from '../../common/server-url.ts';
import { explainTroubleAt } from './trouble-words.ts';

/** `credentials`: not accepted (401, a lockout); `permission`: they may not read some of its topics (403). */
type ServerHealthKind = 'connected' | 'connecting' | 'unreachable' | 'credentials' | 'permission' | 'error';

export interface ServerHealth {
  /** Normalized base URL, as the core reports it (`https://ntfy.sh`). */
  readonly server: string;
  /** What to call it in a sentence: the host (and port), e.g. `ntfy.sh`. */
  readonly name: string;
  readonly kind: ServerHealthKind;
  /** For `unreachable`: the soonest next attempt, milliseconds since the epoch. */
  readonly nextAttemptAt?: number;
  /** For `unreachable`: why, as the core's code; the banner words it (trouble-words.ts). */
  readonly trouble?: ConnectionTrouble;
  /** The core's own words (errno codes, HTTP status): shown on request, never as the headline. */
  readonly detail?: string;
}

/** Worst first: a server shows the worst of its connections. */
const SEVERITY: Readonly<Record<ServerHealthKind, number>> = {
  credentials: 5,
  permission: 4,
  error: 3,
  unreachable: 2,
  connecting: 1,
  connected: 0,
};

/** How a server is named in banners and the header: serverLabel among the servers the window knows. */
function serverName(server: string, known: readonly string[] = []): string {
  return serverLabel(server, known);
}

function healthOf(connection: ConnectionDto): Omit<ServerHealth, 'server' | 'name'> | undefined {
  const { state } = connection;
  switch (state.kind) {
    case 'open':
      // ntfy refused some topics of this connection to its credentials (connection.forbiddenTopics): those get nothing.
      return connection.forbiddenTopics.length > 0
        ? { kind: 'permission', detail: connection.forbiddenTopics.join(', ') }
        : { kind: 'connected' };
    case 'connecting':
      return { kind: 'connecting' };
    case 'backoff':
      return { kind: 'unreachable', nextAttemptAt: state.nextAttemptAt, trouble: state.trouble, detail: state.reason };
    case 'auth-failed':
      return { kind: state.cause === 'permission' ? 'permission' : 'credentials', detail: state.message };
    case 'error':
      return { kind: 'error', detail: state.message };
    case 'stopped':
      // A connection being replaced (new credentials, transport) or gone: says nothing about the server.
      return undefined;
  }
}

/** One entry per server that has a running connection, in the order the core lists them. */
export function serverHealth(connections: readonly ConnectionDto[]): ServerHealth[] {
  const byServer = new Map<string, ServerHealth>();
  const known = connections.map((connection) => connection.server);
  for (const connection of connections) {
    const health = healthOf(connection);
    if (health === undefined) continue;
    const current = byServer.get(connection.server);
    const next: ServerHealth = { server: connection.server, name: serverName(connection.server, known), ...health };
    if (current === undefined || SEVERITY[next.kind] > SEVERITY[current.kind]) {
      byServer.set(connection.server, next);
    } else if (current.kind === 'unreachable' && next.kind === 'unreachable') {
      // Several connections wait: the banner counts down to the first retry.
      const soonest = Math.min(current.nextAttemptAt ?? Infinity, next.nextAttemptAt ?? Infinity);
      byServer.set(connection.server, { ...current, nextAttemptAt: soonest });
    }
  }
  return [...byServer.values()];
}

/** Servers that need the user's attention (a banner each). */
export function troubledServers(health: readonly ServerHealth[]): ServerHealth[] {
  return health.filter((item) => item.kind !== 'connected' && item.kind !== 'connecting');
}

/** `idle`: there is no server to be connected to (a first launch), which is neither fine nor a problem. */
type HealthTone = 'ok' | 'pending' | 'problem' | 'idle';

interface HealthDescription {
  readonly headline: string;
  /** A plain sentence on why; undefined when there is nothing to add. */
  readonly why?: string;
  readonly tone: HealthTone;
}

/** Whole seconds until `atMs`, rounded up so "in 1 s" shows until the attempt is due; never negative. */
function secondsUntil(atMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((atMs - nowMs) / 1000));
}

/** One server's banner (or header) in words; `nowMs` drives the countdown. */
export function describeServerHealth(health: ServerHealth, nowMs: number): HealthDescription {
  switch (health.kind) {
    case 'connected':
      return { headline: t('history.server.connected', { name: health.name }), tone: 'ok' };
    case 'connecting':
      return { headline: t('history.server.connecting', { name: health.name }), tone: 'pending' };
    case 'unreachable': {
      const seconds = health.nextAttemptAt === undefined ? 0 : secondsUntil(health.nextAttemptAt, nowMs);
      return {
        headline:
          seconds === 0
            ? t('history.server.unreachable-retrying-now', { name: health.name })
            : t('history.server.unreachable-retrying-in', { name: health.name, count: seconds }),
        why: explainTroubleAt(health.server, health.trouble),
        tone: 'problem',
      };
    }
    case 'credentials':
      return {
        // Neutral on purpose: the secret may be wrong, or missing from the keychain (then nothing was sent).
        headline: t('history.server.credentials', { name: health.name }),
        why: t('history.server.credentials-why'),
        tone: 'problem',
      };
    case 'permission':
      return {
        headline: t('history.server.no-permission', { name: health.name }),
        why: t('history.server.no-permission-why'),
        tone: 'problem',
      };
    case 'error':
      return {
        headline: t('history.server.refused', { name: health.name }),
        why: t('history.server.refused-why'),
        tone: 'problem',
      };
  }
}

/**
 * The header's one line for every server, without a countdown (the header is a live region: a number changing
 * every second would talk over everything): the worst server first, or that all are fine.
 */
export function summarizeServers(health: readonly ServerHealth[]): HealthDescription {
  const worst = [...health].sort((a, b) => SEVERITY[b.kind] - SEVERITY[a.kind])[0];
  if (worst === undefined) return { headline: t('history.servers.none'), tone: 'idle' };
  const others = troubledServers(health).length - 1;
  const withOthers = (headline: string) =>
    others > 0 ? t('history.servers.and-others', { headline, count: others }) : headline;
  switch (worst.kind) {
    case 'connected':
      return {
        headline:
          health.length === 1
            ? t('history.server.connected', { name: worst.name })
            : t('history.servers.connected', { count: health.length }),
        tone: 'ok',
      };
    case 'connecting':
      return { headline: t('history.server.connecting', { name: worst.name }), tone: 'pending' };
    case 'unreachable':
      return { headline: withOthers(t('history.server.unreachable', { name: worst.name })), tone: 'problem' };
    case 'credentials':
    case 'permission':
    case 'error':
      return { headline: withOthers(describeServerHealth(worst, 0).headline), tone: 'problem' };
  }
}

/** True while some server counts down to a retry, so the view ticks every second only when it has to. */
export function anyRetryCountdown(health: readonly ServerHealth[]): boolean {
  return health.some((item) => item.kind === 'unreachable');
}
