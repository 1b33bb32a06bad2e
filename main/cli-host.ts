/**
 * One run of the `ntfy-tray` command (cli-run.ts): the host it reads and writes through, its logger (which hides the
 * secrets the run learns, and follows ntfy's logging options), and its writers to stderr and stdout.
 */
import { appendFileSync } from 'node:fs';
import { errorMessage } from '../common/error-message.ts';
import { t } from '../common/i18n/translate.ts';
import { type LogChoice, levelsFrom } from './core/cli/log-flags.ts';
import { OutputClosedError, type OutputSink } from './core/cli/output-sink.ts';
import { type PromptResult, promptHidden } from './core/cli/prompt.ts';
import { visibleControlsKeepingLines } from './core/cli/terminal-text.ts';
import { createConsoleLogger } from './core/logging.ts';
import type { LogLevel, Logger } from './core/ports.ts';
import { createSecretSafeLogger } from './core/store/secrets/redact.ts';

/** Where one run of the command reads and writes: the process's own in main/cli.ts, a test's in-process. */
export interface CliHost {
  readonly env: NodeJS.ProcessEnv;
  /** stdout; its `isTTY` is not looked at here (cli-subscribe.ts reads the process's). */
  readonly stdout: NodeJS.WritableStream;
  /** Raw stderr text (control characters are made visible before it gets here). */
  readonly stderr: (text: string) => void;
  readonly stdin: NodeJS.ReadStream;
  /** Recorded in the data dir's lock file. */
  readonly pid: number;
  readonly platform: NodeJS.Platform;
  readonly homeDir: string;
  /**
   * Resolves on the first SIGINT/SIGTERM (what was written still drains to the reader); called only when a command
   * is about to run long or is waiting for its reader.
   */
  readonly stopSignal: (log: Logger) => Promise<void>;
}

/** One run's context: the host, its logger and the secrets it has learnt (the logger hides them). */
export interface Run {
  readonly host: CliHost;
  readonly log: Logger;
  readonly knownSecrets: Set<string>;
  /** Every stderr line of the CLI: it may quote a server or a message, so control characters become visible. */
  readonly writeStderr: (text: string) => void;
  /** ntfy's logging options (log-flags.ts): which levels show, and a file instead of stderr. */
  readonly setLog: (choice: LogChoice) => void;
}

/** For fire-and-forget writers (history, login): a reader that went away is handled by `sink.closed`. */
export function reportOutputError(run: Run, error: unknown): void {
  if (error instanceof OutputClosedError) return; // the reader's choice, e.g. `| head -1`: stop quietly
  run.writeStderr(`${t('cli.run.stdout-failed', { reason: errorMessage(error) })}\n`);
}

/** A `(text) => void` writer over the sink; the final flush waits for what it wrote. */
export function stdoutWriter(run: Run, sink: OutputSink): (text: string) => void {
  return (text) => {
    sink.write(text).catch((error: unknown) => {
      reportOutputError(run, error);
    });
  };
}

/**
 * Log lines on stderr from warn up; NTFY_TRAY_LOG=info or debug shows more. The commands say what matters in
 * their own plain lines, so a first run is not greeted by "no settings file yet {…}".
 */
const SHOWN_LEVELS: Readonly<Record<string, readonly LogLevel[]>> = {
  debug: ['debug', 'info', 'warn', 'error'],
  info: ['info', 'warn', 'error'],
};

export function createRun(host: CliHost): Run {
  const knownSecrets = new Set<string>();
  const writeStderr = (text: string): void => {
    host.stderr(visibleControlsKeepingLines(text));
  };
  let shown = SHOWN_LEVELS[host.env['NTFY_TRAY_LOG'] ?? ''] ?? ['warn', 'error'];
  let logFile: string | undefined;
  const writeLog = (text: string): void => {
    if (logFile === undefined) {
      writeStderr(text);
      return;
    }
    try {
      appendFileSync(logFile, text, { mode: 0o600 }); // ntfy: O_CREATE|O_WRONLY|O_APPEND, 0600
    } catch (error) {
      writeStderr(`${t('cli.run.log-file-failed', { path: logFile, reason: errorMessage(error) })}\n${text}`);
      logFile = undefined;
    }
  };
  const log = createSecretSafeLogger(
    createConsoleLogger({
      name: 'ntfy-tray',
      write: (level, line) => {
        if (shown.includes(level)) writeLog(`${level}: ${line}\n`);
      },
    }),
    { secrets: () => knownSecrets },
  );
  const setLog = (choice: LogChoice): void => {
    if (choice.level !== undefined) shown = levelsFrom(choice.level);
    if (choice.file !== undefined) logFile = choice.file;
  };
  return { host, log, knownSecrets, writeStderr, setLog };
}

/** `-u alice` on a terminal asks for the password (ntfy's `Enter Password: `); off a terminal nothing asks. */
export function terminalPrompt(run: Run): ((question: string) => Promise<PromptResult>) | undefined {
  const input = run.host.stdin;
  return input.isTTY ? (question) => promptHidden(question, input, run.writeStderr) : undefined;
}
