/**
 * client.yml → the subscriptions of `subscribe --from-config`, as ntfy's CLI makes them (cmd/subscribe.go
 * doSubscribe, maybeAddAuthHeader): each entry's topic read against `default-host`; its own token, else its own
 * user and password, else the default token, else the default user and password; an empty token (or an empty user
 * and password) means no credentials at all; `if:` as server-side filters; its `command`, else `default-command`.
 */
import type { ClientConfig, ClientConfigEntry } from './client-config.ts';
import type { Credentials } from '../protocol/subscribe-request.ts';
import type { TransportKind } from '../../../common/transports.ts';
import { t } from '../../../common/i18n/translate.ts';
import { controlCharacterProblem } from './credential-text.ts';
import { readFilters } from './filter-input.ts';
import type { Subscription } from '../engine/groups.ts';
import type { ArgsResult } from './args-result.ts';
import { parseTopicUrl } from './topic-url.ts';

/** A subscription of a `subscribe` run; with `command`, each of its messages runs that command instead of being printed. */
export interface PlannedSubscription extends Subscription {
  readonly command?: string;
}

/** The default credentials of a client.yml, for topics given on the command line too; undefined: none set. */
export function configDefaultCredentials(config: ClientConfig): Credentials | undefined {
  if (config.defaultToken !== undefined) return { kind: 'token', token: config.defaultToken };
  if (config.defaultUser !== undefined && config.defaultPassword !== undefined) {
    // `default-password: ""` is an empty password, never a keychain lookup (client/client.yml).
    return { kind: 'basic', user: config.defaultUser, password: config.defaultPassword, passwordGiven: true };
  }
  return undefined;
}

/** An entry's own credentials (an explicit none included); undefined: it uses the file's defaults. */
export function ownEntryCredentials(entry: ClientConfigEntry): Credentials | undefined {
  if (entry.token === '' || (entry.user === '' && entry.password === '')) return { kind: 'none' };
  if (entry.token !== undefined) return { kind: 'token', token: entry.token };
  if (entry.user !== undefined && entry.user !== '' && entry.password !== undefined) {
    return { kind: 'basic', user: entry.user, password: entry.password, passwordGiven: true };
  }
  return undefined;
}

/** Whose credentials an entry uses (cmd/subscribe.go maybeAddAuthHeader): its own, else the defaults, else none. */
export function entryCredentials(entry: ClientConfigEntry, config: ClientConfig): Credentials {
  return ownEntryCredentials(entry) ?? configDefaultCredentials(config) ?? { kind: 'none' };
}

function secretProblem(credentials: Credentials, where: string): string | undefined {
  if (credentials.kind === 'token') return controlCharacterProblem(credentials.token, `${where}: token`);
  if (credentials.kind === 'basic') {
    return (
      controlCharacterProblem(credentials.user, `${where}: user`) ??
      controlCharacterProblem(credentials.password, `${where}: password`)
    );
  }
  return undefined;
}

interface EntryOptions {
  readonly path: string;
  /**
   * `--poll`: ntfy's poll path (cmd/subscribe.go doPoll) polls each entry with its credentials and its own
   * `command`, but without its `if:` filters and without `default-command`.
   */
  readonly poll?: boolean;
  /** --user/--token/NTFY_USER/NTFY_TOKEN: what an entry without credentials (and no defaults) uses, as in ntfy. */
  readonly given?: Credentials;
  readonly transport: TransportKind;
  readonly authVia: 'header' | 'query';
  readonly scheduled: boolean;
}

export function configSubscriptions(config: ClientConfig, options: EntryOptions): ArgsResult<PlannedSubscription[]> {
  const subscriptions: PlannedSubscription[] = [];
  for (const [index, entry] of config.subscribe.entries()) {
    const where = t('cli.client-config.entry', { path: options.path, entry: index + 1 });
    const topicUrl = parseTopicUrl(entry.topic, config.defaultHost);
    if (!topicUrl.ok) return { ok: false, error: `${where}: ${topicUrl.error}` };
    const own = entryCredentials(entry, config);
    const inherits = own.kind === 'none' && entry.token !== '' && !(entry.user === '' && entry.password === '');
    const credentials = inherits && options.given !== undefined ? options.given : own;
    const problem = secretProblem(credentials, where);
    if (problem !== undefined) return { ok: false, error: problem };
    const filters = readFilters(options.poll === true ? {} : entry.if);
    if (!filters.ok) return { ok: false, error: `${where}: ${filters.error}` };
    const command = options.poll === true ? entry.command : (entry.command ?? config.defaultCommand);
    for (const topic of topicUrl.value.topics) {
      subscriptions.push({
        server: topicUrl.value.server,
        topic,
        transport: options.transport,
        filters: filters.value,
        credentials,
        authVia: options.authVia,
        scheduled: options.scheduled,
        ...(command === undefined ? {} : { command }),
      });
    }
  }
  return { ok: true, value: subscriptions };
}
