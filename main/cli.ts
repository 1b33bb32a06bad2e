#!/usr/bin/env node
/**
 * Headless composition root (`ntfy-tray …`): runs the command (cli-run.ts, which builds the core with Node
 * adapters — real clock, fetch and `ws` transports, the data-dir store) on this process's streams, environment and
 * signals, and exits with its code. Every stdout write goes through one OutputSink: a pipe on stdout is
 * asynchronous, so the process only exits once the sink has been flushed.
 */
import { homedir } from 'node:os';
import { runCli } from './cli-run.ts';
import { EXIT } from './core/cli/subscribe-command.ts';
import { visibleControlsKeepingLines } from './core/cli/terminal-text.ts';
import type { Logger } from './core/ports.ts';
import { errorMessage } from '../common/error-message.ts';
import { localeFromEnv } from '../common/i18n/posix-locale.ts';
import { setLocale, t } from '../common/i18n/translate.ts';

/** Exit codes of a process ended by a second signal, as a shell reports them (128 + signal number). */
const SIGNAL_EXIT: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 };

let stopRequested: Promise<void> | undefined;

/**
 * The first SIGINT/SIGTERM asks the command to stop; what it already wrote still drains to the reader. A second
 * one exits at once (the way out when the reader never reads). Installed only when needed, so that Ctrl-C at the
 * login prompt keeps its default meaning.
 */
function stopSignal(log: Logger): Promise<void> {
  stopRequested ??= new Promise((resolve) => {
    let asked = false;
    const onSignal = (signal: 'SIGINT' | 'SIGTERM'): void => {
      if (asked) process.exit(SIGNAL_EXIT[signal]);
      asked = true;
      log.log('debug', 'stop requested; a second signal exits at once', { signal });
      resolve();
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      // The CLI owns these signals. `when-exit` (conf → atomically) listens once and then re-raises the signal to
      // kill the process, which would cut the output short or count as a second signal. Its clean-up also runs on
      // 'exit', which process.exit still emits, so its signal listeners can go.
      for (const listener of process.listeners(signal)) process.off(signal, listener);
      process.on(signal, onSignal);
    }
  });
  return stopRequested;
}

// The language of every message, from LC_ALL / LC_MESSAGES / LANG, before any text is made.
setLocale(localeFromEnv(process.env));

runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: (text) => process.stderr.write(text),
  stdin: process.stdin,
  pid: process.pid,
  platform: process.platform,
  homeDir: homedir(),
  stopSignal,
}).then(
  (code) => {
    // Everything written has left the process; open sockets or timers must not keep a finished command alive.
    process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(
      visibleControlsKeepingLines(`${t('cli.run.failed', { name: 'ntfy-tray', problem: errorMessage(error) })}\n`),
    );
    process.exit(EXIT.fatal);
  },
);
