#!/usr/bin/env node
/**
 * Headless composition root (`ntfy-tray …`): builds the core with Node adapters — real clock, fetch and `ws`
 * transports, the data-dir store, stdout/stderr — and nothing else.
 */
import { readFileSync } from 'node:fs';
import { type CliNotifications, openCliNotifications } from './cli-notifications.ts';
import { defaultDataDir } from './core/cli/data-dir.ts';
import { runHistory } from './core/cli/history-command.ts';
import { type AccountIo, runLogin, runLogout } from './core/cli/login-command.ts';
import { promptHidden } from './core/cli/prompt.ts';
import { applyStoredCredentials } from './core/cli/stored-credentials.ts';
import { parseSubscribeArgs, SUBSCRIBE_USAGE } from './core/cli/subscribe-args.ts';
import { EXIT, runSubscribe } from './core/cli/subscribe-command.ts';
import { checkTopicAccess, pollOnce } from './core/engine/http-requests.ts';
import { createConsoleLogger } from './core/logging.ts';
import type { Clock, Logger, TimerHandle } from './core/ports.ts';
import { SqliteHistoryStore } from './core/store/history/index.ts';
import { importCursorFile } from './core/store/import-cursor-file.ts';
import { createEnvSecretSource, firstSecretSource } from './core/store/secrets/env-secret-source.ts';
import { MissingSecretError } from './core/store/secrets/errors.ts';
import { createKeytarSecretStore } from './core/store/secrets/keytar-secret-store.ts';
import { createSecretSafeLogger } from './core/store/secrets/redact.ts';
import { openConfSettingsStore } from './core/store/settings/conf-settings-store.ts';
import { openTransport } from './core/transports/index.ts';

const USAGE = `Usage: ntfy-tray <command> [options]

Commands:
  subscribe   print messages of one or more topics (ntfy-tray subscribe --help)
  history     show stored messages (ntfy-tray history --help)
  login       store a server's password or access token in the OS keychain
  logout      remove them again

  --version   print the version`;

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => ({ id: setTimeout(callback, delayMs) }),
  clearTimeout: (handle: TimerHandle) => {
    clearTimeout(handle.id as NodeJS.Timeout);
  },
};

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

function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => {
      resolve();
    });
    process.once('SIGTERM', () => {
      resolve();
    });
  });
}

function writeStdout(text: string): void {
  process.stdout.write(text);
}

function writeStderr(text: string): void {
  process.stderr.write(text);
}

function createLog(): Logger {
  const debug = process.env['NTFY_TRAY_LOG'] === 'debug';
  return createSecretSafeLogger(
    createConsoleLogger({
      name: 'ntfy-tray',
      write: (level, line) => {
        if (level !== 'debug' || debug) writeStderr(`${level}: ${line}\n`);
      },
    }),
  );
}

function dataDirOf(dataDir: string | undefined): string {
  return dataDir ?? defaultDataDir(process.env, process.platform);
}

function accountIo(log: Logger): AccountIo {
  const input = process.stdin;
  return {
    stdout: writeStdout,
    stderr: writeStderr,
    env: process.env,
    prompt: input.isTTY ? (question) => promptHidden(question, input, writeStderr) : undefined,
    openStores: (dataDir) =>
      Promise.resolve({
        settings: openConfSettingsStore({ dir: dataDirOf(dataDir), log: log.child('settings') }),
        secrets: createKeytarSecretStore({ log: log.child('keychain') }),
      }),
  };
}

async function subscribe(args: readonly string[], log: Logger): Promise<number> {
  const parsed = parseSubscribeArgs(args, process.env);
  if (parsed.ok === 'help') {
    writeStdout(`${SUBSCRIBE_USAGE}\n`);
    return EXIT.ok;
  }
  if (!parsed.ok) {
    writeStderr(`ntfy-tray subscribe: ${parsed.error}\n\n${SUBSCRIBE_USAGE}\n`);
    return EXIT.usage;
  }
  const dataDir = dataDirOf(parsed.value.dataDir);
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
    writeStderr(`ntfy-tray subscribe: ${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof MissingSecretError ? EXIT.auth : EXIT.fatal;
  }
  let notifications: CliNotifications | undefined;
  if (parsed.value.notify) {
    try {
      notifications = await openCliNotifications({ log, clock: systemClock, dataDir });
    } catch (error) {
      writeStderr(`ntfy-tray subscribe --notify: ${error instanceof Error ? error.message : String(error)}\n`);
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
      { ...parsed.value, subscriptions },
      {
        stdout: writeStdout,
        stderr: writeStderr,
        clock: systemClock,
        random: Math.random,
        log,
        openTransport,
        poll: pollOnce,
        checkTopicAccess,
        history,
        stopSignal: stopSignal(),
        ...(notifications === undefined ? {} : { onDelivered: notifications.onDelivered }),
      },
    );
  } finally {
    clearInterval(retentionTimer);
    await history.close();
    await notifications?.close();
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') {
    writeStdout(`${readVersion()}\n`);
    return EXIT.ok;
  }
  if (command === undefined || command === '-h' || command === '--help') {
    (command === undefined ? writeStderr : writeStdout)(`${USAGE}\n`);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  const log = createLog();
  switch (command) {
    case 'subscribe':
      return subscribe(rest, log);
    case 'login':
      return runLogin(rest, accountIo(log));
    case 'logout':
      return runLogout(rest, accountIo(log));
    case 'history':
      return runHistory(rest, {
        stdout: writeStdout,
        stderr: writeStderr,
        openHistory: (dataDir) => SqliteHistoryStore.open({ dataDir: dataDirOf(dataDir) }),
      });
    default:
      writeStderr(`unknown command: ${command}\n${USAGE}\n`);
      return EXIT.usage;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // Open sockets or timers must not keep a finished command alive.
    setImmediate(() => process.exit(code));
  },
  (error: unknown) => {
    writeStderr(`ntfy-tray: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(EXIT.fatal);
  },
);
