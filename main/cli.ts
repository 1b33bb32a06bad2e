#!/usr/bin/env node
/**
 * Headless composition root (`ntfy-tray …`): builds the core with Node adapters — real clock, fetch and `ws`
 * transports, the data-dir store, stdout/stderr — and nothing else. Every stdout write goes through one
 * OutputSink: a pipe on stdout is asynchronous, so the process only exits once the sink has been flushed.
 * This file routes commands; `subscribe` is wired in cli-subscribe.ts.
 */
import { visibleControlsKeepingLines } from './core/cli/terminal-text.ts';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { runCliSubscribe } from './cli-subscribe.ts';
import { checkCredentials } from './core/cli/credential-check.ts';
import { configuredDefaultServer } from './core/cli/default-server.ts';
import { helpText, mainUsage, unknownCommand } from './core/cli/help.ts';
import { type NamedSubscription, runHistory } from './core/cli/history-command.ts';
import { type AccountIo, runLogin, runLogout } from './core/cli/login-command.ts';
import { OutputClosedError, type OutputSink } from './core/cli/output-sink.ts';
import { promptHidden } from './core/cli/prompt.ts';
import { runPublish } from './core/cli/publish-command.ts';
import { createNodePublishIo } from './core/cli/publish-io.ts';
import { demoteToDebug } from './core/cli/quiet-log.ts';
import { createStreamSink, pendingBytes } from './core/cli/stream-sink.ts';
import { EXIT } from './core/cli/subscribe-command.ts';
import { usageError } from './core/cli/usage-error.ts';
import { createConsoleLogger } from './core/logging.ts';
import type { LogLevel, Logger } from './core/ports.ts';
import { defaultDataDir } from './core/store/data-dir.ts';
import { readDataDirHolder } from './core/store/data-dir-lock.ts';
import { SqliteHistoryStore } from './core/store/history/index.ts';
import { createKeytarSecretStore } from './core/store/secrets/keytar-secret-store.ts';
import { createSecretSafeLogger } from './core/store/secrets/redact.ts';
import { openConfSettingsStore, settingsFilePath } from './core/store/settings/conf-settings-store.ts';
import { newerSettingsRefusal } from './core/store/settings/load-settings.ts';
import { usableSettings } from './core/store/settings/parse.ts';
import { readSettingsFile } from './core/store/settings/settings-file.ts';
import { errorMessage } from '../common/error-message.ts';
import { localeFromEnv } from '../common/i18n/posix-locale.ts';
import { setLocale, t } from '../common/i18n/translate.ts';

/** package.json is one folder up from main/cli.ts and two from the built dist/main/cli.js. */
function readVersion(): string {
  for (const relative of ['../package.json', '../../package.json']) {
    let text: string;
    try {
      text = readFileSync(new URL(relative, import.meta.url), 'utf8');
    } catch {
      continue; // not in this folder: try the next one up
    }
    const packageJson = JSON.parse(text) as { name?: string; version?: string };
    if (packageJson.name === 'ntfy-tray' && packageJson.version !== undefined) return packageJson.version;
  }
  return 'unknown';
}

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

/** Every stderr line of the CLI: it may quote a server or a message, so control characters become visible. */
function writeStderr(text: string): void {
  process.stderr.write(visibleControlsKeepingLines(text));
}

/** For fire-and-forget writers (history, login): a reader that went away is handled by `sink.closed`. */
function reportOutputError(error: unknown): void {
  if (error instanceof OutputClosedError) return; // the reader's choice, e.g. `| head -1`: stop quietly
  writeStderr(`${t('cli.run.stdout-failed', { reason: errorMessage(error) })}\n`);
}

/** A `(text) => void` writer over the sink; the final flush waits for what it wrote. */
function stdoutWriter(sink: OutputSink): (text: string) => void {
  return (text) => {
    sink.write(text).catch(reportOutputError);
  };
}

/** The secrets of this run (passwords, tokens), once known: the logger hides them wherever they appear. */
const knownSecrets = new Set<string>();

/**
 * Log lines on stderr from warn up; NTFY_TRAY_LOG=info or debug shows more. The commands say what matters in
 * their own plain lines, so a first run is not greeted by "no settings file yet {…}".
 */
const SHOWN_LEVELS: Readonly<Record<string, readonly LogLevel[]>> = {
  debug: ['debug', 'info', 'warn', 'error'],
  info: ['info', 'warn', 'error'],
};

function createLog(): Logger {
  const shown = SHOWN_LEVELS[process.env['NTFY_TRAY_LOG'] ?? ''] ?? ['warn', 'error'];
  return createSecretSafeLogger(
    createConsoleLogger({
      name: 'ntfy-tray',
      write: (level, line) => {
        if (shown.includes(level)) writeStderr(`${level}: ${line}\n`);
      },
    }),
    { secrets: () => knownSecrets },
  );
}

function dataDirOf(dataDir: string | undefined): string {
  // The app's folder too (main/core/store/data-dir.ts): history shows what the app received.
  return dataDir ?? defaultDataDir({ env: process.env, platform: process.platform, homeDir: homedir() });
}

