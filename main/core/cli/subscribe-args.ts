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
import { t } from '../../../common/i18n/translate.ts';
import { readCredentialArgs } from './credential-args.ts';
import { configDefaultCredentials, configSubscriptions } from './client-config-plan.ts';
import type { ClientConfigLoad } from './client-config-file.ts';
import { dataDirArgProblem } from './data-dir.ts';
import { type DurationFlag, readDurationFlag, readFilters } from './filter-args.ts';
import { parseOptions } from './parse-options.ts';
import { type ArgsResult, parseTopicUrl } from './topic-url.ts';

export type { ArgsResult } from './topic-url.ts';
export { parseTopicUrl } from './topic-url.ts';
export { parseDurationMs } from './filter-args.ts';

/** A subscription of this run; with `command`, each of its messages runs that command instead of being printed. */
export interface PlannedSubscription extends Subscription {
  readonly command?: string;
}

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
}

/** Bounds in milliseconds: past 2^31-1 ms (24.8 days) setTimeout fires at once, and nobody means an hour more. */
export const KEEPALIVE_TIMEOUT_FLAG: DurationFlag = {
  name: '--keepalive-timeout',
  minMs: 5_000,
  maxMs: 3_600_000,
  example: '90s',
};
export const BACKOFF_MAX_FLAG: DurationFlag = { name: '--backoff-max', minMs: 1_000, maxMs: 3_600_000, example: '2m' };

/** The help text, computed when printed (the language is chosen at start). */
export function subscribeUsage(): string {
  return t('cli.help.subscribe', { priorities: priorityInputHelp() });
}

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
      text: { type: 'boolean' },
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
      user: { type: 'string', short: 'u' },
      token: { type: 'string', short: 'k' },
      config: { type: 'string', short: 'c' },
      'from-config': { type: 'boolean', short: 'C' },
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
  if (transport === undefined) return fail(t('cli.subscribe.transport', { transports: CLI_TRANSPORTS.join(', ') }));
  if (poll && transport !== 'json') return fail(t('cli.subscribe.poll-transport'));
  return { ok: true, value: transport };
}

function readSince(value: string | undefined, poll: boolean): ArgsResult<SinceValue> {
  if (value === undefined) return { ok: true, value: { kind: poll ? 'all' : 'none' } };
  const result = parseSince(value);
  return result.ok ? { ok: true, value: result.since } : fail(result.error);
}

/**
 * ntfy's `ntfy sub TOPIC COMMAND` takes its second argument as the command. Here several topic URLs may follow
 * one another too, so the second of exactly two arguments is a command when it cannot be a topic: it has a space,
 * starts with `/`, `./`, `../` or `~`, or is not readable as a topic URL (`backup.sh`, `C:\\run.bat`). A one-word
 * command that is also a topic name (`backup`) is a topic: give its path (`./backup`). --help says so.
 */
export function isCommandArgument(text: string, defaultServer: string | undefined): boolean {
  if (text.trim() === '') return false;
  if (/\s/.test(text) || /^(\.{1,2}\/|\/|~)/.test(text)) return true;
  return !parseTopicUrl(text, defaultServer).ok;
}

/** The topic arguments and the command, if the last of exactly two arguments is one. */
function splitCommand(
  positionals: readonly string[],
  defaultServer: string | undefined,
): ArgsResult<{ topics: readonly string[]; command?: string }> {
  const last = positionals.at(-1);
  if (positionals.length === 2 && last !== undefined && isCommandArgument(last, defaultServer)) {
    return { ok: true, value: { topics: positionals.slice(0, 1), command: last } };
  }
  if (positionals.length > 2 && last !== undefined && /\s/.test(last)) {
    return fail(t('cli.subscribe.command-one-topic'));
  }
  return { ok: true, value: { topics: positionals } };
}

export interface SubscribeArgsOptions {
  /** Where a bare topic lives, given `--data-dir` (undefined: the default data dir). Default https://ntfy.sh. */
  readonly defaultServerOf?: (dataDir: string | undefined) => string;
  /** The client.yml of this run: `-c/--config` (given) or ntfy's default path; none: no client.yml is read. */
  readonly clientConfig?: (given: string | undefined) => ClientConfigLoad;
  /**
   * Whether stdout is a terminal: readable lines there, JSON lines into a pipe or file (what `ntfy sub … | jq` reads);
   * `--json` and `--text` choose either way. Default true.
   */
  readonly stdoutIsTerminal?: boolean;
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
  if (values.json === true && values.text === true) return fail(t('cli.subscribe.json-or-text'));
  const fromConfig = values['from-config'] === true;
  if (positionals.length === 0 && !fromConfig) return fail(t('cli.subscribe.missing-url'));
  if (values.config === '') return fail(t('cli.client-config.empty-option'));
  const load = options.clientConfig?.(values.config) ?? { kind: 'none', path: undefined };
  if (load.kind === 'error') return fail(load.message);
  const config = load.kind === 'ok' ? load.config : undefined;
  if (fromConfig && config === undefined) return fail(t('cli.client-config.none', { path: load.path ?? '' }));
  const poll = values.poll === true;
  const dataDirProblem = dataDirArgProblem(values['data-dir']);
  if (dataDirProblem !== undefined) return fail(dataDirProblem);

  const transport = readTransport(values.transport, poll);
  if (!transport.ok) return transport;
  const since = readSince(values.since, poll);
  if (!since.ok) return since;
  const given = readCredentialArgs({ user: values.user, token: values.token }, env);
  if (!given.ok) return given;
  // Without --user/--token/NTFY_TOKEN, client.yml's default credentials, as ntfy's CLI (then what login stored).
  const configCredentials = config === undefined ? undefined : configDefaultCredentials(config);
  const credentials = given.value.kind === 'none' && configCredentials !== undefined ? configCredentials : given.value;
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

  const authVia = values['auth-param'] === true ? 'query' : 'header';
  const scheduled = values.scheduled === true;
  const subscriptions: PlannedSubscription[] = [];
  if (fromConfig && config !== undefined && load.kind === 'ok') {
    const entries = configSubscriptions(config, { path: load.path, transport: transport.value, authVia, scheduled });
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
  const split = splitCommand(positionals, defaultServer);
  if (!split.ok) return split;
  const { command } = split.value;
  if (command !== undefined && transport.value === 'raw') return fail(t('cli.subscribe.command-raw'));
  for (const positional of split.value.topics) {
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
    json: values.json === true || (values.text !== true && options.stdoutIsTerminal === false),
    poll,
    notify: values.notify === true,
    since: since.value,
    sinceGiven: values.since !== undefined,
    keepaliveTimeoutMs: keepaliveTimeoutMs.value,
    backoffMaxMs: backoffMaxMs.value,
  };
  return { ok: true, value: values['data-dir'] === undefined ? plan : { ...plan, dataDir: values['data-dir'] } };
}
