/**
 * The `ntfy-tray` command as a function: routes the arguments to a command with Node's adapters and answers the
 * exit code once stdout has been flushed. main/cli.ts runs it with the process's own streams, environment and
 * signals; tests run it in-process with their own (test/support/cli-in-process.ts), so argument parsing, usage
 * texts and wording need no process per case. `subscribe` is wired in cli-subscribe.ts, a run's host, logger and
 * writers are cli-host.ts, and where the commands find the app's data is cli-data-dir.ts.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { errorMessage } from '../common/error-message.ts';
import { t } from '../common/i18n/translate.ts';
import { accountIo, dataDirOf, openHistory, readSubscriptions } from './cli-data-dir.ts';
import { type CliHost, createRun, reportOutputError, type Run, stdoutWriter, terminalPrompt } from './cli-host.ts';
import { runCliSubscribe } from './cli-subscribe.ts';
import {
  type ClientConfigLoad,
  ignoredFieldWarnings,
  loadClientConfig,
} from './core/client-config/client-config-file.ts';
import { helpText, mainUsage, unknownCommand } from './core/cli/help.ts';
import { runHistory } from './core/cli/history-command.ts';
import { LOG_FLAGS, readLogChoice } from './core/cli/log-flags.ts';
import { canonicalValues, parseArgsOptions } from './core/cli/ntfy-flags.ts';
import { OutputClosedError, type OutputSink } from './core/cli/output-sink.ts';
import { parseOptions } from './core/cli/parse-options.ts';
import { runLogin, runLogout } from './core/cli/login-command.ts';
import { runPublish } from './core/cli/publish-command.ts';
import { createNodePublishIo } from './core/cli/publish-io.ts';
import { createStreamSink, pendingBytes } from './core/cli/stream-sink.ts';
import { EXIT } from './core/cli/subscribe-command.ts';
import { usageError } from './core/cli/usage-error.ts';
import { clientConfigCandidates } from './core/client-config/config-path.ts';

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
