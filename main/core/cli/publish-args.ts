/**
 * Reads `ntfy-tray publish` arguments into a typed plan, or a usage error (exit code 2). Option names and their
 * one-letter aliases are the ntfy CLI's `publish` ones (cmd/publish.go), so scripts carry over; credentials are
 * read as `subscribe` reads them.
 */
import type { Credentials } from '../protocol/subscribe-request.ts';
import { parseActionsText } from '../publish/action-short-form.ts';
import { priorityInputHelp } from '../../../common/priority-names.ts';
import { parsePublishPriority, parseTagList } from '../publish/priority.ts';
import type { PublishInput } from '../publish/publish-input.ts';
import { t } from '../../../common/i18n/translate.ts';
import type { ClientConfig } from '../client-config/client-config.ts';
import type { ClientConfigLoad } from '../client-config/client-config-file.ts';
import { configDefaultCredentials } from '../client-config/client-config-plan.ts';
import { readCredentialArgs } from './credential-args.ts';
import { LOG_FLAGS, type LogChoice, readLogChoice } from './log-flags.ts';
import { canonicalValues, type FlagTable, isSet, parseArgsOptions, stringOf } from './ntfy-flags.ts';
import { dataDirArgProblem } from './data-dir.ts';
import { parseOptions } from './parse-options.ts';
import { parseArgs } from 'node:util';
import type { WaitFor } from './publish-wait.ts';
import { type ArgsResult, fail } from '../client-config/args-result.ts';
import { parseTopicUrl } from '../client-config/topic-url.ts';

/** The input without the message when it is to come from stdin. */
interface PublishPlan {
  readonly input: PublishInput;
  /** No message argument: read it from stdin (unless stdin is a terminal). */
  readonly messageFromStdin: boolean;
  readonly credentials: Credentials;
  readonly json: boolean;
  /** `-q`: nothing printed on success (ntfy prints the message otherwise; we print one line on stderr). */
  readonly quiet: boolean;
  /** `-f`: a local file to upload as the attachment, or `-` for stdin (ntfy's `--file=-`). */
  readonly file?: string;
  /** `--wait-pid`/`--wait-cmd`: publish once a process or a command has ended. */
  readonly wait?: WaitFor;
  readonly dataDir?: string;
  /** ntfy's logging options (log-flags.ts). */
  readonly log: LogChoice;
}

/** The help text, computed when printed (the language is chosen at start). */
export function publishUsage(): string {
  return t('cli.help.publish', { priorities: priorityInputHelp() });
}

