/**
 * `--wait-pid` and `--wait-cmd` as ntfy's CLI does them (cmd/publish.go, waitForProcess and runAndWaitForCommand):
 * wait until a process has ended, or run a command and wait for it, then publish. Without a message of its own the
 * publish says what ended and after how long, in ntfy's words. A command that fails is still published (its exit
 * code in the message; ntfy's own exit code stays 0); one that cannot start, or a process that is not running, is
 * not published at all.
 */
import { t } from '../../../common/i18n/translate.ts';

export type WaitFor =
  | { readonly kind: 'pid'; readonly pid: number }
  /** Run as given, without a shell (ntfy's exec.Command): the first word is the program. */
  | { readonly kind: 'command'; readonly command: readonly string[] };

export type CommandEnd =
  | { readonly kind: 'exited'; readonly code: number }
  | { readonly kind: 'signal' }
  /** In words (no such program, no permission, …). */
  | { readonly kind: 'not-started'; readonly problem: string };

export interface WaitPorts {
  /** True while a process with this id exists (also one of another user). */
  readonly processExists: (pid: number) => boolean;
  readonly delay: (ms: number) => Promise<void>;
  /** Runs the command to its end; its output goes where the CLI's goes. */
  readonly runCommand: (command: readonly string[]) => Promise<CommandEnd>;
  /** Clock milliseconds, for how long it ran. */
  readonly now: () => number;
  /** Told when waiting for a process begins (a line on stderr, unless -q). */
  readonly onWaiting: (pid: number) => void;
}

/**
 * How often a process is checked, milliseconds: ntfy's 500. A process that is not our child has no exit event to
 * wait for, on any OS, without native code.
 */
export const PROCESS_CHECK_INTERVAL_MS = 500;

type WaitOutcome = { readonly ok: true; readonly message: string } | { readonly ok: false; readonly problem: string };

/**
 * A duration as Go prints a time.Duration rounded to milliseconds, as ntfy's messages show it: `0s`, `250ms`,
 * `1.5s`, `2m3.04s`, `1h0m5s`.
 */
export function goDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  if (total === 0) return '0s';
  if (total < 1000) return `${String(total)}ms`;
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const millis = total % 60_000;
  const fraction = String(millis % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  const seconds = `${String(Math.floor(millis / 1000))}${fraction === '' ? '' : `.${fraction}`}s`;
  if (hours > 0) return `${String(hours)}h${String(minutes)}m${seconds}`;
  return minutes > 0 ? `${String(minutes)}m${seconds}` : seconds;
}

/** The command as ntfy shows it (util.QuoteCommand): words of plain characters as they are, others in quotes. */
export function quoteCommand(command: readonly string[]): string {
  return command.map((word) => (/^[-_./:@a-zA-Z0-9]+$/.test(word) ? word : `"${word}"`)).join(' ');
}

async function waitForProcess(pid: number, ports: WaitPorts): Promise<WaitOutcome> {
  if (!ports.processExists(pid))
    return { ok: false, problem: t('cli.publish.wait-pid-not-running', { pid: String(pid) }) };
  ports.onWaiting(pid);
  const start = ports.now();
  while (ports.processExists(pid)) await ports.delay(PROCESS_CHECK_INTERVAL_MS);
  return {
    ok: true,
    message: t('cli.publish.wait-pid-ended', { pid: String(pid), duration: goDuration(ports.now() - start) }),
  };
}

async function runAndWait(command: readonly string[], ports: WaitPorts): Promise<WaitOutcome> {
  const shown = quoteCommand(command);
  const start = ports.now();
  const end = await ports.runCommand(command);
  const duration = goDuration(ports.now() - start);
  if (end.kind === 'not-started') {
    return { ok: false, problem: t('cli.publish.wait-cmd-not-started', { command: shown, problem: end.problem }) };
  }
  if (end.kind === 'exited' && end.code === 0) {
    return { ok: true, message: t('cli.publish.wait-cmd-succeeded', { duration, command: shown }) };
  }
  // Numbers as text: a pid or exit code is an identifier, never grouped ("6,396").
  // A command ended by a signal has exit code -1, as Go (and so ntfy) reports it.
  const code = end.kind === 'exited' ? end.code : -1;
  return { ok: true, message: t('cli.publish.wait-cmd-failed', { duration, code: String(code), command: shown }) };
}

/** Waits as asked; the message says what ended (used when the publish has no message of its own). */
export function waitBeforePublish(wait: WaitFor, ports: WaitPorts): Promise<WaitOutcome> {
  return wait.kind === 'pid' ? waitForProcess(wait.pid, ports) : runAndWait(wait.command, ports);
}
