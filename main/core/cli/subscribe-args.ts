/**
 * Reads `ntfy-tray subscribe` arguments into a typed plan, or a usage error (exit code 2). The contract is fixed
 * by the issue (tests outside this repo drive it), so option names and meanings must not drift. Everything that
 * a server would refuse, or that would be dropped without a word, is refused here instead.
 */
import { DEFAULT_KEEPALIVE_TIMEOUT_MS } from '../engine/watchdog.ts';
import { DEFAULT_MAX_DELAY_MS } from '../engine/backoff.ts';
import type { Subscription } from '../engine/groups.ts';
import { parseSince, type SinceValue } from '../protocol/since.ts';
import type { SubscribeFilters } from '../protocol/subscribe-request.ts';
import { priorityInputHelp } from '../../../common/priority-names.ts';
import { CLI_TRANSPORTS, type TransportKind } from '../../../common/transports.ts';
import { readCredentialArgs } from './credential-args.ts';
import { dataDirArgProblem } from './data-dir.ts';
import { type DurationFlag, readDurationFlag, readFilters } from './filter-args.ts';
import { parseOptions } from './parse-options.ts';
import { type ArgsResult, parseTopicUrl } from './topic-url.ts';

export type { ArgsResult } from './topic-url.ts';
export { parseTopicUrl } from './topic-url.ts';
export { parseDurationMs } from './filter-args.ts';

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

/** Bounds in milliseconds: past 2^31-1 ms (24.8 days) setTimeout fires at once, and nobody means an hour more. */
export const KEEPALIVE_TIMEOUT_FLAG: DurationFlag = {
  name: '--keepalive-timeout',
  minMs: 5_000,
  maxMs: 3_600_000,
  example: '90s',
};
export const BACKOFF_MAX_FLAG: DurationFlag = { name: '--backoff-max', minMs: 1_000, maxMs: 3_600_000, example: '2m' };

export const SUBSCRIBE_USAGE = `Usage: ntfy-tray subscribe [options] <topic-url>...

  <topic-url>          http(s)://host[:port]/topic  or  http(s)://host[:port]/t1,t2; https is assumed for
                       host/topic (ntfy.sh/alerts), and a bare topic (alerts) is on the default server
                       (https://ntfy.sh, or the one the app was set to use in this data folder)
                       (several on the same server share one connection; no ?query or #fragment: use the options)
  --json               print each delivered message as one JSON line on stdout
  --transport <t>      ws | json | sse | raw   (default json; not with --poll, which always reads JSON)
  --since <v>          all | latest | none | <duration: 30s, 10m, 2h, 1d> | <unix seconds> | <message id>
  --poll               print what the server has cached, then exit
  --notify             also show each message as a desktop notification (Linux, D-Bus)
  --scheduled          include delayed messages that are not yet due
  --priority <list>    only these priorities: ${priorityInputHelp()} (comma list, any of)
  --tags <list>        only messages with all of these tags (comma list)
  --title <s> --message <s> --id <s>     only messages with exactly this title, message or id
  --user <name[:pass]> as with the ntfy CLI; without ":pass" the password comes from the environment variable
                       NTFY_PASSWORD, else from the keychain (ntfy-tray login). A password on the command line is
                       visible to other users of this machine: prefer NTFY_PASSWORD.
                       Without --user/--token, credentials stored by login are used.
  --token <token>      or the environment variable NTFY_TOKEN
  --auth-param         send credentials as ?auth= instead of the Authorization header
  --data-dir <dir>     where settings, history and resume points live (default: the app's data folder,
                       see the README's "Data folder"); one subscribe per folder
  --keepalive-timeout <duration>   silence after which a connection counts as dead (5s to 1h, default 90s)
  --backoff-max <duration>         cap of the reconnect backoff (1s to 1h, default 2m)
  -h, --help`;

function fail<T>(error: string): ArgsResult<T> {
  return { ok: false, error };
}

function readArgs(args: readonly string[]) {
  return parseOptions({
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
}

function readTransport(value: string | undefined, poll: boolean): ArgsResult<TransportKind> {
  if (value === undefined) return { ok: true, value: 'json' };
  const transport = CLI_TRANSPORTS.find((kind) => kind === value);
  if (transport === undefined) return fail(`--transport must be one of ${CLI_TRANSPORTS.join(', ')}`);
  if (poll && transport !== 'json') return fail('--poll always reads the JSON endpoint; --transport does not apply');
  return { ok: true, value: transport };
}

function readSince(value: string | undefined, poll: boolean): ArgsResult<SinceValue> {
  if (value === undefined) return { ok: true, value: { kind: poll ? 'all' : 'none' } };
  const result = parseSince(value);
  return result.ok ? { ok: true, value: result.since } : fail(result.error);
}

export interface SubscribeArgsOptions {
  /** Where a bare topic lives, given `--data-dir` (undefined: the default data dir). Default https://ntfy.sh. */
  readonly defaultServerOf?: (dataDir: string | undefined) => string;
}

export function parseSubscribeArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  options: SubscribeArgsOptions = {},
): ArgsResult<SubscribePlan> | { readonly ok: 'help' } {
  const parsed = readArgs(args);
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.value;
  if (values.help === true) return { ok: 'help' };
  if (positionals.length === 0) return fail('missing <topic-url>');
  const poll = values.poll === true;
  const dataDirProblem = dataDirArgProblem(values['data-dir']);
  if (dataDirProblem !== undefined) return fail(dataDirProblem);

  const transport = readTransport(values.transport, poll);
  if (!transport.ok) return transport;
  const since = readSince(values.since, poll);
  if (!since.ok) return since;
  const credentials = readCredentialArgs({ user: values.user, token: values.token }, env);
  if (!credentials.ok) return credentials;
  const filters: ArgsResult<SubscribeFilters> = readFilters(values);
  if (!filters.ok) return filters;
  const keepaliveTimeoutMs = readDurationFlag(
    KEEPALIVE_TIMEOUT_FLAG,
    values['keepalive-timeout'],
    DEFAULT_KEEPALIVE_TIMEOUT_MS,
  );
  if (!keepaliveTimeoutMs.ok) return keepaliveTimeoutMs;
  const backoffMaxMs = readDurationFlag(BACKOFF_MAX_FLAG, values['backoff-max'], DEFAULT_MAX_DELAY_MS);
  if (!backoffMaxMs.ok) return backoffMaxMs;

  const subscriptions: Subscription[] = [];
  const defaultServer = options.defaultServerOf?.(values['data-dir']);
  for (const positional of positionals) {
    const topicUrl = parseTopicUrl(positional, defaultServer);
    if (!topicUrl.ok) return topicUrl;
    for (const topic of topicUrl.value.topics) {
      subscriptions.push({
        server: topicUrl.value.server,
        topic,
        transport: transport.value,
        filters: filters.value,
        credentials: credentials.value,
        authVia: values['auth-param'] === true ? 'query' : 'header',
        scheduled: values.scheduled === true,
      });
    }
  }
  const plan: SubscribePlan = {
    subscriptions,
    json: values.json === true,
    poll,
    notify: values.notify === true,
    since: since.value,
    sinceGiven: values.since !== undefined,
    keepaliveTimeoutMs: keepaliveTimeoutMs.value,
    backoffMaxMs: backoffMaxMs.value,
  };
  return { ok: true, value: values['data-dir'] === undefined ? plan : { ...plan, dataDir: values['data-dir'] } };
}
