/**
 * The `ntfy-tray` command as a function: routes the arguments to a command with Node's adapters and answers the
 * exit code once stdout has been flushed. main/cli.ts runs it with the process's own streams, environment and
 * signals; tests run it in-process with their own (test/support/cli-in-process.ts), so argument parsing, usage
 * texts and wording need no process per case. `subscribe` is wired in cli-subscribe.ts.
 */
import { visibleControlsKeepingLines } from './core/cli/terminal-text.ts';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type ClientConfigLoad,
  ignoredFieldWarnings,
  loadClientConfig,
} from './core/client-config/client-config-file.ts';
import { LOG_FLAGS, type LogChoice, levelsFrom, readLogChoice } from './core/cli/log-flags.ts';
import { canonicalValues, parseArgsOptions } from './core/cli/ntfy-flags.ts';
import { parseOptions } from './core/cli/parse-options.ts';
import { clientConfigCandidates } from './core/client-config/config-path.ts';
import { runCliSubscribe } from './cli-subscribe.ts';
import { checkCredentials } from './core/cli/credential-check.ts';
import { configuredDefaultServer } from './core/cli/default-server.ts';
import { helpText, mainUsage, unknownCommand } from './core/cli/help.ts';
import { type NamedSubscription, runHistory } from './core/cli/history-command.ts';
import { type AccountIo, runLogin, runLogout } from './core/cli/login-command.ts';
import { OutputClosedError, type OutputSink } from './core/cli/output-sink.ts';
import { type PromptResult, promptHidden } from './core/cli/prompt.ts';
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
import { t } from '../common/i18n/translate.ts';

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
interface Run {
  readonly host: CliHost;
  readonly log: Logger;
  readonly knownSecrets: Set<string>;
  /** Every stderr line of the CLI: it may quote a server or a message, so control characters become visible. */
  readonly writeStderr: (text: string) => void;
  /** ntfy's logging options (log-flags.ts): which levels show, and a file instead of stderr. */
  readonly setLog: (choice: LogChoice) => void;
}

/** For fire-and-forget writers (history, login): a reader that went away is handled by `sink.closed`. */
function reportOutputError(run: Run, error: unknown): void {
  if (error instanceof OutputClosedError) return; // the reader's choice, e.g. `| head -1`: stop quietly
  run.writeStderr(`${t('cli.run.stdout-failed', { reason: errorMessage(error) })}\n`);
}

