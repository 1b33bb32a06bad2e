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
import { formatList, t } from '../../../common/i18n/translate.ts';
import { readCredentialArgs } from './credential-args.ts';
import { dataDirArgProblem } from './data-dir.ts';
import { parseOptions } from './parse-options.ts';
import { parseArgs } from 'node:util';
import type { WaitFor } from './publish-wait.ts';
import { type ArgsResult, parseTopicUrl } from './topic-url.ts';

/** The input without the message when it is to come from stdin. */
export interface PublishPlan {
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
}

/** The help text, computed when printed (the language is chosen at start). */
export function publishUsage(): string {
  return t('cli.help.publish', { priorities: priorityInputHelp() });
}

function fail<T>(error: string): ArgsResult<T> {
  return { ok: false, error };
}

const OPTIONS = {
  title: { type: 'string', short: 't' },
  priority: { type: 'string', short: 'p' },
  tags: { type: 'string', short: 'T' },
  tag: { type: 'string' },
  delay: { type: 'string', short: 'D' },
  at: { type: 'string' },
  in: { type: 'string' },
  click: { type: 'string', short: 'U' },
  icon: { type: 'string', short: 'i' },
  actions: { type: 'string', short: 'A' },
  attach: { type: 'string', short: 'a' },
  filename: { type: 'string', short: 'n' },
  name: { type: 'string' },
  file: { type: 'string', short: 'f' },
  quiet: { type: 'boolean', short: 'q' },
  markdown: { type: 'boolean' },
  md: { type: 'boolean' },
  'no-cache': { type: 'boolean', short: 'C' },
  email: { type: 'string', short: 'e' },
  mail: { type: 'string' },
  message: { type: 'string', short: 'm' },
  user: { type: 'string', short: 'u' },
  token: { type: 'string', short: 'k' },
  json: { type: 'boolean' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  // ntfy's names and aliases; a process id is checked below.
  'wait-pid': { type: 'string' },
  wait_pid: { type: 'string' },
  pid: { type: 'string' },
  'wait-cmd': { type: 'boolean' },
  wait_cmd: { type: 'boolean' },
  cmd: { type: 'boolean' },
  done: { type: 'boolean' },
} as const;

const WAIT_CMD_NAMES: readonly string[] = ['wait-cmd', 'wait_cmd', 'cmd', 'done'];

function readArgs(args: readonly string[]) {
  return parseOptions({ args: [...args], allowPositionals: true, strict: true, options: OPTIONS });
}

/**
 * `publish --wait-cmd <topic> rsync -av ./ /tmp/a`: as in ntfy's CLI (Go's flag parsing stops at the first
 * argument), everything after the topic is the command, options of its own included. So with --wait-cmd before
 * the topic, only what comes up to the topic is read as our options.
 */
function splitAtCommand(args: readonly string[]): { readonly ours: readonly string[]; readonly command?: string[] } {
  const { tokens } = parseArgs({
    args: [...args],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const topic = tokens.find((token) => token.kind === 'positional');
  if (topic === undefined) return { ours: args };
  const waitBefore = tokens.some(
    (token) => token.kind === 'option' && WAIT_CMD_NAMES.includes(token.name) && token.index < topic.index,
  );
  if (!waitBefore) return { ours: args };
  return { ours: args.slice(0, topic.index + 1), command: args.slice(topic.index + 1) };
}

type Values = Extract<ReturnType<typeof readArgs>, { ok: true }>['value']['values'];

/** One option under several names (`--tags`/`--tag`): given twice under different names is a mistake. */
function oneOf(values: Values, names: readonly (keyof Values)[]): ArgsResult<string | undefined> {
  const given = names.filter((name) => values[name] !== undefined);
  if (given.length > 1)
    return fail(t('cli.publish.same-option', { options: formatList(given.map((name) => `--${name}`)) }));
  const value = given[0] === undefined ? undefined : values[given[0]];
  return { ok: true, value: typeof value === 'string' ? value : undefined };
}

/** The optional text fields, each under all of its names. */
function readTexts(values: Values): ArgsResult<Partial<Record<'delay' | 'filename' | 'email' | 'tags', string>>> {
  const texts: Partial<Record<'delay' | 'filename' | 'email' | 'tags', string>> = {};
  const groups = [
    ['delay', ['delay', 'at', 'in']],
    ['filename', ['filename', 'name']],
    ['email', ['email', 'mail']],
    ['tags', ['tags', 'tag']],
  ] as const;
  for (const [field, names] of groups) {
    const read = oneOf(values, names);
    if (!read.ok) return read;
    if (read.value !== undefined) texts[field] = read.value;
  }
  return { ok: true, value: texts };
}

function buildInput(
  values: Values,
  server: string,
  topic: string,
  message: string | undefined,
): ArgsResult<PublishInput> {
  const texts = readTexts(values);
  if (!texts.ok) return texts;
  const input: { -readonly [K in keyof PublishInput]: PublishInput[K] } = { server, topic };
  if (message !== undefined) input.message = message;
  if (values.priority !== undefined) {
    const priority = parsePublishPriority(values.priority);
    if (priority === undefined)
      return fail(t('cli.publish.priority', { value: values.priority, priorities: priorityInputHelp() }));
    input.priority = priority;
  }
  if (values.actions !== undefined) {
    const actions = parseActionsText(values.actions);
    if (!actions.ok) return fail(t('cli.publish.actions', { problem: actions.error }));
    input.actions = actions.value;
  }
  if (texts.value.tags !== undefined) input.tags = parseTagList(texts.value.tags);
  if (values.file !== undefined && values.attach !== undefined) return fail(t('cli.publish.file-and-attach'));
  if (texts.value.filename !== undefined && values.attach === undefined && values.file === undefined) {
    return fail(t('cli.publish.filename-needs-attach'));
  }
  for (const key of ['title', 'click', 'icon', 'attach'] as const) {
    if (values[key] !== undefined) input[key] = values[key];
  }
  if (texts.value.delay !== undefined) input.delay = texts.value.delay;
  if (texts.value.filename !== undefined) input.filename = texts.value.filename;
  if (texts.value.email !== undefined) input.email = texts.value.email;
  if (values.markdown === true || values.md === true) input.markdown = true;
  if (values['no-cache'] === true) input.noCache = true;
  return { ok: true, value: input };
}

/** --wait-pid or --wait-cmd, checked; undefined for neither. */
function readWait(values: Values, command: string[] | undefined): ArgsResult<WaitFor | undefined> {
  const pid = oneOf(values, ['wait-pid', 'wait_pid', 'pid']);
  if (!pid.ok) return pid;
  const waitCmd = [values['wait-cmd'], values.wait_cmd, values.cmd, values.done].includes(true);
  if (pid.value !== undefined && waitCmd) return fail(t('cli.publish.wait-both'));
  if (pid.value !== undefined) {
    const number = /^\d{1,10}$/.test(pid.value) ? Number(pid.value) : 0;
    if (number < 1 || number > 2 ** 31 - 1) return fail(t('cli.publish.wait-pid', { value: pid.value }));
    return { ok: true, value: { kind: 'pid', pid: number } };
  }
  if (!waitCmd) return { ok: true, value: undefined };
  if (command === undefined) return fail(t('cli.publish.wait-cmd-before-topic'));
  if (command.length === 0) return fail(t('cli.publish.wait-cmd-needs-command'));
  return { ok: true, value: { kind: 'command', command } };
}

export interface PublishArgsOptions {
  /** Where a bare topic lives for this data dir (--data-dir or the default one); default https://ntfy.sh. */
  readonly defaultServerOf?: (dataDir: string | undefined) => string;
}

export function parsePublishArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  options: PublishArgsOptions = {},
): ArgsResult<PublishPlan> | { readonly ok: 'help' } {
  const split = splitAtCommand(args);
  const parsed = readArgs(split.ours);
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.value;
  if (values.help === true) return { ok: 'help' };
  const [target, ...words] = positionals;
  if (target === undefined) return fail(t('cli.publish.missing-topic'));
  const wait = readWait(values, split.command);
  if (!wait.ok) return wait;
  const url = parseTopicUrl(target, options.defaultServerOf?.(values['data-dir']));
  if (!url.ok) return url;
  const [topic, ...more] = url.value.topics;
  if (topic === undefined || more.length > 0)
    return fail(t('cli.publish.one-topic', { topics: url.value.topics.join(',') }));
  if (values.message !== undefined && words.length > 0) return fail(t('cli.publish.message-twice'));
  // As the ntfy CLI does: the words after the topic, joined by spaces.
  const message = values.message ?? (words.length > 0 ? words.join(' ') : undefined);
  const input = buildInput(values, url.value.server, topic, message);
  if (!input.ok) return input;
  const credentials = readCredentialArgs({ user: values.user, token: values.token }, env);
  if (!credentials.ok) return credentials;
  const dataDir = values['data-dir'];
  if (dataDir !== undefined) {
    const problem = dataDirArgProblem(dataDir);
    if (problem !== undefined) return fail(problem);
  }
  const plan: PublishPlan = {
    input: input.value,
    // With --file the body is the file, so a message comes only from the words or --message.
    messageFromStdin: message === undefined && values.file === undefined,
    credentials: credentials.value,
    json: values.json === true,
    quiet: values.quiet === true,
    ...(values.file === undefined ? {} : { file: values.file }),
    ...(wait.value === undefined ? {} : { wait: wait.value }),
    ...(dataDir === undefined ? {} : { dataDir }),
  };
  return { ok: true, value: plan };
}
