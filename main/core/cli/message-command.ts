/**
 * `ntfy-tray subscribe TOPIC COMMAND`: runs the user's command once per message, as ntfy's CLI does
 * (cmd/subscribe.go `runCommand`, `envVars`): the command is given to the user's shell (`sh -c` on Unix,
 * `cmd.exe /d /s /c` on Windows), the message reaches it only through the environment (the same variable names
 * and aliases as ntfy's), and its stdin, stdout and stderr are the CLI's own.
 *
 * Every message field comes from a stranger: it never becomes part of the command line, so nothing a message
 * says is ever parsed by the shell; the command reads it as `"$m"`.
 */
import { spawn } from 'node:child_process';
import type { NtfyMessage } from '../protocol/types.ts';

/** ntfy's variables: each name with its aliases (cmd/subscribe.go envVars), in ntfy's order. */
function messageVariables(message: NtfyMessage): readonly (readonly [string, readonly string[]])[] {
  return [
    [message.id, ['NTFY_ID', 'id']],
    [message.topic, ['NTFY_TOPIC', 'topic']],
    [String(message.time), ['NTFY_TIME', 'time']],
    [message.message, ['NTFY_MESSAGE', 'message', 'm']],
    [message.title ?? '', ['NTFY_TITLE', 'title', 't']],
    [String(message.priority), ['NTFY_PRIORITY', 'priority', 'prio', 'p']],
    [message.tags.join(','), ['NTFY_TAGS', 'tags', 'tag', 'ta']],
    [JSON.stringify(message.raw), ['NTFY_RAW', 'raw']],
  ];
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
  for (const [value, names] of messageVariables(message)) {
    for (const name of names) env[name] = value.replaceAll('\u0000', '');
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

/** How a run ended: fine, or why not in a few words (exit status, signal, or why it could not start). */
export type CommandOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly exitCode: number }
  | { readonly ok: false; readonly signal: string }
  | { readonly ok: false; readonly startError: string };

export interface RunCommandOptions {
  readonly command: string;
  readonly message: NtfyMessage;
  /** The CLI's environment, which the command inherits. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
}

/** Runs the command for one message and resolves when it has ended; never rejects. */
export function runMessageCommand(options: RunCommandOptions): Promise<CommandOutcome> {
  const shell = shellInvocation(options.command, options.platform, options.env);
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(shell.file, [...shell.args], {
        env: commandEnvironment(options.message, options.env),
        // ntfy hands the command its own stdin, stdout and stderr (cmd.Stdin/Stdout/Stderr = c.App.*).
        stdio: 'inherit',
        windowsVerbatimArguments: shell.windowsVerbatimArguments,
      });
    } catch (error) {
      resolve({ ok: false, startError: error instanceof Error ? error.message : String(error) });
      return;
    }
    child.once('error', (error) => {
      resolve({ ok: false, startError: error.message });
    });
    child.once('exit', (code, signal) => {
      if (signal !== null) resolve({ ok: false, signal });
      else if (code === 0) resolve({ ok: true });
      else resolve({ ok: false, exitCode: code ?? -1 });
    });
  });
}
