/** Spawns the real `ntfy-tray` command (main/cli.ts under this Node) and lets tests wait on its output. */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { COMPILE_CACHE_VARIABLE } from './compile-cache.ts';
import { tallyStart } from './start-tally.ts';

/** A limit for a stuck process, not a speed check: five full runs at once on two cores took over 10 s to connect. */
const DEFAULT_WAIT_MS = 30_000;

const CLI = path.resolve(import.meta.dirname, '../../main/cli.ts');

export interface CliProcess {
  readonly child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout has at least `count` complete lines. */
  waitForStdoutLines(count: number, timeoutMs?: number): Promise<string[]>;
  waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited(): Promise<number | null>;
  /** A slow reader: stops reading the CLI's stdout, so the pipe fills and the CLI has to hold or wait. */
  pauseStdout(): void;
  resumeStdout(): void;
  /** The reader goes away (`| head -1` exiting): closes our end of the CLI's stdout. */
  closeStdout(): void;
}

/**
 * PATH, HOME and the D-Bus/XDG session variables, so the CLI reaches the throwaway keyring of `npm test`; and Node's
 * compile cache (test/support/compile-cache.ts), which changes nothing the CLI does, only how fast Node starts it.
 */
function sessionEnv(): Record<string, string> {
  const names = [
    'PATH',
    'HOME',
    'DBUS_SESSION_BUS_ADDRESS',
    'XDG_RUNTIME_DIR',
    'XDG_DATA_HOME',
    COMPILE_CACHE_VARIABLE,
  ];
  return Object.fromEntries(
    names.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])),
  );
}

/**
 * The CLI's language comes from LC_ALL, LC_MESSAGES, LANG (common/i18n/posix-locale.ts). The child's environment
 * is built from scratch (none of the developer's LC_* reach it), so LANG alone decides: English ("C") by default,
 * `{ LANG: 'de_DE.UTF-8' }` for German.
 */
const ENGLISH: Readonly<Record<string, string>> = { LANG: 'C.UTF-8' };

export function startCli(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  options: {
    /** In a process group of its own (POSIX), as a shell starts a job: `process.kill(-pid, 'SIGINT')` is Ctrl-C. */
    readonly ownGroup?: boolean;
  } = {},
): CliProcess {
  tallyStart('cli-process');
  const child = spawn(process.execPath, [CLI, ...args], {
    // Only what a user's shell would have: no secrets from the test runner's environment leak into the CLI.
    // English unless a test asks for another language, whatever the developer's own LANG is.
    env: { ...sessionEnv(), ...ENGLISH, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: options.ownGroup === true,
  });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = once(child, 'exit').then(([code]) => code as number | null);

  function waitFor(check: () => boolean, what: () => string, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const poll = (): void => {
        if (check()) {
          cleanup();
          resolve();
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out waiting for ${what()}\nstdout:\n${stdout}\nstderr:\n${stderr}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        child.stdout.off('data', poll);
        child.stderr.off('data', poll);
      };
      child.stdout.on('data', poll);
      child.stderr.on('data', poll);
      poll();
    });
  }

  const lines = (): string[] => stdout.split('\n').slice(0, -1);
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    waitForStdoutLines: async (count, timeoutMs = DEFAULT_WAIT_MS) => {
      await waitFor(
        () => lines().length >= count,
        () => `${count} stdout lines`,
        timeoutMs,
      );
      return lines();
    },
    waitForStderr: (pattern, timeoutMs = DEFAULT_WAIT_MS) =>
      waitFor(
        () => pattern.test(stderr),
        () => `stderr ${pattern}`,
        timeoutMs,
      ),
    exited: () => exit,
    pauseStdout: () => {
      child.stdout.pause();
    },
    resumeStdout: () => {
      child.stdout.resume();
    },
    closeStdout: () => {
      child.stdout.destroy();
    },
  };
}
