/**
 * Groups subscriptions into connections: those that share server, credentials, transport and filters share one
 * connection with comma-joined topics, because servers cap open streams per client (30 by default). Only a group
 * whose URL would be longer than proxies allow is split into a few connections (url-budget.ts).
 */
import { createHash } from 'node:crypto';
import type { SinceValue } from '../protocol/since.ts';
import { canonicalFilters, identityOf } from '../protocol/resume-key.ts';
import type { Credentials, SubscribeFilters, TransportKind } from '../protocol/subscribe-request.ts';
import { normalizeServerUrl } from '../../../common/server-url.ts';
import type { ConnectionSpec } from './connection-types.ts';
import { splitByUrlBudget } from './url-budget.ts';

export interface Subscription {
  /** Server base URL as the user typed it; normalized here. */
  readonly server: string;
  readonly topic: string;
  readonly transport?: TransportKind;
  readonly filters?: SubscribeFilters;
  readonly credentials?: Credentials;
  readonly authVia?: 'header' | 'query';
  readonly scheduled?: boolean;
}

export interface GroupOptions {
  readonly initialSince: SinceValue;
}

/** Changes when the secret changes, never reveals it; kept in memory only, to restart on a credentials change. */
function credentialsFingerprint(credentials: Credentials): string {
  const secret =
    credentials.kind === 'basic'
      ? `${credentials.user}\n${credentials.password}`
      : credentials.kind === 'token'
        ? credentials.token
        : '';
  return createHash('sha256').update(`${credentials.kind}\n${secret}`).digest('hex').slice(0, 16);
}

export function groupSubscriptions(subscriptions: readonly Subscription[], options: GroupOptions): ConnectionSpec[] {
  const groups = new Map<string, { spec: Omit<ConnectionSpec, 'topics'>; topics: string[] }>();
  for (const subscription of subscriptions) {
    const server = normalizeServerUrl(subscription.server);
    const transport = subscription.transport ?? 'json';
    const filters = subscription.filters ?? {};
    const credentials = subscription.credentials ?? { kind: 'none' };
    const authVia = subscription.authVia ?? 'header';
    const scheduled = subscription.scheduled ?? false;
    const key = [
      server,
      transport,
      identityOf(credentials),
      authVia,
      scheduled ? 'scheduled' : '',
      canonicalFilters(filters),
    ].join(' ');
    const group = groups.get(key) ?? {
      spec: { key, server, transport, filters, credentials, authVia, scheduled, initialSince: options.initialSince },
      topics: [],
    };
    if (!group.topics.includes(subscription.topic)) group.topics.push(subscription.topic);
    groups.set(key, group);
  }
  return [...groups.values()].flatMap(({ spec, topics }) => splitByUrlBudget({ ...spec, topics }));
}

/** Two specs that differ here need a restart of their connection (topics, secret, start point). */
export function connectionFingerprint(spec: ConnectionSpec): string {
  return JSON.stringify([
    spec.key,
    [...spec.topics].sort(),
    credentialsFingerprint(spec.credentials),
    spec.initialSince,
  ]);
}
