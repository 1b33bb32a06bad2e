/**
 * Builds the URL and headers of a subscribe or poll request (docs/protocol.md#parameters and
 * docs/protocol.md#authentication). Query names are lowercase because servers only look up lowercase query names.
 */
import { isValidTopicName } from '../../../common/topic-name.ts';
import type { SubscribeFilters } from '../../../common/ntfy-types.ts';
import type { TransportKind } from '../../../common/transports.ts';
import { formatSince, type SinceValue } from './since.ts';

// The rules live in common/ (shared with the window); re-exported for the core modules that import them from here.
export type { TransportKind } from '../../../common/transports.ts';
export { PRIORITY_FILTER_VALUES } from '../../../common/priority-filter.ts';

export type { SubscribeFilters } from '../../../common/ntfy-types.ts';

export type Credentials =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'basic';
      readonly user: string;
      /** Empty: look it up (NTFY_PASSWORD, the keychain) — unless `passwordGiven`, when empty is the password. */
      readonly password: string;
      /** The password was given, possibly empty (`-u alice:`, client.yml's `default-password: ""`), as in ntfy. */
      readonly passwordGiven?: true;
    }
  | { readonly kind: 'token'; readonly token: string };

interface SubscribeRequestOptions {
  /** e.g. `https://ntfy.sh` or `http://127.0.0.1:8080/base` */
  readonly baseUrl: string;
  readonly topics: readonly string[];
  readonly transport: TransportKind;
  readonly since?: SinceValue;
  readonly poll?: boolean;
  readonly scheduled?: boolean;
  readonly filters?: SubscribeFilters;
  readonly credentials: Credentials;
  /** `query` sends `?auth=` (needed by browsers for WebSockets; ends up in proxy logs, so header is the default). */
  readonly authVia?: 'header' | 'query';
}

export interface SubscribeRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The value of the Authorization header for the credentials, or undefined for none. */
export function authorizationHeader(credentials: Credentials): string | undefined {
  switch (credentials.kind) {
    case 'none':
      return undefined;
    case 'basic':
      return `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`, 'utf8').toString('base64')}`;
    case 'token':
      return `Bearer ${credentials.token}`;
  }
}

/** `auth=` query value: unpadded URL-safe base64 of the whole header value (a padded one makes servers answer 500). */
export function authQueryValue(headerValue: string): string {
  return Buffer.from(headerValue, 'utf8').toString('base64url');
}

export function buildSubscribeRequest(options: SubscribeRequestOptions): SubscribeRequest {
  const topics = [...new Set(options.topics)]; // duplicates make the server deliver every message twice
  const invalid = topics.filter((topic) => !isValidTopicName(topic));
  if (topics.length === 0) throw new Error('a subscription needs at least one topic');
  if (invalid.length > 0) throw new Error(`invalid topic name(s): ${invalid.join(', ')}`);

  const url = new URL(options.baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`server URL must be http or https, got ${url.protocol}`);
  }
  const format = options.poll === true ? 'json' : options.transport;
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${topics.join(',')}/${format}`;
  if (format === 'ws') url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '';
  url.hash = '';

  const query = url.searchParams;
  if (options.poll === true) query.set('poll', '1');
  if (options.since !== undefined) query.set('since', formatSince(options.since));
  if (options.scheduled === true) query.set('scheduled', '1');
  const filters = options.filters ?? {};
  if (filters.id !== undefined) query.set('id', filters.id);
  if (filters.message !== undefined) query.set('message', filters.message);
  if (filters.title !== undefined) query.set('title', filters.title);
  if (filters.priority !== undefined && filters.priority.length > 0) query.set('priority', filters.priority.join(','));
  if (filters.tags !== undefined && filters.tags.length > 0) query.set('tags', filters.tags.join(','));

  const headers: Record<string, string> = {};
  const authorization = authorizationHeader(options.credentials);
  if (authorization !== undefined) {
    if (options.authVia === 'query') query.set('auth', authQueryValue(authorization));
    else headers['Authorization'] = authorization;
  }
  return { url: url.toString(), headers };
}
