/**
 * `ntfy-tray publish`: sends one message with the ntfy CLI's options and variables, using ntfy's credentials in
 * ntfy's order (the options and NTFY_USER/NTFY_TOKEN, then client.yml's default-token or default-user and
 * default-password), and then ours (NTFY_PASSWORD, what `ntfy-tray login` stored for the server). Prints the server's
 * answer as ntfy does, one JSON line on stdout (none with `-q`). Exit codes: 0 sent, 1 refused or unreachable,
 * 2 usage.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { Credentials } from '../protocol/subscribe-request.ts';
import { describePublishFailure } from '../publish/publish-failure.ts';
import {
  PIPED_LIMIT_BYTES,
  PIPED_LIMIT_WORDS,
  type PipedInput,
  pipedTooLarge,
  withFileBody,
  withPipedInput,
} from '../publish/piped-input.ts';
import { buildPublishRequest, type PublishInput } from '../publish/publish-input.ts';
import type { SendPublish } from '../publish/send-publish.ts';
import { secretsOf } from './credential-args.ts';
import type { ClientConfigLoad } from '../client-config/client-config-file.ts';
import type { LogChoice } from './log-flags.ts';
import type { PromptResult } from './prompt.ts';
import { needsPasswordLookup } from './stored-credentials.ts';
import { parsePublishArgs, publishUsage } from './publish-args.ts';
import { EXIT } from './subscribe-command.ts';
import { usageError } from './usage-error.ts';
import { waitBeforePublish, type WaitPorts } from './publish-wait.ts';
import { errorMessage } from '../../../common/error-message.ts';
import path from 'node:path';

export interface PublishIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Stdin's bytes, reading no more than `maxBytes` and one chunk: 'terminal' when stdin is a terminal (a message
   * must then be given), 'too-large' (and reading stopped) when it holds more than `maxBytes`.
   */
  readonly readStdin: (maxBytes: number) => Promise<StdinRead>;
  /** A local file's bytes (`--file`), reading no more than `maxBytes`: 'too-large' when it holds more. */
  readonly readFile: (path: string, maxBytes: number) => Promise<FileRead>;
  /**
   * Fills in what the options left open, as for subscribe: a `--user` without a password takes it from the
   * keychain, no credentials at all take what login stored for the server. Rejects when a stored secret is missing
   * or the keychain cannot be reached.
   */
  readonly storedCredentials: (
    target: { readonly server: string; readonly topic: string },
    given: Credentials,
    dataDir: string | undefined,
  ) => Promise<Credentials>;
  readonly send: SendPublish;
  /** For --wait-pid (see publish-wait.ts). */
  readonly processExists: WaitPorts['processExists'];
  readonly delay: WaitPorts['delay'];
  /** For --wait-cmd. */
  readonly runCommand: WaitPorts['runCommand'];
  /** Told each password and token of this run, so that the logger hides them. */
  readonly addSecret: (secret: string) => void;
  /** Clock milliseconds: tells a scheduled message from one sent now. */
  readonly now: () => number;
  /** Where a bare topic lives for this data dir; default https://ntfy.sh. */
  readonly defaultServerOf?: (dataDir: string | undefined) => string;
  /** The client.yml to read (publish-args.ts PublishArgsOptions). */
  readonly clientConfig?: (given: string | undefined) => ClientConfigLoad;
  /** Asks for a hidden secret on the terminal; undefined when stdin is no terminal. */
  readonly prompt?: (question: string) => Promise<PromptResult>;
  /** Applies ntfy's logging options of this run. */
  readonly setLog?: (choice: LogChoice) => void;
}

export type StdinRead =
  | { readonly kind: 'terminal' }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'read'; readonly bytes: Uint8Array };

export type FileRead =
  | { readonly kind: 'too-large' }
  | { readonly kind: 'read'; readonly bytes: Uint8Array }
  /** In words, with the file's name (no such file, a folder, no permission, …). */
  | { readonly kind: 'failed'; readonly problem: string };

function notSent(io: PublishIo, reason: string): number {
  io.stderr(`${t('cli.publish.not-sent', { reason })}\n`);
  return EXIT.fatal;
}

/**
 * `--file <path>` or `--file -` as the body ntfy stores as the attachment, under the file's own name (`stdin` for
 * `-`, as ntfy's CLI names it) unless --filename gives one; bounded like piped stdin.
 */
