import { activeLocale, t } from '../../common/i18n/translate.ts';
import type { ConnectionDto, MessageDto, SubscriptionRefDto } from '../../common/ipc.ts';

/** A stable key for a subscription or a message: servers differ, so topic or id alone is not unique. */
export function subscriptionKey(ref: SubscriptionRefDto): string {
  return `${ref.server}\n${ref.topic}`;
}

export function messageKey(message: Pick<MessageDto, 'server' | 'id'>): string {
  return `${message.server}\n${message.id}`;
}

const units: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// One per locale, built on first use: the locale is chosen after this module loads, and a list formats one per row.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormatFor(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (format === undefined) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

/** `timeSeconds` is ntfy's Unix seconds; `nowMs` is milliseconds since the epoch. In the active locale. */
export function relativeTime(timeSeconds: number, nowMs: number): string {
  const deltaSeconds = timeSeconds - nowMs / 1000;
  for (const [unit, seconds] of units) {
    if (Math.abs(deltaSeconds) >= seconds) {
      return relativeFormatFor(activeLocale()).format(Math.round(deltaSeconds / seconds), unit);
    }
  }
  return t('time.just-now');
}

/*
 * Every time the window shows is formatted here, in the locale's own style (12- or 24-hour as the locale has it,
 * never a forced hour cycle): a clock time is timeStyle 'short' ("19:43", "7:43 PM"), a full timestamp adds
 * dateStyle 'medium' ("10 Mar 2026, 19:43", "Mar 10, 2026, 7:43 PM"). `locale` undefined is the active one
 * (activeLocale(), chosen from navigator.languages at start); tests pass one.
 */
const timeStyles = {
  clock: { timeStyle: 'short' },
  timestamp: { dateStyle: 'medium', timeStyle: 'short' },
  // Intl refuses weekday together with timeStyle, so the hour and minute are asked for one by one.
  'weekday-clock': { weekday: 'short', hour: 'numeric', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type TimeStyle = keyof typeof timeStyles;

// Built once per style and locale: a list renders a timestamp per row.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatTime(style: TimeStyle, atMs: number, locale = activeLocale()): string {
  const key = `${style} ${locale}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, timeStyles[style]);
    formatters.set(key, formatter);
  }
  return formatter.format(atMs);
}

/** A time of day: "19:43", "7:43 PM". `atMs`: milliseconds since the epoch. */
export function clockTime(atMs: number, locale?: string): string {
  return formatTime('clock', atMs, locale);
}

/** A moment with its date: "10 Mar 2026, 19:43". `atMs`: milliseconds since the epoch. */
export function timestamp(atMs: number, locale?: string): string {
  return formatTime('timestamp', atMs, locale);
}

/** ntfy's Unix seconds (a message's time, an attachment's expiry) as a full timestamp. */
export function absoluteTime(timeSeconds: number, locale?: string): string {
  return timestamp(timeSeconds * 1000, locale);
}

/**
 * When something ends, as a clock time: today's alone ("19:43"), another day's with the weekday ("Tue 07:00"), as
 * a pause of 8 hours or one across midnight does. Both in milliseconds since the epoch, compared by local date.
 */
export function untilTime(untilMs: number, nowMs: number, locale?: string): string {
  const sameDay = new Date(untilMs).toDateString() === new Date(nowMs).toDateString();
  return formatTime(sameDay ? 'clock' : 'weekday-clock', untilMs, locale);
}

/** `no-permission`: the credentials may not read this topic (a 403); `auth-failed`: the server did not accept them. */
type ConnectionKind =
  'open' | 'connecting' | 'backoff' | 'auth-failed' | 'no-permission' | 'error' | 'stopped' | 'unknown';

export function connectionLabel(kind: ConnectionKind): string {
  return t(`history.connection.${kind}`);
}

/** The state of the connection that carries this subscription; a topic the server refused is `no-permission`. */
export function connectionKindFor(ref: SubscriptionRefDto, connections: readonly ConnectionDto[]): ConnectionKind {
  const connection = connections.find(
    (candidate) =>
      candidate.server === ref.server &&
      (candidate.topics.includes(ref.topic) || candidate.forbiddenTopics.includes(ref.topic)),
  );
  if (connection === undefined) return 'unknown';
  if (connection.forbiddenTopics.includes(ref.topic)) return 'no-permission';
  const { state } = connection;
  if (state.kind === 'auth-failed' && state.cause === 'permission') return 'no-permission';
  return state.kind;
}

/** Said once, in common/ (the core's words for a file over a server's limit use it too). */
export { formatBytes } from '../../common/byte-size.ts';
