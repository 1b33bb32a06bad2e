/**
 * The streams an ntfy server serves for a subscription (https://docs.ntfy.sh/subscribe/api/): `<topic>/json`,
 * `/sse`, `/ws` and `/raw`. One source for every layer; each layer picks its named list below.
 */
export const NTFY_TRANSPORTS = ['json', 'sse', 'ws', 'raw'] as const;

export type TransportKind = (typeof NTFY_TRANSPORTS)[number];

/** What the app offers: every stream but `raw`. */
export type AppTransportKind = Exclude<TransportKind, 'raw'>;

/**
 * The headless CLI accepts every stream: scripts may want `raw` (one line of text per message).
 */
export const CLI_TRANSPORTS: readonly TransportKind[] = NTFY_TRANSPORTS;

/**
 * The app leaves `raw` out on purpose: it has no message ids, so nothing can be deduplicated or caught up after a
 * reconnect, and no title, priority or tags, while the JSON stream of the same server carries the same messages with
 * all of that. Stored raw subscriptions are moved to json by settings v4 (main/core/store/settings/migrations.ts);
 * the README's "Transports" section says so.
 */
export const APP_TRANSPORTS: readonly AppTransportKind[] = NTFY_TRANSPORTS.filter(
  (kind): kind is AppTransportKind => kind !== 'raw',
);

export function isTransportKind(value: unknown): value is TransportKind {
  return NTFY_TRANSPORTS.some((kind) => kind === value);
}