async function readFileBody(io: PublishIo, input: PublishInput, file: string): Promise<PipedInput> {
  if (file === '-') {
    const read = await io.readStdin(PIPED_LIMIT_BYTES);
    if (read.kind === 'terminal') return { ok: false, problem: t('cli.publish.file-stdin-terminal') };
    if (read.kind === 'too-large') return { ok: false, problem: pipedTooLarge() };
    return { ok: true, input: withFileBody(input, read.bytes, 'stdin') };
  }
  const read = await io.readFile(file, PIPED_LIMIT_BYTES);
  if (read.kind === 'failed') return { ok: false, problem: read.problem };
  if (read.kind === 'too-large') {
    return { ok: false, problem: t('cli.publish.file-too-large', { file, limit: PIPED_LIMIT_WORDS }) };
  }
  return { ok: true, input: withFileBody(input, read.bytes, path.basename(file)) };
}

/**
 * `-u alice` without NTFY_PASSWORD on a terminal: ntfy's `Enter Password: ` prompt (cmd/publish.go); off a
 * terminal the keychain answers (storedCredentials).
 */
export async function askPassword(
  credentials: Credentials,
  io: { readonly prompt?: PublishIo['prompt'] },
): Promise<{ readonly ok: true; readonly value: Credentials } | { readonly ok: false; readonly problem: string }> {
  if (!needsPasswordLookup(credentials) || io.prompt === undefined) return { ok: true, value: credentials };
  const answer = await io.prompt(PASSWORD_PROMPT);
  if (!answer.ok) return { ok: false, problem: t('cli.publish.password-cancelled') };
  return { ok: true, value: { ...credentials, password: answer.value, passwordGiven: true } };
}

/** ntfy's words (cmd/publish.go, cmd/subscribe.go), in every language: scripts and people expect them. */
const PASSWORD_PROMPT = 'Enter Password: ';

export async function runPublish(args: readonly string[], io: PublishIo): Promise<number> {
  const parsed = parsePublishArgs(args, io.env, {
    ...(io.defaultServerOf === undefined ? {} : { defaultServerOf: io.defaultServerOf }),
    ...(io.clientConfig === undefined ? {} : { clientConfig: io.clientConfig }),
  });
  if (parsed.ok === 'help') {
    io.stdout(`${publishUsage()}\n`);
    return EXIT.ok;
  }
  if (!parsed.ok) {
    io.stderr(usageError('publish', parsed.error));
    return EXIT.usage;
  }
  const plan = parsed.value;
  io.setLog?.(plan.log);
  let input = plan.input;
  if (plan.file !== undefined) {
    const withFile = await readFileBody(io, input, plan.file);
    if (!withFile.ok) return notSent(io, withFile.problem);
    input = withFile.input;
  } else if (plan.messageFromStdin) {
    // Read before any credential lookup: what cannot be sent should not unlock the keychain.
    const read = await io.readStdin(PIPED_LIMIT_BYTES);
    if (read.kind === 'too-large') return notSent(io, pipedTooLarge());
    // Like the ntfy CLI, no message at all is fine: the server sends "triggered".
    if (read.kind === 'read') {
      const piped = withPipedInput(input, read.bytes);
      if (!piped.ok) return notSent(io, piped.problem);
      input = piped.input;
    }
  }
  const asked = await askPassword(plan.credentials, io);
  if (!asked.ok) return notSent(io, asked.problem);
  let credentials: Credentials;
  try {
    credentials = await io.storedCredentials(input, asked.value, plan.dataDir);
  } catch (error) {
    io.stderr(`${t('cli.run.failed', { name: 'ntfy-tray publish', problem: errorMessage(error) })}\n`);
    return EXIT.fatal;
  }
  for (const secret of secretsOf(credentials)) io.addSecret(secret);
  // After the credentials, as ntfy does: a command that ran for an hour must not end in a keychain failure.
  if (plan.wait !== undefined) {
    const onWaiting = (pid: number): void => {
      if (!plan.quiet) io.stderr(`${t('cli.publish.waiting-pid', { pid: String(pid) })}\n`);
    };
    const waited = await waitBeforePublish(plan.wait, { ...io, onWaiting });
    if (!waited.ok) return notSent(io, waited.problem);
    if (input.message === undefined || input.message === '') input = { ...input, message: waited.message };
  }
  const outcome = await io.send(buildPublishRequest(input, credentials));
  if (!outcome.ok) {
    return notSent(
      io,
      describePublishFailure(outcome.failure, input.delay === undefined ? {} : { delay: input.delay }),
    );
  }
  // ntfy: fmt.Fprintln(c.App.Writer, strings.TrimSpace(m.Raw)) unless --quiet, so `| jq .id` reads it.
  if (!plan.quiet) io.stdout(`${outcome.raw.trim()}\n`);
  return EXIT.ok;
}
