/**
 * `ntfy-tray publish`: sends one message with the ntfy CLI's options, using the credentials `subscribe` would use
 * (the options, NTFY_PASSWORD/NTFY_TOKEN, else what `ntfy-tray login` stored for the server). Prints the server's
 * answer with `--json`, else one short line on stderr. Exit codes: 0 sent, 1 refused or unreachable, 2 usage.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { Credentials } from '../protocol/subscribe-request.ts';
import { describePublishFailure } from '../publish/publish-failure.ts';
import { buildPublishRequest, type PublishInput } from '../publish/publish-input.ts';
import type { SendPublish } from '../publish/send-publish.ts';
import { secretsOf } from './credential-args.ts';
import { parsePublishArgs, publishUsage } from './publish-args.ts';
import { EXIT } from './subscribe-command.ts';
import { usageError } from './usage-error.ts';
import { errorMessage } from '../../../common/error-message.ts';

export interface PublishIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** All of stdin as text, or undefined when stdin is a terminal (a message must then be given). */
  readonly readStdin: () => Promise<string | undefined>;
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
  /** Told each password and token of this run, so that the logger hides them. */
  readonly addSecret: (secret: string) => void;
  /** Clock milliseconds: tells a scheduled message from one sent now. */
  readonly now: () => number;
  /** Where a bare topic lives for this data dir; default https://ntfy.sh. */
  readonly defaultServerOf?: (dataDir: string | undefined) => string;
}

/** A message piped in ends with the line break of its last line; ntfy would trim it too. */
function stdinMessage(text: string): string {
  return text.replace(/\r?\n$/, '');
}

function sentLine(input: PublishInput, time: number, id: string, nowMs: number): string {
  const where = `${input.server}/${input.topic}`;
  // A delayed message comes back with its due time (Unix seconds).
  // The due time stays ISO 8601 (UTC) in every language: unambiguous, and what scripts and the server speak.
  if (time * 1000 > nowMs + 1000) {
    return t('cli.publish.scheduled', { where, time: new Date(time * 1000).toISOString(), id });
  }
  return t('cli.publish.sent', { where, id });
}

export async function runPublish(args: readonly string[], io: PublishIo): Promise<number> {
  const parsed = parsePublishArgs(
    args,
    io.env,
    io.defaultServerOf === undefined ? {} : { defaultServerOf: io.defaultServerOf },
  );
  if (parsed.ok === 'help') {
    io.stdout(`${publishUsage()}\n`);
    return EXIT.ok;
  }
  if (!parsed.ok) {
    io.stderr(usageError('publish', parsed.error));
    return EXIT.usage;
  }
  const plan = parsed.value;
  let input = plan.input;
  if (plan.messageFromStdin) {
    const text = await io.readStdin();
    // Like the ntfy CLI, no message at all is fine: the server sends "triggered".
    if (text !== undefined) input = { ...input, message: stdinMessage(text) };
  }
  let credentials: Credentials;
  try {
    credentials = await io.storedCredentials(input, plan.credentials, plan.dataDir);
  } catch (error) {
    io.stderr(`${t('cli.run.failed', { name: 'ntfy-tray publish', problem: errorMessage(error) })}\n`);
    return EXIT.fatal;
  }
  for (const secret of secretsOf(credentials)) io.addSecret(secret);
  const outcome = await io.send(buildPublishRequest(input, credentials));
  if (!outcome.ok) {
    io.stderr(`${t('cli.publish.not-sent', { reason: describePublishFailure(outcome.failure) })}\n`);
    return EXIT.fatal;
  }
  if (plan.json) io.stdout(`${outcome.raw}\n`);
  else io.stderr(`${sentLine(input, outcome.message.time, outcome.message.id, io.now())}\n`);
  return EXIT.ok;
}
