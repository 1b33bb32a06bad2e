/**
 * `ntfy-tray subscribe` wired for the headless CLI: reads the stored credentials, takes the run's subscriber slot
 * in the data dir (beside the app and other runs: main/core/cli/run-subscriber.ts), opens the history as it, the
 * optional desktop notifications and the retention timer, and hands them to runSubscribe with Node's real clock,
 * transports and randomness. main/cli.ts only routes commands here.
 */
import { type CliNotifications, openCliNotifications } from './cli-notifications.ts';
import { runSecrets } from './core/cli/credential-args.ts';
import { takeRunSubscriber } from './core/cli/run-subscriber.ts';
import { configuredDefaultServer } from './core/cli/default-server.ts';
import type { OutputSink } from './core/cli/output-sink.ts';
import { applyStoredCredentials } from './core/cli/stored-credentials.ts';
import { parseSubscribeArgs, type SubscribePlan, subscribeUsage } from './core/cli/subscribe-args.ts';
import { EXIT, runSubscribe } from './core/cli/subscribe-command.ts';
import { usageError } from './core/cli/usage-error.ts';
import { createCommandRunner, endRunsAtExit } from './core/commands/message-command.ts';
import type { ClientConfigLoad } from './core/client-config/client-config-file.ts';
import type { LogChoice } from './core/cli/log-flags.ts';
import { askPassword, type PublishIo } from './core/cli/publish-command.ts';
import type { PlannedSubscription } from './core/client-config/client-config-plan.ts';
import { demoteToDebug } from './core/cli/quiet-log.ts';
import { checkTopicAccess, pollOnce } from './core/engine/http-requests.ts';
import { systemClock } from '../common/clock.ts';
import type { Logger } from './core/ports.ts';
import { SqliteHistoryStore } from './core/store/history/index.ts';
import { APP_SUBSCRIBER, type Subscriber } from './core/store/subscriber.ts';
import { importCursorFile } from './core/store/import-cursor-file.ts';
import { createEnvSecretSource, firstSecretSource } from './core/store/secrets/env-secret-source.ts';
import { MissingSecretError } from './core/store/secrets/errors.ts';
import { createKeytarSecretStore } from './core/store/secrets/keytar-secret-store.ts';
import { readConfSettings } from './core/store/settings/conf-settings-store.ts';
import type { SettingsReader } from './core/store/settings/settings-store.ts';
import { openTransport } from './core/transports/index.ts';
import { errorMessage } from '../common/error-message.ts';
import { t } from '../common/i18n/translate.ts';

/** Milliseconds between two retention passes of a long-running subscribe. */
const RETENTION_INTERVAL_MS = 3_600_000;

/** Milliseconds a running command may still take after the first stop signal before its process tree is ended. */
const STOP_GRACE_MS = 5_000;

/** The grace after a stop signal: NTFY_TRAY_STOP_GRACE_MS (0 to 600,000 ms) when set and valid, else STOP_GRACE_MS. */
function stopGraceMs(env: NodeJS.ProcessEnv): number {
  const given = env['NTFY_TRAY_STOP_GRACE_MS'];
  const value = given === undefined || !/^\d{1,6}$/.test(given) ? Number.NaN : Number(given);
  return value <= 600_000 ? value : STOP_GRACE_MS;
}

interface CliSubscribeOptions {
  readonly log: Logger;
  /** stdout; the caller flushes it after the command returns. */
  readonly output: OutputSink;
  readonly stderr: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
  /** Recorded in the run's slot lock file. */
  readonly pid: number;
  /** The data dir to use: --data-dir when given, else the default one the app uses too. */
  readonly dataDirOf: (given: string | undefined) => string;
  /** Resolves on the first SIGINT/SIGTERM; called only once a subscription is about to run. */
  readonly stopSignal: () => Promise<void>;
  /** Told each password and token of this run, so that the logger hides them. */
  readonly addSecret: (secret: string) => void;
  /** ntfy's client.yml of this run (`-c/--config`, else ntfy's default path); warns about keys it ignores. */
  readonly clientConfig: (given: string | undefined) => ClientConfigLoad;
  /** Asks for a hidden secret on the terminal (`-u alice`); undefined when stdin is no terminal. */
  readonly prompt?: PublishIo['prompt'];
  /** Applies ntfy's logging options of this run. */
  readonly setLog?: (choice: LogChoice) => void;
}

