/**
 * Cursors as versions before history schema 3 kept them: one per connection group, keyed
 * `<server> <transport> <identity> <authVia> <scheduled> <filters JSON>`, with the topics whose history had been
 * loaded. They were shared by every run with the same server and options whatever its topics, so they are
 * turned into one resume point per topic (protocol/resume-key.ts). Keys that do not parse are dropped: the topic
 * then starts like a new subscription, which loses nothing in the app (it loads the cached history) and is what
 * a fresh CLI run does.
 */
import { resumeKey } from '../../protocol/resume-key.ts';
import type { Credentials, SubscribeFilters } from '../../protocol/subscribe-request.ts';

export interface LegacyCursor {
  readonly lastId?: string | null;
  readonly topics: readonly string[];
}

function filtersOf(json: string): SubscribeFilters | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined; // not the canonical filter array: the key is not one of ours
  }
  if (!Array.isArray(parsed) || parsed.length !== 5) return undefined;
  const [id, message, title, priority, tags] = parsed as unknown[];
  const filters: { -readonly [K in keyof SubscribeFilters]: SubscribeFilters[K] } = {};
  if (typeof id === 'string') filters.id = id;
  if (typeof message === 'string') filters.message = message;
  if (typeof title === 'string') filters.title = title;
  const strings = (value: unknown): string[] | undefined =>
    Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
  const priorities = strings(priority);
  const tagList = strings(tags);
  if (priorities === undefined || tagList === undefined) return undefined;
  if (priorities.length > 0) filters.priority = priorities;
  if (tagList.length > 0) filters.tags = tagList;
  return filters;
}

function credentialsOf(identity: string): Credentials | undefined {
  if (identity === 'anonymous') return { kind: 'none' };
  if (identity === 'token') return { kind: 'token', token: '' };
  // Older versions took `--user alice:secret` whole as the name; the part after the colon is not a name.
  if (identity.startsWith('user:')) return { kind: 'basic', user: identity.slice(5).split(':')[0] ?? '', password: '' };
  return undefined;
}

/** The per-topic resume points an old group cursor stands for; empty when its key does not parse. */
export function resumePointsOfLegacyCursor(
  groupKey: string,
  cursor: LegacyCursor,
): { readonly key: string; readonly server: string; readonly topic: string; readonly lastId?: string }[] {
  const [server, transport, identity, , scheduled, ...rest] = groupKey.split(' ');
  if (server === undefined || transport === undefined || identity === undefined || scheduled === undefined) return [];
  const credentials = credentialsOf(identity);
  const filters = filtersOf(rest.join(' '));
  if (credentials === undefined || filters === undefined || transport === 'raw') return [];
  const scope = { server, credentials, filters, scheduled: scheduled === 'scheduled' };
  return cursor.topics.map((topic) => ({
    key: resumeKey(scope, topic),
    server,
    topic,
    ...(typeof cursor.lastId === 'string' ? { lastId: cursor.lastId } : {}),
  }));
}
