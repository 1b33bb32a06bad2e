/**
 * The app's subscriptions as a client.yml that ntfy's CLI reads (`ntfy subscribe --from-config`): the fields of
 * ntfy's client/config.go only — `default-host`, and per `subscribe:` entry `topic`, `user`, `password`, `token`,
 * `command` and `if` (a map of strings). Pure: settings (and, only when the user asked for them, the secrets) in,
 * YAML text out. client-config.ts reads the result back to the same subscriptions.
 *
 * Topics on the default host are written bare (`alerts`), others as full URLs (`https://host/base/alerts`), as
 * ntfy's CLI expands them (cmd/subscribe.go expandTopicURL). Filters are written the way the CLI passes them to the
 * server: comma-joined priorities and tags.
 */
import { stringify } from 'yaml';
import type { Credentials, SubscribeFilters } from '../protocol/subscribe-request.ts';

export interface ExportedSubscription {
  readonly server: string;
  readonly topic: string;
  readonly filters: SubscribeFilters;
  readonly command?: string;
  /**
   * The credentials this entry uses, written as its own: `none` as `token: ""` (ntfy's explicit "no auth", which no
   * default overrides); absent: the entry gets no credential fields.
   */
  readonly credentials?: Credentials;
}

interface ClientConfigExport {
  /** Normalized server URL: `default-host`. */
  readonly defaultHost: string;
  readonly subscriptions: readonly ExportedSubscription[];
}

/** `if:` as ntfy's `map[string]string`. */
function ifFilters(filters: SubscribeFilters): Record<string, string> | undefined {
  const entries: [string, string][] = [];
  if (filters.id !== undefined) entries.push(['id', filters.id]);
  if (filters.message !== undefined) entries.push(['message', filters.message]);
  if (filters.title !== undefined) entries.push(['title', filters.title]);
  if (filters.priority !== undefined && filters.priority.length > 0)
    entries.push(['priority', filters.priority.join(',')]);
  if (filters.tags !== undefined && filters.tags.length > 0) entries.push(['tags', filters.tags.join(',')]);
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

function credentialFields(credentials: Credentials | undefined): Record<string, string> {
  if (credentials === undefined) return {};
  if (credentials.kind === 'none') return { token: '' };
  if (credentials.kind === 'token') return { token: credentials.token };
  return { user: credentials.user, password: credentials.password };
}

export function clientConfigYaml(config: ClientConfigExport): string {
  const subscribe = config.subscriptions.map((subscription) => {
    const filters = ifFilters(subscription.filters);
    return {
      topic:
        subscription.server === config.defaultHost
          ? subscription.topic
          : `${subscription.server}/${subscription.topic}`,
      ...credentialFields(subscription.credentials),
      ...(subscription.command === undefined ? {} : { command: subscription.command }),
      ...(filters === undefined ? {} : { if: filters }),
    };
  });
  const header =
    '# ntfy client.yml, written by ntfy-tray: ntfy subscribe --from-config reads it (https://docs.ntfy.sh/subscribe/cli/)\n';
  // Every scalar a string, quoted where YAML would read it as something else (`priority: "5"`, `topic: "123"`).
  return header + stringify({ 'default-host': config.defaultHost, subscribe }, { defaultStringType: 'QUOTE_DOUBLE' });
}