function accountIo(log: Logger, sink: OutputSink): AccountIo {
  const input = process.stdin;
  return {
    stdout: stdoutWriter(sink),
    stderr: writeStderr,
    env: process.env,
    prompt: input.isTTY ? (question) => promptHidden(question, input, writeStderr) : undefined,
    openStores: (dataDir) => {
      const dir = dataDirOf(dataDir);
      // The running app holds the settings in memory and writes them whole: a change made here would be lost.
      if (readDataDirHolder(dir)?.kind === 'app') {
        return Promise.reject(new Error(t('cli.run.app-holds-settings', { dir })));
      }
      // login and logout write the settings, which a newer version's file refuses (the store would say so only at
      // the end): refused here, before anyone is asked for a password or anything goes into the keychain.
      const path = settingsFilePath(dir);
      const contents = readSettingsFile(path);
      const newer = contents.exists && !contents.parsed.ok ? contents.parsed.newer : undefined;
      if (newer !== undefined) return Promise.reject(new Error(newerSettingsRefusal(path, newer.version)));
      return Promise.resolve({
        settings: openConfSettingsStore({ dir, log: log.child('settings') }),
        // login and logout print a keychain failure themselves, as one line.
        secrets: createKeytarSecretStore({ log: demoteToDebug(log.child('keychain')) }),
      });
    },
    checkCredentials,
    defaultServerOf: (dataDir) => configuredDefaultServer(dataDirOf(dataDir)),
    addSecret: (secret) => knownSecrets.add(secret),
  };
}

/** The history of a data dir that exists; a missing folder is a typo, never a reason to create an empty one. */
function openHistory(dataDir: string | undefined, options: { readonly readOnly: true }): Promise<SqliteHistoryStore> {
  const dir = dataDirOf(dataDir);
  if (!existsSync(dir)) return Promise.reject(new Error(t('cli.run.no-data', { dir })));
  return SqliteHistoryStore.open({ dataDir: dir, ...options });
}

/**
 * The app's subscriptions in a data dir, read without writing (history only reads; a newer version's file gives
 * the subscriptions this version can read); none when unreadable.
 */
function readSubscriptions(dataDir: string | undefined): readonly NamedSubscription[] {
  const contents = readSettingsFile(settingsFilePath(dataDirOf(dataDir)));
  return (contents.exists ? usableSettings(contents.parsed)?.subscriptions : undefined) ?? [];
}

async function main(argv: readonly string[], log: Logger, sink: OutputSink): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') {
    await sink.write(`${readVersion()}\n`);
    return EXIT.ok;
  }
  if (command === undefined) {
    writeStderr(`${mainUsage()}\n`);
    return EXIT.usage;
  }
  if (command === '-h' || command === '--help') {
    await sink.write(`${mainUsage()}\n`);
    return EXIT.ok;
  }
  switch (command) {
    case 'subscribe':
    case 'sub': // ntfy's own alias
      return runCliSubscribe(rest, {
        log,
        output: sink,
        stderr: writeStderr,
        env: process.env,
        pid: process.pid,
        dataDirOf,
        stopSignal: () => stopSignal(log),
        addSecret: (secret) => knownSecrets.add(secret),
      });
    case 'login':
      return runLogin(rest, accountIo(log, sink));
    case 'logout':
      return runLogout(rest, accountIo(log, sink));
    case 'publish':
    case 'pub': // ntfy's own alias
      return runPublish(
        rest,
        createNodePublishIo({
          log,
          stdout: stdoutWriter(sink),
          stderr: writeStderr,
          env: process.env,
          stdin: process.stdin,
          dataDirOf,
          addSecret: (secret) => knownSecrets.add(secret),
        }),
      );
    case 'history':
      return runHistory(rest, { stdout: stdoutWriter(sink), stderr: writeStderr, openHistory, readSubscriptions });
    case 'help': {
      const help = helpText(rest);
      if (!help.ok) {
        writeStderr(usageError(undefined, help.error));
        return EXIT.usage;
      }
      await sink.write(`${help.value}\n`);
      return EXIT.ok;
    }
    default:
      writeStderr(usageError(undefined, unknownCommand(command)));
      return EXIT.usage;
  }
}

/** Runs the command, then waits until stdout has handed everything to its reader (or the reader has gone). */
async function run(argv: readonly string[]): Promise<number> {
  const log = createLog();
  // Created first: it installs stdout's 'error' listener, so a broken pipe never becomes an uncaught EPIPE.
  const sink = createStreamSink(process.stdout);
  let code: number;
  try {
    code = await main(argv, log, sink);
  } catch (error) {
    if (error instanceof OutputClosedError) {
      code = EXIT.ok; // the reader's choice (`| head -1`), not a failure of the command
    } else {
      writeStderr(`${t('cli.run.failed', { name: 'ntfy-tray', problem: errorMessage(error) })}\n`);
      code = EXIT.fatal;
    }
  }
  const backlog = pendingBytes(process.stdout);
  if (backlog > 0) {
    void stopSignal(log); // from here a first signal keeps waiting for the reader, a second one exits
    log.log('debug', 'waiting for the reader of stdout', { bytes: backlog });
  }
  try {
    await sink.flush();
  } catch (error) {
    reportOutputError(error);
    return EXIT.fatal;
  }
  return code;
}

// The language of every message, from LC_ALL / LC_MESSAGES / LANG, before any text is made.
setLocale(localeFromEnv(process.env));

run(process.argv.slice(2)).then(
  (code) => {
    // Everything written has left the process; open sockets or timers must not keep a finished command alive.
    process.exit(code);
  },
  (error: unknown) => {
    writeStderr(`${t('cli.run.failed', { name: 'ntfy-tray', problem: errorMessage(error) })}\n`);
    process.exit(EXIT.fatal);
  },
);
