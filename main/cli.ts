#!/usr/bin/env node
/**
 * Headless composition root (`ntfy-tray …`): builds the core with Node adapters — real clock, fetch and `ws`
 * transports, the data-dir store, stdout/stderr — and nothing else. Every stdout write goes through one
 * OutputSink: a pipe on stdout is asynchronous, so the process only exits once the sink has been flushed.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { type CliNotifications, openCliNotifications } from './cli-notifications.ts';
import { runSecrets } from './core/cli/credential-args.ts';
import { type DataDirLock, lockDataDirForSubscribe } from './core/cli/data-dir-lock.ts';
import { runHistory } from './core/cli/history-command.ts';
import { type AccountIo, runLogin, runLogout } from './core/cli/login-command.ts';
import { OutputClosedError, type OutputSink } from './core/cli/output-sink.ts';
import { promptHidden } from './core/cli/prompt.ts';
import { applyStoredCredentials } from './core/cli/stored-credentials.ts';
import { createStreamSink, pendingBytes } from './core/cli/stream-sink.ts';
import { parseSubscribeArgs, type SubscribePlan, SUBSCRIBE_USAGE } from './core/cli/subscribe-args.ts';
import { EXIT, runSubscribe } from './core/cli/subscribe-command.ts';
import { checkTopicAccess, pollOnce } from './core/engine/http-requests.ts';
import { createConsoleLogger } from './core/logging.ts';
import { systemClock } from '../common/clock.ts';
import type { Logger } from './core/ports.ts';
import { defaultDataDir } from './core/store/data-dir.ts';
import { readDataDirHolder } from './core/store/data-dir-lock.ts';
import { SqliteHistoryStore } from './core/store/history/index.ts';
import { importCursorFile } from './core/store/import-cursor-file.ts';
import { createEnvSecretSource, firstSecretSource } from './core/store/secrets/env-secret-source.ts';
import { MissingSecretError } from './core/store/secrets/errors.ts';
import { createKeytarSecretStore } from './core/store/secrets/keytar-secret-store.ts';
import { createSecretSafeLogger } from './core/store/secrets/redact.ts';
import { openConfSettingsStore } from './core/store/settings/conf-settings-store.ts';
import type { SettingsStore } from './core/store/settings/settings-store.ts';
import { openTransport } from './core/transports/index.ts';
import { errorMessage } from '../common/error-message.ts';

const USAGE = `Usage: ntfy-tray <command> [options]

Commands:
  subscribe   print messages of one or more topics (ntfy-tray subscribe --help)
  history     show stored messages (ntfy-tray history --help)
  login       store a server's password or access token in the OS keychain
  logout      remove them again

  --version   print the version`;

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

function writeStderr(text: string): void {
  process.stderr.write(text);
}

/** For fire-and-forget writers (history, login): a reader that went away is handled by `sink.closed`. */
function reportOutputError(error: unknown): void {
  if (error instanceof OutputClosedError) return; // the reader's choice, e.g. `| head -1`: stop quietly
  writeStderr(`ntfy-tray: cannot write to stdout: ${errorMessage(error)}\n`);
}

/** A `(text) => void` writer over the sink; the final flush waits for what it wrote. */
function stdoutWriter(sink: OutputSink): (text: string) => void {
  return (text) => {
    sink.write(text).catch(reportOutputError);
  };
}

/** The secrets of this run (passwords, tokens), once known: the logger hides them wherever they appear. */
const knownSecrets = new Set<string>();