/** A `(text) => void` writer over the sink; the final flush waits for what it wrote. */
function stdoutWriter(run: Run, sink: OutputSink): (text: string) => void {
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

function createRun(host: CliHost): Run {
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

/**
 * ntfy's client.yml for `publish` and `subscribe`: the given file, else ntfy's default path ($HOME as Go's
 * os.UserConfigDir reads it). Keys ntfy ignores are ignored here too, each with a warning on stderr.
 */
function clientConfigLoader(run: Run): (given: string | undefined) => ClientConfigLoad {
  const { host } = run;
  return (given) => {
    const home = host.env['HOME'];
    const candidates = clientConfigCandidates({
      platform: host.platform,
      env: host.env,
      homeDir: home === undefined || home === '' ? host.homeDir : home,
      uid: process.getuid?.(),
    });
    const load = loadClientConfig(given, candidates);
    if (load.kind === 'ok') {
      for (const line of ignoredFieldWarnings(load.path, load.config)) run.writeStderr(`${line}\n`);
    }
    return load;
  };
}

/** `-u alice` on a terminal asks for the password (ntfy's `Enter Password: `); off a terminal nothing asks. */
function terminalPrompt(run: Run): ((question: string) => Promise<PromptResult>) | undefined {
  const input = run.host.stdin;
  return input.isTTY ? (question) => promptHidden(question, input, run.writeStderr) : undefined;
}

/**
 * ntfy's global options before the command (`ntfy --debug pub …`, cmd/app.go) and their variables (NTFY_DEBUG …);
 * answers the arguments from the command on, or a usage error.
 */
function readGlobalOptions(
  argv: readonly string[],
  run: Run,
): { ok: true; rest: string[] } | { ok: false; error: string } {
  const options = parseArgsOptions(LOG_FLAGS);
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const command = tokens.find((token) => token.kind === 'positional');
  const leading = argv.slice(0, command?.index ?? 0);
  const onlyLogFlags = tokens.every(
    (token) => token.index >= (command?.index ?? 0) || (token.kind === 'option' && token.name in options),
  );
  if (leading.length === 0 || !onlyLogFlags) {
    const values = canonicalValues(LOG_FLAGS, {}, run.host.env);
    if (values.ok) run.setLog(readLogChoice(values.value));
    return { ok: true, rest: [...argv] };
  }
  const parsed = parseOptions({ args: [...leading], options, strict: true, allowPositionals: false });
  if (!parsed.ok) return parsed;
  const values = canonicalValues(LOG_FLAGS, parsed.value.values, run.host.env);
  if (!values.ok) return values;
  run.setLog(readLogChoice(values.value));
  return { ok: true, rest: argv.slice(leading.length) };
}

function dataDirOf(host: CliHost, dataDir: string | undefined): string {
  // The app's folder too (main/core/store/data-dir.ts): history shows what the app received.
  return dataDir ?? defaultDataDir({ env: host.env, platform: host.platform, homeDir: host.homeDir });
}

function accountIo(run: Run, sink: OutputSink): AccountIo {
  const { host, log, writeStderr } = run;
  const input = host.stdin;
  return {
    stdout: stdoutWriter(run, sink),
    stderr: writeStderr,
    env: host.env,
    prompt: input.isTTY ? (question) => promptHidden(question, input, writeStderr) : undefined,
    openStores: (dataDir) => {
      const dir = dataDirOf(host, dataDir);
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
    defaultServerOf: (dataDir) => configuredDefaultServer(dataDirOf(host, dataDir)),
    addSecret: (secret) => run.knownSecrets.add(secret),
  };
}

/** The history of a data dir that exists; a missing folder is a typo, never a reason to create an empty one. */
function openHistory(
  host: CliHost,
  dataDir: string | undefined,
  options: { readonly readOnly: true },
): Promise<SqliteHistoryStore> {
  const dir = dataDirOf(host, dataDir);
  if (!existsSync(dir)) return Promise.reject(new Error(t('cli.run.no-data', { dir })));
  return SqliteHistoryStore.open({ dataDir: dir, ...options });
}

/**
 * The app's subscriptions in a data dir, read without writing (history only reads; a newer version's file gives
 * the subscriptions this version can read); none when unreadable.
 */
function readSubscriptions(host: CliHost, dataDir: string | undefined): readonly NamedSubscription[] {
  const contents = readSettingsFile(settingsFilePath(dataDirOf(host, dataDir)));
  return (contents.exists ? usableSettings(contents.parsed)?.subscriptions : undefined) ?? [];
}

async function main(argv: readonly string[], run: Run, sink: OutputSink): Promise<number> {
  const { host, log, writeStderr } = run;
  const addSecret = (secret: string): void => {
    run.knownSecrets.add(secret);
  };
  const global = readGlobalOptions(argv, run);
  if (!global.ok) {
    writeStderr(usageError(undefined, global.error));
    return EXIT.usage;
  }
  const [command, ...rest] = global.rest;
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
        env: host.env,
        pid: host.pid,
        dataDirOf: (given) => dataDirOf(host, given),
        stopSignal: () => host.stopSignal(log),
        addSecret,
        clientConfig: clientConfigLoader(run),
        prompt: terminalPrompt(run),
        setLog: run.setLog,
      });
    case 'login':
      return runLogin(rest, accountIo(run, sink));
    case 'logout':
      return runLogout(rest, accountIo(run, sink));
    case 'publish':
    case 'pub': // ntfy's own aliases (cmd/publish.go)
    case 'send':
    case 'trigger':
      return runPublish(
        rest,
        createNodePublishIo({
          log,
          stdout: stdoutWriter(run, sink),
          stderr: writeStderr,
          env: host.env,
          stdin: host.stdin,
          dataDirOf: (given) => dataDirOf(host, given),
          addSecret,
          clientConfig: clientConfigLoader(run),
          prompt: terminalPrompt(run),
          setLog: run.setLog,
        }),
      );
    case 'history':
      return runHistory(rest, {
        stdout: stdoutWriter(run, sink),
        stderr: writeStderr,
        openHistory: (dataDir, options) => openHistory(host, dataDir, options),
        readSubscriptions: (dataDir) => readSubscriptions(host, dataDir),
      });
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

/**
 * Runs `ntfy-tray <argv>`, then waits until stdout has handed everything to its reader (or the reader has gone), and
 * answers the exit code (EXIT). The language is the caller's to set first (setLocale), from the environment.
 */
export async function runCli(argv: readonly string[], host: CliHost): Promise<number> {
  const run = createRun(host);
  const { log, writeStderr } = run;
  // Created first: it installs stdout's 'error' listener, so a broken pipe never becomes an uncaught EPIPE.
  const sink = createStreamSink(host.stdout);
  let code: number;
  try {
    code = await main(argv, run, sink);
  } catch (error) {
    if (error instanceof OutputClosedError) {
      code = EXIT.ok; // the reader's choice (`| head -1`), not a failure of the command
    } else {
      writeStderr(`${t('cli.run.failed', { name: 'ntfy-tray', problem: errorMessage(error) })}\n`);
      code = EXIT.fatal;
    }
  }
  const backlog = pendingBytes(host.stdout);
  if (backlog > 0) {
    void host.stopSignal(log); // from here a first signal keeps waiting for the reader, a second one exits
    log.log('debug', 'waiting for the reader of stdout', { bytes: backlog });
  }
  try {
    await sink.flush();
  } catch (error) {
    reportOutputError(run, error);
    return EXIT.fatal;
  }
  return code;
}
