/**
 * Which endpoint a request is for. Paths use ntfy's patterns: a topic is `[-_A-Za-z0-9]{1,64}`, a subscribe path a
 * comma list of topics (duplicates allowed) and a format; anything else is 404 (docs/protocol.md#endpoints).
 */
import type { RequestTransport, StreamTransport } from './types.ts';

const topic = '[-_A-Za-z0-9]{1,64}';
export const topicPattern = new RegExp(`^${topic}$`);
const subscribePath = new RegExp(`^/(${topic}(?:,${topic})*)/(json|sse|raw|ws|auth)$`);
const topicPath = new RegExp(`^/(${topic})$`);
const webhookPath = new RegExp(`^/(${topic})/(?:publish|send|trigger)$`);
const sequencePath = new RegExp(`^/(${topic})/(${topic})$`);
const sequenceClearPath = new RegExp(`^/(${topic})/(${topic})/(?:clear|read)$`);
const filePath = /^\/file\/([-_A-Za-z0-9]{1,64}(?:\.[a-z0-9]{1,8})?)$/;

/** Names ntfy reserves for its own pages and API (400, 40010). */
const disallowedTopics = new Set([
  'docs',
  'static',
  'file',
  'app',
  'metrics',
  'account',
  'settings',
  'signup',
  'login',
  'v1',
]);

export function isDisallowedTopic(name: string): boolean {
  return disallowedTopics.has(name);
}

/** ntfy's account API paths this server answers (account-handler.ts). */
export type AccountEndpoint = 'account' | 'token' | 'subscription';
const accountPaths: ReadonlyMap<string, AccountEndpoint> = new Map([
  ['/v1/account', 'account'],
  ['/v1/account/token', 'token'],
  ['/v1/account/subscription', 'subscription'],
]);

export type Route =
  | { readonly kind: 'health' }
  | { readonly kind: 'account'; readonly endpoint: AccountEndpoint }
  | { readonly kind: 'options' }
  | { readonly kind: 'not-found' }
  /** An uploaded attachment (`attachments` option). */
  | { readonly kind: 'file'; readonly name: string }
  | {
      readonly kind: 'subscribe';
      readonly format: StreamTransport;
      readonly topicsRaw: string;
      readonly topics: string[];
    }
  | { readonly kind: 'auth'; readonly topicsRaw: string; readonly topics: string[] }
  | { readonly kind: 'publish'; readonly topic: string; readonly sequenceId: string | undefined }
  | { readonly kind: 'publish-json' }
  | {
      readonly kind: 'sequence-event';
      readonly topic: string;
      readonly sequenceId: string;
      readonly event: 'message_delete' | 'message_clear';
    };

/** Go's r.URL.Path is percent-decoded; a path that cannot be decoded matches nothing. */
function decodePath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}

function matchSubscribe(path: string): Route | undefined {
  const match = subscribePath.exec(path);
  if (match === null) return undefined;
  const [, topicsRaw = '', format = ''] = match;
  const topics = topicsRaw.split(',');
  if (format === 'auth') return { kind: 'auth', topicsRaw, topics };
  return { kind: 'subscribe', format: format as StreamTransport, topicsRaw, topics };
}

/**
 * `newerEvents` adds ntfy 2.16's sequence endpoints: `PUT/POST /<topic>/<sequence_id>` publishes with that sequence
 * id, `PUT/POST /<topic>/<sequence_id>/clear` (or `/read`) sends message_clear, `DELETE /<topic>/<sequence_id>`
 * sends message_delete.
 */
function matchSequence(method: string, path: string): Route | undefined {
  const clear = sequenceClearPath.exec(path);
  if (clear !== null && (method === 'PUT' || method === 'POST')) {
    return { kind: 'sequence-event', topic: clear[1] ?? '', sequenceId: clear[2] ?? '', event: 'message_clear' };
  }
  const sequence = sequencePath.exec(path);
  if (sequence === null) return undefined;
  if (method === 'DELETE') {
    return { kind: 'sequence-event', topic: sequence[1] ?? '', sequenceId: sequence[2] ?? '', event: 'message_delete' };
  }
  if (method === 'PUT' || method === 'POST') {
    return { kind: 'publish', topic: sequence[1] ?? '', sequenceId: sequence[2] };
  }
  return undefined;
}

export function matchRoute(method: string, pathname: string, newerEvents: boolean): Route {
  const path = decodePath(pathname);
  if (path === undefined) return { kind: 'not-found' };
  if (method === 'OPTIONS') return { kind: 'options' };
  if (method === 'GET' && path === '/v1/health') return { kind: 'health' };
  const accountEndpoint = accountPaths.get(path);
  if (accountEndpoint !== undefined) return { kind: 'account', endpoint: accountEndpoint };
  const isPublishMethod = method === 'PUT' || method === 'POST';
  if (isPublishMethod && path === '/') return { kind: 'publish-json' };
  if (isPublishMethod) {
    const match = topicPath.exec(path);
    if (match !== null) return { kind: 'publish', topic: match[1] ?? '', sequenceId: undefined };
  }
  const webhook = webhookPath.exec(path);
  if (webhook !== null && (isPublishMethod || method === 'GET')) {
    return { kind: 'publish', topic: webhook[1] ?? '', sequenceId: undefined };
  }
  const file = method === 'GET' ? filePath.exec(path) : null;
  if (file !== null) return { kind: 'file', name: file[1] ?? '' };
  if (method === 'GET') return matchSubscribe(path) ?? { kind: 'not-found' };
  return (newerEvents ? matchSequence(method, path) : undefined) ?? { kind: 'not-found' };
}

/** The log's classification of a request. */
export function transportOf(route: Route, poll: boolean): RequestTransport {
  switch (route.kind) {
    case 'subscribe':
      return poll ? 'poll' : route.format;
    case 'auth':
      return 'auth';
    case 'publish':
    case 'publish-json':
    case 'sequence-event':
      return 'publish';
    default:
      return 'other';
  }
}