/** Runs `ntfy-tray subscribe <args>` and answers its exit code (EXIT). */
export async function runCliSubscribe(args: readonly string[], options: CliSubscribeOptions): Promise<number> {
  const { log, stderr } = options;
  const parsed = parseSubscribeArgs(args, options.env, {
    defaultServerOf: (given) => configuredDefaultServer(options.dataDirOf(given)),
    // Typed boolean, but undefined when stdout is a pipe or a file.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-boolean-literal-compare
    stdoutIsTerminal: process.stdout.isTTY === true,
    clientConfig: options.clientConfig,
  });
  if (parsed.ok === 'help') {
    await options.output.write(`${subscribeUsage()}\n`);
    return EXIT.ok;
  }
  if (!parsed.ok) {
    stderr(usageError('subscribe', parsed.error));
    return EXIT.usage;
  }
  options.setLog?.(parsed.value.log);
  const dataDir = options.dataDirOf(parsed.value.dataDir);
  // subscribe only reads the settings (servers, retention): read-only, so it never creates, rewrites or moves aside
  // the file, whichever version wrote it.
  const settings = readConfSettings({ dir: dataDir, log: log.child('settings') });
  let subscriptions;
  try {
    subscriptions = await applyStoredCredentials(await askPasswords(parsed.value.subscriptions, options), {
      servers: settings.get().servers,
      secrets: firstSecretSource([
        createEnvSecretSource(options.env),
        // Its failure is printed below as one line; the log line would say it a second time.
        createKeytarSecretStore({ log: demoteToDebug(log.child('keychain')) }),
      ]),
    });
  } catch (error) {
    stderr(`${t('cli.run.failed', { name: 'ntfy-tray subscribe', problem: errorMessage(error) })}\n`);
    return error instanceof MissingSecretError ? EXIT.auth : EXIT.fatal;
  }
  for (const secret of runSecrets(subscriptions, options.env)) options.addSecret(secret);
  const plan = { ...parsed.value, subscriptions };
  // --poll stores nothing and needs no subscriber of its own. A live run takes its slot: it never waits for, or is
  // refused because of, the app or another run (README, "Data folder").
  if (plan.poll) return await subscribeAs(APP_SUBSCRIBER, plan, dataDir, settings, options);
  const run = takeRunSubscriber(dataDir, subscriptions, options.pid);
  if (!run.ok) {
    stderr(`${t('cli.run.failed', { name: 'ntfy-tray subscribe', problem: run.error })}\n`);
    return EXIT.fatal;
  }
  try {
    return await subscribeAs(run.subscriber, plan, dataDir, settings, options);
  } finally {
    run.release();
  }
}

/** `-u alice` on a terminal: one `Enter Password: ` prompt, as ntfy asks (the same user for every topic given). */
async function askPasswords(
  subscriptions: readonly PlannedSubscription[],
  options: CliSubscribeOptions,
): Promise<PlannedSubscription[]> {
  const asked = new Map<string, Awaited<ReturnType<typeof askPassword>>>();
  const result: PlannedSubscription[] = [];
  for (const subscription of subscriptions) {
    const credentials = subscription.credentials ?? { kind: 'none' };
    const key = JSON.stringify(credentials);
    const answer = asked.get(key) ?? (await askPassword(credentials, options));
    asked.set(key, answer);
    if (!answer.ok) throw new Error(answer.problem);
    result.push({ ...subscription, credentials: answer.value });
  }
  return result;
}

async function subscribeAs(
  subscriber: Subscriber,
  plan: SubscribePlan,
  dataDir: string,
  settings: SettingsReader,
  options: CliSubscribeOptions,
): Promise<number> {
  const { log } = options;
  let notifications: CliNotifications | undefined;
  if (plan.notify) {
    try {
      notifications = await openCliNotifications({ log, clock: systemClock, dataDir });
    } catch (error) {
      options.stderr(`${t('cli.subscribe.notify-failed', { reason: errorMessage(error) })}\n`);
      return EXIT.fatal;
    }
  }
  const history = await SqliteHistoryStore.open({ dataDir, subscriber });
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
  const retentionTimer = setInterval(retention, RETENTION_INTERVAL_MS);
  retentionTimer.unref();
  // Commands run in process groups of their own (a terminal's Ctrl-C does not reach them). The first stop signal
  // starts no new run (runSubscribe) and gives the running one the grace, then ends its tree; a second signal exits
  // at once (main/cli.ts), and the exit ends every tree still there.
  const runner = createCommandRunner({ env: options.env, platform: process.platform });
  const stopEndingRunsAtExit = endRunsAtExit(runner);
  const stopSignal = options.stopSignal();
  let graceTimer: NodeJS.Timeout | undefined;
  void stopSignal.then(() => {
    const graceMs = stopGraceMs(options.env);
    if (runner.running() > 0) {
      options.stderr(`${t('cli.command.stopping', { seconds: Math.ceil(graceMs / 1000) })}\n`);
    }
    graceTimer = setTimeout(() => {
      runner.endAll();
    }, graceMs);
    graceTimer.unref();
  });
  try {
    await importCursorFile({ dataDir, history, log });
    return await runSubscribe(plan, {
      output: options.output,
      stderr: options.stderr,
      clock: systemClock,
      random: Math.random,
      log,
      openTransport,
      poll: pollOnce,
      checkTopicAccess,
      history,
      // A reader that went away (`| head -1`) ends it too: runSubscribe watches `output.closed` itself.
      stopSignal,
      ...(notifications === undefined ? {} : { onDelivered: notifications.onDelivered }),
      runCommand: (command, message) => runner.start(command, message),
    });
  } finally {
    clearTimeout(graceTimer);
    runner.endAll();
    stopEndingRunsAtExit();
    clearInterval(retentionTimer);
    await history.close();
    await notifications?.close();
  }
}