function createLog(): Logger {
  const debug = process.env['NTFY_TRAY_LOG'] === 'debug';
  return createSecretSafeLogger(
    createConsoleLogger({
      name: 'ntfy-tray',
      write: (level, line) => {
        if (level !== 'debug' || debug) writeStderr(`${level}: ${line}\n`);
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
        return Promise.reject(
          new Error(`the ntfy Tray app is running with ${dir} and would write over this change; quit it first`),
        );
      }
      return Promise.resolve({
        settings: openConfSettingsStore({ dir, log: log.child('settings') }),
        secrets: createKeytarSecretStore({ log: log.child('keychain') }),
      });
    },
  };
}

async function subscribe(args: readonly string[], log: Logger, sink: OutputSink): Promise<number> {
  const parsed = parseSubscribeArgs(args, process.env);
  if (parsed.ok === 'help') {
    await sink.write(`${SUBSCRIBE_USAGE}\n`);
    return EXIT.ok;
  }
  if (!parsed.ok) {
    writeStderr(`ntfy-tray subscribe: ${parsed.error}\n\n${SUBSCRIBE_USAGE}\n`);
    return EXIT.usage;
  }
  const dataDir = dataDirOf(parsed.value.dataDir);
  // One live subscriber per data dir, the app included (--poll stores nothing and needs no lock). Taken before the
  // settings are opened: a refused run must not write to a folder the holder is using.
  let lock: DataDirLock | undefined;
  if (!parsed.value.poll) {
    lock = lockDataDirForSubscribe(dataDir, process.pid);
    if (!lock.ok) {
      writeStderr(`ntfy-tray subscribe: ${lock.error}\n`);
      return EXIT.fatal;
    }
  }
  try {
    const settings = openConfSettingsStore({ dir: dataDir, log: log.child('settings') });
    let subscriptions;
    try {
      subscriptions = await applyStoredCredentials(parsed.value.subscriptions, {
        servers: settings.get().servers,
        secrets: firstSecretSource([
          createEnvSecretSource(process.env),
          createKeytarSecretStore({ log: log.child('keychain') }),
        ]),
      });
    } catch (error) {
      writeStderr(`ntfy-tray subscribe: ${errorMessage(error)}\n`);
      return error instanceof MissingSecretError ? EXIT.auth : EXIT.fatal;
    }
    for (const secret of runSecrets(subscriptions, process.env)) knownSecrets.add(secret);
    return await subscribeLocked(parsed.value, subscriptions, dataDir, log, sink, settings);
  } finally {
    if (lock?.ok === true) lock.release();
  }
}

async function subscribeLocked(
  plan: SubscribePlan,
  subscriptions: SubscribePlan['subscriptions'],
  dataDir: string,
  log: Logger,
  sink: OutputSink,
  settings: SettingsStore,
): Promise<number> {
  let notifications: CliNotifications | undefined;
  if (plan.notify) {
    try {
      notifications = await openCliNotifications({ log, clock: systemClock, dataDir });
    } catch (error) {
      writeStderr(`ntfy-tray subscribe --notify: ${errorMessage(error)}\n`);
      return EXIT.fatal;
    }
  }
  const history = await SqliteHistoryStore.open({ dataDir });
  // A long-running subscribe keeps the history bounded like the app does (defaults: 30 days, 10,000 per topic),
  // using the retention preferences of this data dir's settings.
  const retention = (): void => {
    const { maxAgeDays, maxPerSubscription } = settings.get().preferences.historyRetention;
    try {
      history.applyRetention({ maxAgeDays, maxPerSubscription });
    } catch (error) {
      log.log('warn', 'history retention failed', { error: String(error) });
    }
  };
  retention();
  const retentionTimer = setInterval(retention, 3_600_000);
  retentionTimer.unref();
  try {
    await importCursorFile({ dataDir, history, log });
    return await runSubscribe(
      { ...plan, subscriptions },
      {
        output: sink,
        stderr: writeStderr,
        clock: systemClock,
        random: Math.random,
        log,
        openTransport,
        poll: pollOnce,
        checkTopicAccess,
        history,
        // A reader that went away (`| head -1`) ends it too: runSubscribe watches `output.closed` itself.
        stopSignal: stopSignal(log),
        ...(notifications === undefined ? {} : { onDelivered: notifications.onDelivered }),
      },
    );
  } finally {
    clearInterval(retentionTimer);
    await history.close();
    await notifications?.close();
  }
}

async function main(argv: readonly string[], log: Logger, sink: OutputSink): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') {
    await sink.write(`${readVersion()}\n`);
    return EXIT.ok;
  }
  if (command === undefined) {
    writeStderr(`${USAGE}\n`);
    return EXIT.usage;
  }
  if (command === '-h' || command === '--help') {
    await sink.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  switch (command) {
    case 'subscribe':
      return subscribe(rest, log, sink);
    case 'login':
      return runLogin(rest, accountIo(log, sink));
    case 'logout':
      return runLogout(rest, accountIo(log, sink));
    case 'history':
      return runHistory(rest, {
        stdout: stdoutWriter(sink),
        stderr: writeStderr,
        openHistory: (dataDir, options) => SqliteHistoryStore.open({ dataDir: dataDirOf(dataDir), ...options }),
      });
    default:
      writeStderr(`unknown command: ${command}\n${USAGE}\n`);
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
      writeStderr(`ntfy-tray: ${errorMessage(error)}\n`);
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

run(process.argv.slice(2)).then(
  (code) => {
    // Everything written has left the process; open sockets or timers must not keep a finished command alive.
    process.exit(code);
  },
  (error: unknown) => {
    writeStderr(`ntfy-tray: ${errorMessage(error)}\n`);
    process.exit(EXIT.fatal);
  },
);
