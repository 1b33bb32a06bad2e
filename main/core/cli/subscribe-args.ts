/**
 * Reads `ntfy-tray subscribe` arguments into a typed plan, or a usage error (exit code 2). The contract is fixed
 * by the issue (tests outside this repo drive it), so option names and meanings must not drift. Everything that
 * a server would refuse, or that would be dropped without a word, is refused here instead.
 */
import { DEFAULT_KEEPALIVE_TIMEOUT_MS } from '../engine/watchdog.ts';
import { DEFAULT_MAX_DELAY_MS } from '../engine/backoff.ts';
import { parseSince, type SinceValue } from '../protocol/since.ts';
import type { SubscribeFilters } from '../protocol/subscribe-request.ts';
import { priorityInputHelp } from '../../../common/priority-names.ts';
import { CLI_TRANSPORTS, type TransportKind } from '../../../common/transports.ts';
import { t } from '../../../common/i18n/translate.ts';
import { readCredentialArgs } from './credential-args.ts';
import {
  configDefaultCredentials,
  configSubscriptions,
  type PlannedSubscription,
} from '../client-config/client-config-plan.ts';
import type { ClientConfigLoad } from '../client-config/client-config-file.ts';
import { dataDirArgProblem } from './data-dir.ts';
import { type DurationFlag, durationFlagHelp, readDurationFlag } from './filter-args.ts';
import { readFilters } from '../client-config/filter-input.ts';
import { parseOptions } from './parse-options.ts';
import { LOG_FLAGS, type LogChoice, readLogChoice } from './log-flags.ts';
import { canonicalValues, type FlagTable, type FlagValues, isSet, parseArgsOptions, stringOf } from './ntfy-flags.ts';
import { type ArgsResult, fail } from '../client-config/args-result.ts';
import { parseTopicUrl } from '../client-config/topic-url.ts';

export interface SubscribePlan {
  readonly subscriptions: readonly PlannedSubscription[];
  readonly json: boolean;
  readonly poll: boolean;
  readonly notify: boolean;
  /** Where a group without a stored cursor starts. */
  readonly since: SinceValue;
  readonly sinceGiven: boolean;
  readonly dataDir?: string;
  readonly keepaliveTimeoutMs: number;
  readonly backoffMaxMs: number;
  /** ntfy's logging options (log-flags.ts). */
  readonly log: LogChoice;
}

/** Bounds in milliseconds: past 2^31-1 ms (24.8 days) setTimeout fires at once, and nobody means an hour more. */
export const KEEPALIVE_TIMEOUT_FLAG: DurationFlag = {
  name: '--keepalive-timeout',
  minMs: 5_000,
  maxMs: 3_600_000,
  defaultMs: DEFAULT_KEEPALIVE_TIMEOUT_MS,
};
export const BACKOFF_MAX_FLAG: DurationFlag = {
  name: '--backoff-max',
  minMs: 1_000,
  maxMs: 3_600_000,
  defaultMs: DEFAULT_MAX_DELAY_MS,
};

/** The help text, computed when printed (the language is chosen at start); the flags' bounds from the flags. */
export function subscribeUsage(): string {
  const keepalive = durationFlagHelp(KEEPALIVE_TIMEOUT_FLAG);
  const backoff = durationFlagHelp(BACKOFF_MAX_FLAG);
  return t('cli.help.subscribe', {
    priorities: priorityInputHelp(),
    keepaliveMin: keepalive.min,
    keepaliveMax: keepalive.max,
    keepaliveDefault: keepalive.default,
    backoffMin: backoff.min,
    backoffMax: backoff.max,
    backoffDefault: backoff.default,
  });
}