/** ntfy's publish options (cmd/publish.go flagsPublish) with their aliases and variables, and ours. */
const FLAGS: FlagTable = {
  ...LOG_FLAGS,
  config: { type: 'string', short: 'c', env: 'NTFY_CONFIG' },
  title: { type: 'string', short: 't', env: 'NTFY_TITLE' },
  message: { type: 'string', short: 'm', env: 'NTFY_MESSAGE' },
  priority: { type: 'string', short: 'p', env: 'NTFY_PRIORITY' },
  tags: { type: 'string', short: 'T', aliases: ['tag'], env: 'NTFY_TAGS' },
  delay: { type: 'string', short: 'D', aliases: ['at', 'in'], env: 'NTFY_DELAY' },
  click: { type: 'string', short: 'U', env: 'NTFY_CLICK' },
  icon: { type: 'string', short: 'i', env: 'NTFY_ICON' },
  actions: { type: 'string', short: 'A', env: 'NTFY_ACTIONS' },
  attach: { type: 'string', short: 'a', env: 'NTFY_ATTACH' },
  markdown: { type: 'boolean', aliases: ['md'], env: 'NTFY_MARKDOWN' },
  filename: { type: 'string', short: 'n', aliases: ['name'], env: 'NTFY_FILENAME' },
  file: { type: 'string', short: 'f', env: 'NTFY_FILE' },
  email: { type: 'string', short: 'e', aliases: ['mail'], env: 'NTFY_EMAIL' },
  // NTFY_USER and NTFY_TOKEN are read with the other credentials (credential-args.ts).
  user: { type: 'string', short: 'u' },
  token: { type: 'string', short: 'k' },
  'wait-pid': { type: 'string', aliases: ['wait_pid', 'pid'], env: 'NTFY_WAIT_PID' },
  'wait-cmd': { type: 'boolean', aliases: ['wait_cmd', 'cmd', 'done'], env: 'NTFY_WAIT_CMD' },
  'no-cache': { type: 'boolean', short: 'C', aliases: ['no_cache'], env: 'NTFY_NO_CACHE' },
  'no-firebase': { type: 'boolean', short: 'F', aliases: ['no_firebase'], env: 'NTFY_NO_FIREBASE' },
  quiet: { type: 'boolean', short: 'q', env: 'NTFY_QUIET' },
  json: { type: 'boolean' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

const OPTIONS = parseArgsOptions(FLAGS);
const WAIT_CMD_NAMES: readonly string[] = ['wait-cmd', ...(FLAGS['wait-cmd']?.aliases ?? [])];

function readArgs(args: readonly string[]) {
  return parseOptions({ args: [...args], allowPositionals: true, strict: true, options: OPTIONS });
}

/**
 * `publish --wait-cmd <topic> rsync -av ./ /tmp/a`: as in ntfy's CLI (Go's flag parsing stops at the first
 * argument), everything after the topic is the command, options of its own included. So with --wait-cmd before
 * the topic (or NTFY_WAIT_CMD), only what comes up to the topic is read as our options. With NTFY_TOPIC there is no
 * topic argument: the command starts at the first argument.
 */
function splitAtCommand(
  args: readonly string[],
  from: { readonly waitCmdEnv: boolean; readonly topicEnv: boolean },
): { readonly ours: readonly string[]; readonly command?: string[] } {
  const { tokens } = parseArgs({
    args: [...args],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const first = tokens.find((token) => token.kind === 'positional');
  if (first === undefined) return { ours: args };
  const waitBefore = tokens.some(
    (token) => token.kind === 'option' && WAIT_CMD_NAMES.includes(token.name) && token.index < first.index,
  );
  if (!waitBefore && !from.waitCmdEnv) return { ours: args };
  const commandStart = from.topicEnv ? first.index : first.index + 1;
  return { ours: args.slice(0, commandStart), command: args.slice(commandStart) };
}

type Values = Readonly<Record<string, string | boolean | undefined>>;

function buildInput(
  values: Values,
  server: string,
  topic: string,
  message: string | undefined,
): ArgsResult<PublishInput> {
  const input: { -readonly [K in keyof PublishInput]: PublishInput[K] } = { server, topic };
  if (message !== undefined) input.message = message;
  const priority = stringOf(values, 'priority');
  if (priority !== undefined) {
    const parsed = parsePublishPriority(priority);
    if (parsed === undefined)
      return fail(t('cli.publish.priority', { value: priority, priorities: priorityInputHelp() }));
    input.priority = parsed;
  }
  const actionsText = stringOf(values, 'actions');
  if (actionsText !== undefined) {
    // ntfy joins the lines of a multi-line --actions (cmd/publish.go: strings.ReplaceAll(actions, "\n", " ")).
    const actions = parseActionsText(actionsText.replaceAll('\n', ' '));
    if (!actions.ok) return fail(t('cli.publish.actions', { problem: actions.error }));
    input.actions = actions.value;
  }
  const tags = stringOf(values, 'tags');
  if (tags !== undefined) input.tags = parseTagList(tags);
  const attach = stringOf(values, 'attach');
  const file = stringOf(values, 'file');
  const filename = stringOf(values, 'filename');
  if (file !== undefined && attach !== undefined) return fail(t('cli.publish.file-and-attach'));
  if (filename !== undefined && attach === undefined && file === undefined) {
    return fail(t('cli.publish.filename-needs-attach'));
  }
  for (const key of ['title', 'click', 'icon', 'attach', 'delay', 'filename', 'email'] as const) {
    const value = stringOf(values, key);
    if (value !== undefined) input[key] = value;
  }
  if (isSet(values, 'markdown')) input.markdown = true;
  if (isSet(values, 'no-cache')) input.noCache = true;
  if (isSet(values, 'no-firebase')) input.noFirebase = true;
  return { ok: true, value: input };
}

/** --wait-pid or --wait-cmd, checked; undefined for neither. */
function readWait(values: Values, command: string[] | undefined): ArgsResult<WaitFor | undefined> {
  const pid = stringOf(values, 'wait-pid');
  const waitCmd = isSet(values, 'wait-cmd');
  if (pid !== undefined && waitCmd) return fail(t('cli.publish.wait-both'));
  if (pid !== undefined) {
    const number = /^\d{1,10}$/.test(pid) ? Number(pid) : 0;
    if (number < 1 || number > 2 ** 31 - 1) return fail(t('cli.publish.wait-pid', { value: pid }));
    return { ok: true, value: { kind: 'pid', pid: number } };
  }
  if (!waitCmd) return { ok: true, value: undefined };
  if (command === undefined) return fail(t('cli.publish.wait-cmd-before-topic'));
  if (command.length === 0) return fail(t('cli.publish.wait-cmd-needs-command'));
  return { ok: true, value: { kind: 'command', command } };
}

interface PublishArgsOptions {
  /** Where a bare topic lives for this data dir (--data-dir or the default one); default https://ntfy.sh. */
  readonly defaultServerOf?: (dataDir: string | undefined) => string;
  /** The client.yml of this run: `-c/--config`/NTFY_CONFIG (given) or ntfy's default path; none: none is read. */
  readonly clientConfig?: (given: string | undefined) => ClientConfigLoad;
}

/** The topic and the words after it; with NTFY_TOPIC every argument is a word (cmd/publish.go parseTopicAndArgs). */
function topicAndWords(
  positionals: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ArgsResult<{ readonly target: string; readonly words: readonly string[] }> {
  const fromEnv = env[TOPIC_VARIABLE];
  if (fromEnv !== undefined && fromEnv !== '') return { ok: true, value: { target: fromEnv, words: positionals } };
  const [target, ...words] = positionals;
  return target === undefined ? fail(t('cli.publish.missing-topic')) : { ok: true, value: { target, words } };
}

/** NTFY_TOPIC: the topic of every publish; the arguments are then all message (or command) words. */
const TOPIC_VARIABLE = 'NTFY_TOPIC';

interface ParsedPublish {
  readonly values: Values;
  readonly positionals: readonly string[];
  readonly command: string[] | undefined;
  /** --message given on the command line (not from NTFY_MESSAGE). */
  readonly messageOption: boolean;
}

function readPublishValues(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ArgsResult<ParsedPublish> | { readonly ok: 'help' } {
  const topicEnv = (env[TOPIC_VARIABLE] ?? '') !== '';
  const waitCmdEnv = canonicalValues({ 'wait-cmd': FLAGS['wait-cmd'] ?? { type: 'boolean' } }, {}, env);
  const split = splitAtCommand(args, { waitCmdEnv: waitCmdEnv.ok && waitCmdEnv.value['wait-cmd'] === true, topicEnv });
  const parsed = readArgs(split.ours);
  if (!parsed.ok) return parsed;
  if (parsed.value.values['help'] === true) return { ok: 'help' };
  const values = canonicalValues(FLAGS, parsed.value.values, env);
  if (!values.ok) return values;
  return {
    ok: true,
    value: {
      values: values.value,
      positionals: parsed.value.positionals,
      command: split.command,
      messageOption: parsed.value.values['message'] !== undefined,
    },
  };
}

/** client.yml's default credentials (cmd/publish.go: default-token, else default-user with default-password). */
function withConfigDefaults(given: Credentials, config: ClientConfig | undefined): Credentials {
  if (given.kind !== 'none' || config === undefined) return given;
  return configDefaultCredentials(config) ?? given;
}

export function parsePublishArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  options: PublishArgsOptions = {},
): ArgsResult<PublishPlan> | { readonly ok: 'help' } {
  const read = readPublishValues(args, env);
  if (read.ok !== true) return read;
  const { values, command } = read.value;
  const topicWords = topicAndWords(read.value.positionals, env);
  if (!topicWords.ok) return topicWords;
  const { target, words } = topicWords.value;
  const wait = readWait(values, command);
  if (!wait.ok) return wait;
  const configGiven = stringOf(values, 'config');
  if (configGiven === '') return fail(t('cli.client-config.empty-option'));
  const load = options.clientConfig?.(configGiven) ?? { kind: 'none', path: undefined };
  if (load.kind === 'error') return fail(load.message);
  const config = load.kind === 'ok' ? load.config : undefined;
  const dataDir = stringOf(values, 'data-dir');
  // client.yml's default-host, when it sets one, is where a bare topic lives (flags > env > client.yml > ours).
  const defaultServer = config?.defaultHostSet === true ? config.defaultHost : options.defaultServerOf?.(dataDir);
  const url = parseTopicUrl(target, defaultServer);
  if (!url.ok) return url;
  const [topic, ...more] = url.value.topics;
  if (topic === undefined || more.length > 0)
    return fail(t('cli.publish.one-topic', { topics: url.value.topics.join(',') }));
  if (read.value.messageOption && words.length > 0) return fail(t('cli.publish.message-twice'));
  // As the ntfy CLI does: --message (or NTFY_MESSAGE) wins, else the words after the topic, joined by spaces.
  const message =
    stringOf(values, 'message') ?? (words.length > 0 && command === undefined ? words.join(' ') : undefined);
  const input = buildInput(values, url.value.server, topic, message === '' ? undefined : message);
  if (!input.ok) return input;
  const given = readCredentialArgs(
    { user: stringOf(values, 'user'), token: stringOf(values, 'token'), asNtfy: true },
    env,
  );
  if (!given.ok) return given;
  if (dataDir !== undefined) {
    const problem = dataDirArgProblem(dataDir);
    if (problem !== undefined) return fail(problem);
  }
  const file = stringOf(values, 'file');
  const plan: PublishPlan = {
    input: input.value,
    // With --file the body is the file, so a message comes only from the words or --message.
    messageFromStdin: input.value.message === undefined && file === undefined,
    credentials: withConfigDefaults(given.value, config),
    json: isSet(values, 'json'),
    quiet: isSet(values, 'quiet'),
    log: readLogChoice(values),
    ...(file === undefined ? {} : { file }),
    ...(wait.value === undefined ? {} : { wait: wait.value }),
    ...(dataDir === undefined ? {} : { dataDir }),
  };
  return { ok: true, value: plan };
}
