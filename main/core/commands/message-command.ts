/**
 * A subscription's command, run once per message as ntfy's CLI does (cmd/subscribe.go `runCommand`, `envVars`):
 * the command is given to the user's shell (`sh -c` on Unix, `cmd.exe /d /s /c` on Windows) and the message
 * reaches it only through the environment (the same variable names and aliases as ntfy's). One implementation for
 * both roots: `ntfy-tray subscribe TOPIC COMMAND` (stdio: the CLI's own, as ntfy's) and the app (core/app/
 * subscription-commands.ts: no terminal, so stdin and stdout lead nowhere and the end of stderr is kept to show
 * why a run failed).
 *
 * A run ends when its shell exits: what the shell left running in its process group (`sleep 60 &`) is ended then,
 * and the run never waits for a background process that still holds its stderr (process-tree.ts). The values of
 * the message's variables are cut where the system could not pass them (command-environment.ts).
 *
 * Every message field comes from a stranger: it never becomes part of the command line, so nothing a message
 * says is ever parsed by the shell; the command reads it as `"$m"`. The command itself only ever comes from the
 * user's own settings or arguments.
 */
import { spawn } from 'node:child_process';
import type { NtfyMessage } from '../protocol/types.ts';
import { commandEnvironment } from './command-environment.ts';
import { endProcessTree, spawnsOwnGroup, type TreeSystem } from './process-tree.ts';

interface ShellInvocation {
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

interface CommandRunnerOptions {
  /** The root's environment, which every command inherits. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  /**
   * `inherit` (the CLI, as ntfy's): the command writes to the process's stdout and stderr. `capture-stderr` (the app,
   * which has no terminal): stdout discarded, and the end of stderr kept for a failure's report. Never stdin: the
   * command runs in a process group of its own, where reading the terminal would stop it (SIGTTIN).
   */
  readonly stdio?: 'inherit' | 'capture-stderr';
  /** How process trees are ended (tests pass their own). */
  readonly system?: TreeSystem;
}

/** One command running for one message. */
export interface CommandRun {
  /** Resolves once the shell has exited (not when every copy of its stdio has closed); never rejects. */
  readonly done: Promise<CommandOutcome>;
  /** The variables (first names) cut to fit what the system lets a process receive; empty: none was. */
  readonly cutVariables: readonly string[];
  /** Ends the run with everything it started (process-tree.ts); nothing once it has ended. */
  end(): void;
}

interface CommandRunner {
  readonly start: (command: string, message: NtfyMessage) => CommandRun;
  /** Ends every run still going with everything it started; `immediately`: SIGKILL at once (POSIX). */
  readonly endAll: (options?: { readonly immediately?: boolean }) => void;
  /** How many runs have not ended yet. */
  readonly running: () => number;
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

/** Milliseconds a run's stderr is still read after its shell exited, for what the shell itself wrote last. */
const STDERR_AFTER_EXIT_MS = 1_000;

function outcomeOf(code: number | null, signal: string | null, tail: string | undefined): CommandOutcome {
  const withTail = tail === undefined || tail === '' ? {} : { stderrTail: tail };
  if (signal !== null) return { ok: false, signal, ...withTail };
  if (code === 0) return { ok: true };
  return { ok: false, exitCode: code ?? -1, ...withTail };
}

const notStarted = (reason: unknown, cut: readonly string[]): CommandRun => ({
  done: Promise.resolve({ ok: false, startError: reason instanceof Error ? reason.message : String(reason) }),
  cutVariables: cut,
  end: () => undefined,
});

/**
 * Runs subscriptions' commands, one process tree per run, and keeps track of the runs still going so that a root can
 * end them all (quit, a signal, the process's exit).
 */
export function createCommandRunner(options: CommandRunnerOptions): CommandRunner {
  const { platform } = options;
  const system = options.system === undefined ? {} : { system: options.system };
  /** The shells of the runs not yet ended (pids, which are also their process groups' ids on POSIX). */
  const live = new Set<number>();

  function start(command: string, message: NtfyMessage): CommandRun {
    const shell = shellInvocation(command, platform, options.env);
    const { env, cut } = commandEnvironment(message, options.env, platform);
    const capture = options.stdio === 'capture-stderr';
    let child;
    try {
      child = spawn(shell.file, [...shell.args], {
        env,
        // ntfy hands the command its own stdout and stderr (cmd.Stdout/Stderr = c.App.*).
        stdio: capture ? ['ignore', 'ignore', 'pipe'] : ['ignore', 'inherit', 'inherit'],
        detached: spawnsOwnGroup(platform),
        windowsHide: true,
        windowsVerbatimArguments: shell.windowsVerbatimArguments,
      });
    } catch (error) {
      return notStarted(error, cut);
    }
    const { pid } = child;
    let exited = false;
    if (pid !== undefined) live.add(pid);
    const stderr = tailKeeper(STDERR_TAIL_CHARS);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr.add(chunk);
    });
    const done = new Promise<CommandOutcome>((resolve) => {
      child.once('error', (error) => {
        resolve({ ok: false, startError: error.message });
      });
      // 'exit', not 'close': a background process (`sleep 60 &`) may hold stderr open long after the shell is gone.
      child.once('exit', (code, signal) => {
        exited = true;
        // What the shell left in its group ends with it (POSIX; Windows cannot find them once the shell is gone).
        if (pid !== undefined && spawnsOwnGroup(platform)) endProcessTree(pid, platform, system);
        const finish = (): void => {
          if (pid !== undefined) live.delete(pid);
          child.stderr?.destroy();
          resolve(outcomeOf(code, signal, capture ? stderr.text() : undefined));
        };
        if (child.stderr === null || child.stderr.readableEnded) finish();
        else {
          child.once('close', finish);
          setTimeout(finish, STDERR_AFTER_EXIT_MS).unref();
        }
      });
    });
    return {
      done,
      cutVariables: cut,
      end: () => {
        if (pid !== undefined && !exited) endProcessTree(pid, platform, system);
      },
    };
  }

  return {
    start,
    running: () => live.size,
    endAll: (how = {}) => {
      for (const pid of live) {
        endProcessTree(pid, platform, { ...system, ...(how.immediately === true ? { immediately: true } : {}) });
      }
    },
  };
}

/**
 * Kills every run's tree at once when the process exits, whichever way it exits (a quit whose clean-up was cut
 * short, process.exit after a second signal): no command outlives the app or the CLI. Answers the removal.
 */
export function endRunsAtExit(runner: Pick<CommandRunner, 'endAll'>): () => void {
  const atExit = (): void => {
    runner.endAll({ immediately: true });
  };
  process.on('exit', atExit);
  return () => {
    process.off('exit', atExit);
  };
}
