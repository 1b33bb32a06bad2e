/**
 * A subscription's command, run once per message as ntfy's CLI does (cmd/subscribe.go `runCommand`, `envVars`):
 * the command is given to the user's shell (`sh -c` on Unix, `cmd.exe /d /s /c` on Windows) and the message
 * reaches it only through the environment (the same variable names and aliases as ntfy's). One implementation for
 * both roots: `ntfy-tray subscribe TOPIC COMMAND` (stdio: the CLI's own, as ntfy's) and the app (core/app/
 * subscription-commands.ts: no terminal, so stdin and stdout lead nowhere and the end of stderr is kept to show
 * why a run failed).
 *
 * Every message field comes from a stranger: it never becomes part of the command line, so nothing a message
 * says is ever parsed by the shell; the command reads it as `"$m"`. The command itself only ever comes from the
 * user's own settings or arguments.
 */
import { spawn } from 'node:child_process';
import { COMMAND_VARIABLES, type CommandVariableField } from '../../../common/command-variables.ts';
import type { NtfyMessage } from '../protocol/types.ts';

/** Each variable's value for a message (the names: common/command-variables.ts). */
function variableValues(message: NtfyMessage): Readonly<Record<CommandVariableField, string>> {
  return {
    id: message.id,
    topic: message.topic,
    time: String(message.time),
    message: message.message,
    title: message.title ?? '',
    // ntfy's client reads a missing priority as 0 and sets $NTFY_PRIORITY=0 (cmd/subscribe.go envVars).
    priority: 'priority' in message.raw ? String(message.priority) : '0',
    tags: message.tags.join(','),
    // The line as the server sent it, as ntfy's m.Raw.
    raw: message.rawText ?? JSON.stringify(message.raw),
  };
}

/**
 * The command's environment: the CLI's own, then the message's variables over it (as ntfy appends them to
 * os.Environ(), so `$t` is the title even when the user's shell had a `t`). An environment variable cannot hold
 * U+0000 (spawn refuses it), so that one character is left out of a value.
 */
export function commandEnvironment(
  message: NtfyMessage,
  inherited: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(inherited)) if (value !== undefined) env[name] = value;
  const values = variableValues(message);
  for (const { field, names } of COMMAND_VARIABLES) {
    for (const name of names) env[name] = values[field].replaceAll('\u0000', '');
  }
  return env;
}

export interface ShellInvocation {
  readonly file: string;
  readonly args: readonly string[];
  /** Windows only: cmd.exe reads its command line itself, so Node must not quote it again. */
  readonly windowsVerbatimArguments: boolean;
}

/**
 * How the user's shell is asked to run `command` — what Node's `shell: true` does: `/bin/sh -c` on Unix, and on
 * Windows `%ComSpec%` (cmd.exe) with `/d /s /c "…"`, whose outer quotes /s strips again.
 */
export function shellInvocation(
  command: string,
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): ShellInvocation {
  if (platform === 'win32') {
    return {
      file: env['ComSpec'] ?? env['COMSPEC'] ?? 'cmd.exe',
      args: ['/d', '/s', '/c', `"${command}"`],
      windowsVerbatimArguments: true,
    };
  }
  return { file: '/bin/sh', args: ['-c', command], windowsVerbatimArguments: false };
}

/**
 * How a run ended: fine, or why not (exit status, signal, or why it could not start); `stderrTail` is the end of
 * what it wrote to stderr, when its stderr was captured.
 */
export type CommandOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly exitCode: number; readonly stderrTail?: string }
  | { readonly ok: false; readonly signal: string; readonly stderrTail?: string }
  | { readonly ok: false; readonly startError: string };

/** At most this many characters of a failed command's stderr are kept (its end: where the reason usually is). */
export const STDERR_TAIL_CHARS = 2000;

export interface RunCommandOptions {
  readonly command: string;
  readonly message: NtfyMessage;
  /** The CLI's environment, which the command inherits. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  /**
   * `inherit` (the CLI, as ntfy's): the command gets the process's stdin, stdout and stderr. `capture-stderr` (the
   * app, which has no terminal): no stdin, stdout discarded, and the end of stderr kept for a failure's report.
   */
  readonly stdio?: 'inherit' | 'capture-stderr';
}

/** Keeps the last `limit` characters written to a stream. */
function tailKeeper(limit: number): { add(chunk: Buffer): void; text(): string } {
  let tail = '';
  return {
    add(chunk) {
      tail = (tail + chunk.toString('utf8')).slice(-limit);
    },
    text: () => tail.trim(),
  };
}

/** Runs the command for one message and resolves when it has ended; never rejects. */
export function runMessageCommand(options: RunCommandOptions): Promise<CommandOutcome> {
  const shell = shellInvocation(options.command, options.platform, options.env);
  const capture = options.stdio === 'capture-stderr';
  const stderr = tailKeeper(STDERR_TAIL_CHARS);
  const withTail = (): { stderrTail?: string } => {
    const text = stderr.text();
    return capture && text !== '' ? { stderrTail: text } : {};
  };
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(shell.file, [...shell.args], {
        env: commandEnvironment(options.message, options.env),
        // ntfy hands the command its own stdin, stdout and stderr (cmd.Stdin/Stdout/Stderr = c.App.*).
        stdio: capture ? ['ignore', 'ignore', 'pipe'] : 'inherit',
        windowsVerbatimArguments: shell.windowsVerbatimArguments,
      });
    } catch (error) {
      resolve({ ok: false, startError: error instanceof Error ? error.message : String(error) });
      return;
    }
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr.add(chunk);
    });
    child.once('error', (error) => {
      resolve({ ok: false, startError: error.message });
    });
    // 'close', not 'exit': by then stderr has been read to its end.
    child.once('close', (code, signal) => {
      if (signal !== null) resolve({ ok: false, signal, ...withTail() });
      else if (code === 0) resolve({ ok: true });
      else resolve({ ok: false, exitCode: code ?? -1, ...withTail() });
    });
  });
}
