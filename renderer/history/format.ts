import type { ConnectionDto, MessageDto, PriorityDto, SubscriptionRefDto } from '../../common/ipc.ts';

/** A stable key for a subscription or a message: servers differ, so topic or id alone is not unique. */
export function subscriptionKey(ref: SubscriptionRefDto): string {
  return `${ref.server}\n${ref.topic}`;
}

export function messageKey(message: Pick<MessageDto, 'server' | 'id'>): string {
  return `${message.server}\n${message.id}`;
}

const priorityNames: Readonly<Record<PriorityDto, string>> = {
  1: 'min',
  2: 'low',
  3: 'default',
  4: 'high',
  5: 'urgent',
};

/** Lowest first. */
export const allPriorities: readonly PriorityDto[] = [1, 2, 3, 4, 5];

export function priorityName(priority: PriorityDto): string {
  return priorityNames[priority];
}

const units: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const absoluteFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** `timeSeconds` is ntfy's Unix seconds; `nowMs` is milliseconds since the epoch. */
export function relativeTime(timeSeconds: number, nowMs: number): string {
  const deltaSeconds = timeSeconds - nowMs / 1000;
  for (const [unit, seconds] of units) {
    if (Math.abs(deltaSeconds) >= seconds) return relativeFormat.format(Math.round(deltaSeconds / seconds), unit);
  }
  return 'just now';
}

export function absoluteTime(timeSeconds: number): string {
  return absoluteFormat.format(new Date(timeSeconds * 1000));
}

export type ConnectionKind = 'open' | 'connecting' | 'backoff' | 'auth-failed' | 'error' | 'stopped' | 'unknown';

const connectionLabels: Readonly<Record<ConnectionKind, string>> = {
  open: 'Connected',
  connecting: 'Connecting',
  backoff: 'Reconnecting',
  'auth-failed': 'Credentials rejected',
  error: 'Connection error',
  stopped: 'Paused',
  unknown: 'Not connected',
};

export function connectionLabel(kind: ConnectionKind): string {
  return connectionLabels[kind];
}

/** The state of the connection that carries this subscription; a topic the server refused counts as rejected. */
export function connectionKindFor(ref: SubscriptionRefDto, connections: readonly ConnectionDto[]): ConnectionKind {
  const connection = connections.find(
    (candidate) =>
      candidate.server === ref.server &&
      (candidate.topics.includes(ref.topic) || candidate.forbiddenTopics.includes(ref.topic)),
  );
  if (connection === undefined) return 'unknown';
  if (connection.forbiddenTopics.includes(ref.topic)) return 'auth-failed';
  return connection.state.kind;
}

const byteUnits = ['bytes', 'KB', 'MB', 'GB'] as const;

/** 1536 → "1.5 KB"; decimal units, as file managers on most desktops show them. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < byteUnits.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${byteUnits[unit] ?? 'bytes'}`;
}
