/**
 * Reads `ntfy-tray subscribe` arguments into a typed plan, or a usage error (exit code 2). The contract is fixed
 * by the issue (tests outside this repo drive it), so option names and meanings must not drift.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_KEEPALIVE_TIMEOUT_MS } from '../engine/watchdog.ts';
import { DEFAULT_MAX_DELAY_MS } from '../engine/backoff.ts';
import type { Subscription } from '../engine/groups.ts';
import { parseSince, type SinceValue } from '../protocol/since.ts';
import {
  type Credentials,
  isValidTopic,
  type SubscribeFilters,
  type TransportKind,
} from '../protocol/subscribe-request.ts';

export interface SubscribePlan {
  readonly subscriptions: readonly Subscription[];
  readonly json: boolean;
  readonly poll: boolean;
  readonly notify: boolean;
  /** Where a group without a stored cursor starts. */
  readonly since: SinceValue;
  readonly sinceGiven: boolean;
  readonly dataDir?: string;
  readonly keepaliveTimeoutMs: number;
  readonly backoffMaxMs: number;
}

export type ArgsResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export const SUBSCRIBE_USAGE = `Usage: ntfy-tray subscribe [options] <topic-url>...

  <topic-url>          http(s)://host[:port]/topic  or  http(s)://host[:port]/t1,t2
                       (several on the same server share one connection)
  --json               print each delivered message as one JSON line on stdout
  --transport <t>      ws | json | sse | raw   (default json)
  --since <v>          all | latest | none | <duration: 30s, 10m, 2h, 1d> | <unix seconds> | <message id>
  --poll               print what the server has cached, then exit
  --notify             also show each message as a desktop notification (Linux, D-Bus)
  --scheduled          include delayed messages that are not yet due
  --priority <list> --tags <list> --title <s> --message <s> --id <s>     server-side filters
  --user <name>        password from the environment variable NTFY_PASSWORD, else from the keychain
                       (ntfy-tray login); without --user/--token, credentials stored by login are used
  --token <token>      or the environment variable NTFY_TOKEN
  --auth-param         send credentials as ?auth= instead of the Authorization header
  --data-dir <dir>     where history and resume cursors live
  --keepalive-timeout <duration>   silence after which a connection counts as dead (default 90s)
  --backoff-max <duration>         cap of the reconnect backoff (default 2m)
  -h, --help`;

const TRANSPORTS: readonly TransportKind[] = ['json', 'sse', 'ws', 'raw'];

function fail<T>(error: string): ArgsResult<T> {
  return { ok: false, error };
}

/** `30s`, `2m`, `1h30m`, `1d`, `500ms` → milliseconds. */
export function parseDurationMs(text: string): number | undefined {
  const parsed = parseSince(text);
  if (!parsed.ok || parsed.since.kind !== 'duration') return undefined;
  const units: Readonly<Record<string, number>> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  let total = 0;
  for (const match of parsed.since.value.matchAll(/(\d+(?:\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(match[1]) * (units[match[2] ?? ''] ?? 0);
  }
  return total > 0 ? total : undefined;
}

/** `https://host:8080/base/a,b` → server `https://host:8080/base`, topics `a`, `b`. */
export function parseTopicUrl(text: string): ArgsResult<{ server: string; topics: string[] }> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(`not a URL: ${text} (expected http(s)://host[:port]/topic)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(`not an http(s) URL: ${text}`);
  if (url.username !== '' || url.password !== '') return fail(`put credentials in --user/--token, not in the URL`);
  const path = url.pathname.replace(/\/+$/, '');
  const slash = path.lastIndexOf('/');
  const topics = path.slice(slash + 1).split(',');
  if (topics.length === 0 || topics.some((topic) => !isValidTopic(topic))) {
    return fail(`invalid topic in ${text}: topics are 1-64 characters of A-Z a-z 0-9 _ -`);
  }
  return { ok: true, value: { server: `${url.protocol}//${url.host}${path.slice(0, slash)}`, topics } };
}

export function parseSubscribeArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ArgsResult<SubscribePlan> | { readonly ok: 'help' } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean' },
        transport: { type: 'string' },
        since: { type: 'string' },
        poll: { type: 'boolean' },
        notify: { type: 'boolean' },
        scheduled: { type: 'boolean' },
        priority: { type: 'string' },
        tags: { type: 'string' },
        title: { type: 'string' },
        message: { type: 'string' },
        id: { type: 'string' },
        user: { type: 'string' },
        token: { type: 'string' },
        'auth-param': { type: 'boolean' },
        'data-dir': { type: 'string' },
        'keepalive-timeout': { type: 'string' },
        'backoff-max': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { ok: 'help' };
  if (positionals.length === 0) return fail('missing <topic-url>');

  const transport = (values.transport ?? 'json') as TransportKind;
  if (!TRANSPORTS.includes(transport)) return fail(`--transport must be one of ${TRANSPORTS.join(', ')}`);

  let since: SinceValue = { kind: values.poll === true ? 'all' : 'none' };
  if (values.since !== undefined) {
    const result = parseSince(values.since);
    if (!result.ok) return fail(result.error);
    since = result.since;
  }

  let credentials: Credentials = { kind: 'none' };
  const token = values.token ?? (values.user === undefined ? env['NTFY_TOKEN'] : undefined);
  if (values.user !== undefined && values.token !== undefined) return fail('use either --user or --token, not both');
  if (values.user !== undefined) {
    const password = env['NTFY_PASSWORD'];
    // Without NTFY_PASSWORD the password comes from the keychain (resolved by applyStoredCredentials).
    credentials = { kind: 'basic', user: values.user, password: password ?? '' };
  } else if (token !== undefined && token !== '') {
    credentials = { kind: 'token', token };
  }

  const filters: { -readonly [K in keyof SubscribeFilters]: SubscribeFilters[K] } = {};
  if (values.priority !== undefined) filters.priority = values.priority.split(',');
  if (values.tags !== undefined) filters.tags = values.tags.split(',');
  if (values.title !== undefined) filters.title = values.title;
  if (values.message !== undefined) filters.message = values.message;
  if (values.id !== undefined) filters.id = values.id;

  const keepaliveTimeoutMs =
    values['keepalive-timeout'] === undefined
      ? DEFAULT_KEEPALIVE_TIMEOUT_MS
      : parseDurationMs(values['keepalive-timeout']);
  if (keepaliveTimeoutMs === undefined) return fail('--keepalive-timeout must be a duration such as 90s');
  const backoffMaxMs =
    values['backoff-max'] === undefined ? DEFAULT_MAX_DELAY_MS : parseDurationMs(values['backoff-max']);
  if (backoffMaxMs === undefined) return fail('--backoff-max must be a duration such as 2m');

  const subscriptions: Subscription[] = [];
  for (const positional of positionals) {
    const topicUrl = parseTopicUrl(positional);
    if (!topicUrl.ok) return topicUrl;
    for (const topic of topicUrl.value.topics) {
      subscriptions.push({
        server: topicUrl.value.server,
        topic,
        transport,
        filters,
        credentials,
        authVia: values['auth-param'] === true ? 'query' : 'header',
        scheduled: values.scheduled === true,
      });
    }
  }
  const plan: SubscribePlan = {
    subscriptions,
    json: values.json === true,
    poll: values.poll === true,
    notify: values.notify === true,
    since,
    sinceGiven: values.since !== undefined,
    keepaliveTimeoutMs,
    backoffMaxMs,
  };
  return { ok: true, value: values['data-dir'] === undefined ? plan : { ...plan, dataDir: values['data-dir'] } };
}
