/**
 * The Node side of `ntfy-tray publish` (for main/cli.ts): stdin, the settings `login` wrote, the keychain and
 * NTFY_PASSWORD/NTFY_TOKEN as `subscribe` reads them, and the real HTTP publish. Opening nothing until a lookup
 * needs it: a publish with `--token` never touches the data folder or the keychain.
 */
import type { Logger } from '../ports.ts';
import { createEnvSecretSource, firstSecretSource } from '../store/secrets/env-secret-source.ts';
import { createKeytarSecretStore } from '../store/secrets/keytar-secret-store.ts';
import { readConfSettings } from '../store/settings/conf-settings-store.ts';
import type { ServerSettings } from '../store/settings/schema.ts';
import { sendPublish } from '../publish/send-publish.ts';
import { configuredDefaultServer } from './default-server.ts';
import type { FileRead, PublishIo, StdinRead } from './publish-command.ts';
import { createReadStream } from 'node:fs';
import { spawn } from 'node:child_process';
import { setTimeout } from 'node:timers/promises';
import type { CommandEnd } from './publish-wait.ts';
import { t } from '../../../common/i18n/translate.ts';
import { errorMessage } from '../../../common/error-message.ts';
import { applyStoredCredentials, needsPasswordLookup } from './stored-credentials.ts';

interface NodePublishIoOptions {
  readonly log: Logger;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdin: NodeJS.ReadStream;
  /** The data dir to use: --data-dir when given, else the default one the app uses too. */
  readonly dataDirOf: (given: string | undefined) => string;
  readonly addSecret: (secret: string) => void;
  /** ntfy's client.yml, its prompt and logging options (publish-command.ts PublishIo). */
  readonly clientConfig: PublishIo['clientConfig'];
  readonly prompt: PublishIo['prompt'];
  readonly setLog: PublishIo['setLog'];
}

/**
 * All of stdin up to `maxBytes`. More than that stops reading (leaving the `for await` destroys the stream), so an
 * endless pipe costs at most `maxBytes` plus one chunk (64 KiB from a pipe) of memory.
 */
async function readUpTo(stdin: NodeJS.ReadStream, maxBytes: number): Promise<StdinRead> {
  if (stdin.isTTY) return { kind: 'terminal' }; // a person at a terminal: do not wait for them to type a message
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > maxBytes) return { kind: 'too-large' };
    chunks.push(bytes);
  }
  return { kind: 'read', bytes: Buffer.concat(chunks) };
}

/** Why a file cannot be read, in words (never an errno code), naming the file as given. */
function fileProblem(file: string, error: unknown): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'ENOENT') return t('cli.publish.file-missing', { file });
  if (code === 'EISDIR') return t('cli.publish.file-is-folder', { file });
  if (code === 'EACCES' || code === 'EPERM') return t('cli.publish.file-no-permission', { file });
  return t('cli.publish.file-unreadable', { file, reason: errorMessage(error) });
}

/** A file up to `maxBytes`, reading one byte more at most: a file that grows meanwhile is still refused, not cut. */
async function readFileUpTo(file: string, maxBytes: number): Promise<FileRead> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    // `end` is inclusive: maxBytes + 1 bytes at most.
    for await (const chunk of createReadStream(file, { end: maxBytes })) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += bytes.length;
      if (size > maxBytes) return { kind: 'too-large' };
      chunks.push(bytes);
    }
  } catch (error) {
    return { kind: 'failed', problem: fileProblem(file, error) };
  }
  return { kind: 'read', bytes: Buffer.concat(chunks) };
}

/** The process's stderr, which the --wait-cmd command writes both its streams to. */
const STDERR_FD = 2;

/** `kill(pid, 0)` sends nothing and only asks: ESRCH means gone; EPERM means it runs as another user. */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Runs the command without a shell, as ntfy does. Its output (stdout too) goes to our stderr, so a person sees it
 * run (ntfy discards it) while stdout carries only the server's JSON line (`… | jq .id`); it gets no stdin (ntfy's
 * neither: stdin may hold the message).
 */
function runCommand(command: readonly string[]): Promise<CommandEnd> {
  const [program, ...args] = command;
  return new Promise((resolve) => {
    const child = spawn(program ?? '', args, { stdio: ['ignore', STDERR_FD, STDERR_FD] });
    child.once('error', (error) => {
      const code = 'code' in error ? error.code : undefined;
      const problem =
        code === 'ENOENT'
          ? t('cli.publish.wait-cmd-not-found', { program: program ?? '' })
          : code === 'EACCES'
            ? t('cli.publish.wait-cmd-no-permission', { program: program ?? '' })
            : errorMessage(error);
      resolve({ kind: 'not-started', problem });
    });
    child.once('exit', (code) => {
      resolve(code === null ? { kind: 'signal' } : { kind: 'exited', code });
    });
  });
}

/**
 * The servers `ntfy-tray login` stored, read-only (publish never changes settings): none when the data folder has no
 * settings yet, and nothing is created, upgraded or moved aside.
 */
function storedServers(dir: string, log: Logger): readonly ServerSettings[] {
  return readConfSettings({ dir, log: log.child('settings') }).get().servers;
}

export function createNodePublishIo(options: NodePublishIoOptions): PublishIo {
  const { log, env } = options;
  return {
    stdout: options.stdout,
    stderr: options.stderr,
    env,
    readStdin: (maxBytes) => readUpTo(options.stdin, maxBytes),
    readFile: readFileUpTo,
    processExists,
    delay: (ms) => setTimeout(ms),
    runCommand,
    storedCredentials: async (target, given, dataDir) => {
      // Only a --user without a password, or no credentials at all, may need a stored secret.
      const needsLookup = given.kind === 'none' || needsPasswordLookup(given);
      if (!needsLookup) return given;
      const [filled] = await applyStoredCredentials([{ ...target, credentials: given }], {
        servers: storedServers(options.dataDirOf(dataDir), log),
        secrets: firstSecretSource([
          createEnvSecretSource(env),
          createKeytarSecretStore({ log: log.child('keychain') }),
        ]),
      });
      return filled?.credentials ?? given;
    },
    send: sendPublish,
    addSecret: options.addSecret,
    now: () => Date.now(),
    defaultServerOf: (given) => configuredDefaultServer(options.dataDirOf(given)),
    ...(options.clientConfig === undefined ? {} : { clientConfig: options.clientConfig }),
    ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
    ...(options.setLog === undefined ? {} : { setLog: options.setLog }),
  };
}