/** ntfy's subscribe options (cmd/subscribe.go flagsSubscribe) with their aliases and variables, and ours. */
const FLAGS: FlagTable = {
  ...LOG_FLAGS,
  config: { type: 'string', short: 'c' },
  since: { type: 'string', short: 's' },
  // NTFY_USER and NTFY_TOKEN are read with the other credentials (credential-args.ts).
  user: { type: 'string', short: 'u' },
  token: { type: 'string', short: 'k' },
  'from-config': { type: 'boolean', short: 'C', aliases: ['from_config'] },
  poll: { type: 'boolean', short: 'p' },
  scheduled: { type: 'boolean', short: 'S', aliases: ['sched'] },
  json: { type: 'boolean' },
  text: { type: 'boolean' },
  transport: { type: 'string' },
  notify: { type: 'boolean' },
  priority: { type: 'string' },
  tags: { type: 'string' },
  title: { type: 'string' },
  message: { type: 'string' },
  id: { type: 'string' },
  'auth-param': { type: 'boolean', aliases: ['auth_param'] },
  'data-dir': { type: 'string' },
  'keepalive-timeout': { type: 'string' },
  'backoff-max': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

function readArgs(args: readonly string[], env: Readonly<Record<string, string | undefined>>) {
  const parsed = parseOptions({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: parseArgsOptions(FLAGS),
  });
  if (!parsed.ok) return parsed;
  const values = canonicalValues(FLAGS, parsed.value.values, env);
  return values.ok
    ? { ok: true as const, value: { values: values.value, positionals: parsed.value.positionals } }
    : values;
}

/** The options this file reads, typed (the values of FLAGS under their own names). */
function plainValues(values: FlagValues) {
  const text = (name: string): string | undefined => stringOf(values, name);
  return {
    help: isSet(values, 'help'),
    json: isSet(values, 'json'),
    text: isSet(values, 'text'),
    'from-config': isSet(values, 'from-config'),
    poll: isSet(values, 'poll'),
    notify: isSet(values, 'notify'),
    scheduled: isSet(values, 'scheduled'),
    'auth-param': isSet(values, 'auth-param'),
    config: text('config'),
    since: text('since'),
    user: text('user'),
    token: text('token'),
    transport: text('transport'),
    priority: text('priority'),
    tags: text('tags'),
    title: text('title'),
    message: text('message'),
    id: text('id'),
    'data-dir': text('data-dir'),
    'keepalive-timeout': text('keepalive-timeout'),
    'backoff-max': text('backoff-max'),
  };
}

function readTransport(value: string | undefined, poll: boolean): ArgsResult<TransportKind> {
  if (value === undefined) return { ok: true, value: 'json' };
  const transport = CLI_TRANSPORTS.find((kind) => kind === value);
  if (transport === undefined) return fail(t('cli.subscribe.transport', { transports: CLI_TRANSPORTS.join(', ') }));
  if (poll && transport !== 'json') return fail(t('cli.subscribe.poll-transport'));
  return { ok: true, value: transport };
}

function readSince(value: string | undefined, poll: boolean): ArgsResult<SinceValue> {
  if (value === undefined) return { ok: true, value: { kind: poll ? 'all' : 'none' } };
  const result = parseSince(value);
  return result.ok ? { ok: true, value: result.since } : fail(result.error);
}

/** A word for the shell as one argument: as it is when plain, else quoted (POSIX '…', cmd.exe "…"). */
function shellWord(word: string, platform: NodeJS.Platform): string {
  if (/^[-_./:=@%+,a-zA-Z0-9]+$/.test(word)) return word;
  return platform === 'win32' ? `"${word.replaceAll('"', '""')}"` : `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * `ntfy sub TOPIC COMMAND`: the first argument is the topic (several as `a,b`), the second always the command
 * (cmd/subscribe.go: `c.Args().Get(1)`). ntfy drops any further argument; here they are the command's own
 * arguments, each passed to the shell as one word (`sub alerts notify-send hello` runs `notify-send hello`).
 */
function splitCommand(
  positionals: readonly string[],
  platform: NodeJS.Platform,
): { readonly topics: readonly string[]; readonly command?: string } {
  const [topic, command, ...args] = positionals;
  if (topic === undefined) return { topics: [] };
  if (command === undefined) return { topics: [topic] };
  return { topics: [topic], command: [command, ...args.map((arg) => shellWord(arg, platform))].join(' ') };
}

interface SubscribeArgsOptions {
  /** Where a bare topic lives, given `--data-dir` (undefined: the default data dir). Default https://ntfy.sh. */
  readonly defaultServerOf?: (dataDir: string | undefined) => string;
  /** The client.yml of this run: `-c/--config` (given) or ntfy's default path; none: no client.yml is read. */
  readonly clientConfig?: (given: string | undefined) => ClientConfigLoad;
  /**
   * Whether stdout is a terminal: readable lines there, JSON lines into a pipe or file (what `ntfy sub … | jq` reads);
   * `--json` and `--text` choose either way. Default true.
   */
  readonly stdoutIsTerminal?: boolean;
  /** How a command's further arguments are quoted for the shell; default this process's platform. */
  readonly platform?: NodeJS.Platform;
}

export function parseSubscribeArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  options: SubscribeArgsOptions = {},
): ArgsResult<SubscribePlan> | { readonly ok: 'help' } {
  const parsed = readArgs(args, env);
  if (!parsed.ok) return parsed;
  const { positionals } = parsed.value;
  const values = plainValues(parsed.value.values);
  if (values.help) return { ok: 'help' };
  if (values.json && values.text) return fail(t('cli.subscribe.json-or-text'));
  const fromConfig = values['from-config'];
  if (positionals.length === 0 && !fromConfig) return fail(t('cli.subscribe.missing-url'));
  if (values.config === '') return fail(t('cli.client-config.empty-option'));
  const load = options.clientConfig?.(values.config) ?? { kind: 'none', path: undefined };
  if (load.kind === 'error') return fail(load.message);
  const config = load.kind === 'ok' ? load.config : undefined;
  if (fromConfig && config === undefined) return fail(t('cli.client-config.none', { path: load.path ?? '' }));
  const poll = values.poll;
  const dataDirProblem = dataDirArgProblem(values['data-dir']);
  if (dataDirProblem !== undefined) return fail(dataDirProblem);

  const transport = readTransport(values.transport, poll);
  if (!transport.ok) return transport;
  const since = readSince(values.since, poll);
  if (!since.ok) return since;
  const given = readCredentialArgs({ user: values.user, token: values.token, asNtfy: true }, env);
  if (!given.ok) return given;
  // Without --user/--token/NTFY_TOKEN, client.yml's default credentials, as ntfy's CLI (then what login stored).
  const configCredentials = config === undefined ? undefined : configDefaultCredentials(config);
  const credentials = given.value.kind === 'none' && configCredentials !== undefined ? configCredentials : given.value;
  const filters: ArgsResult<SubscribeFilters> = readFilters(values);
  if (!filters.ok) return filters;
  const keepaliveTimeoutMs = readDurationFlag(KEEPALIVE_TIMEOUT_FLAG, values['keepalive-timeout']);
  if (!keepaliveTimeoutMs.ok) return keepaliveTimeoutMs;
  const backoffMaxMs = readDurationFlag(BACKOFF_MAX_FLAG, values['backoff-max']);
  if (!backoffMaxMs.ok) return backoffMaxMs;

  const authVia = values['auth-param'] ? 'query' : 'header';
  const scheduled = values.scheduled;
  const subscriptions: PlannedSubscription[] = [];
  if (fromConfig && config !== undefined && load.kind === 'ok') {
    const entries = configSubscriptions(config, {
      path: load.path,
      transport: transport.value,
      authVia,
      scheduled,
      poll,
      given: given.value,
    });
    if (!entries.ok) return entries;
    if (entries.value.length === 0 && positionals.length === 0) {
      return fail(t('cli.client-config.no-entries', { path: load.path }));
    }
    if (transport.value === 'raw' && entries.value.some((entry) => entry.command !== undefined)) {
      return fail(t('cli.subscribe.command-raw'));
    }
    subscriptions.push(...entries.value);
  }
  // client.yml's default-host, when it sets one, is where a bare topic lives, as in ntfy's CLI.
  const defaultServer =
    config?.defaultHostSet === true ? config.defaultHost : options.defaultServerOf?.(values['data-dir']);
  const split = splitCommand(positionals, options.platform ?? process.platform);
  const { command } = split;
  if (command !== undefined && transport.value === 'raw') return fail(t('cli.subscribe.command-raw'));
  for (const positional of split.topics) {
    const topicUrl = parseTopicUrl(positional, defaultServer);
    if (!topicUrl.ok) return topicUrl;
    for (const topic of topicUrl.value.topics) {
      subscriptions.push({
        server: topicUrl.value.server,
        topic,
        transport: transport.value,
        filters: filters.value,
        credentials,
        authVia,
        scheduled,
        ...(command === undefined ? {} : { command }),
      });
    }
  }
  const plan: SubscribePlan = {
    subscriptions,
    json: values.json || (!values.text && options.stdoutIsTerminal === false),
    poll,
    notify: values.notify,
    since: since.value,
    sinceGiven: values.since !== undefined,
    keepaliveTimeoutMs: keepaliveTimeoutMs.value,
    backoffMaxMs: backoffMaxMs.value,
    log: readLogChoice(parsed.value.values),
  };
  return { ok: true, value: values['data-dir'] === undefined ? plan : { ...plan, dataDir: values['data-dir'] } };
}
