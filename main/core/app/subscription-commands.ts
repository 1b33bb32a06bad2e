/**
 * The app runs a subscription's command for each message it receives, as `ntfy-tray subscribe TOPIC COMMAND` does
 * (the same runner and environment: core/commands/message-command.ts). The command comes only from the user's
 * settings (the editor, an imported client.yml), never from a message; the message reaches it only through the
 * environment.
 *
 * Order: one command at a time per subscription, in the order its messages were stored; subscriptions do not wait
 * for each other, and nothing waits for a command — the stream, the history and the popups go on while it runs
 * (unlike the CLI, whose output is the command). So the app runs it at most once per message: a quit while runs
 * wait drops them (logged), and a restart does not run them again.
 *
 * Bounded: at most WAITING_RUNS_BOUND runs wait behind the running one. A message that finds them all taken is
 * stored and shown as any other, but its run is skipped and counted, and the row says so — whatever a server sends,
 * the runs waiting hold at most that many messages.
 *
 * Which messages: those that arrive live or in a catch-up (published while the app was away). Not `history`, the
 * server's cache from before the subscription existed: adding a subscription must not replay hours of commands.
 * None while notifications are paused.
 *
 * Stopping: unsubscribing, changing or clearing the command, pausing notifications and the row's Stop drop the runs
 * waiting and end the running one with everything it started; so does quitting, for every subscription.
 *
 * A failed run (exit code ≠ 0, a signal, could not start) is logged and kept as the subscription's last command
 * failure, with the end of its stderr, for the window to show; the next good run clears it. A run that goes on for
 * LONG_RUN_MS shows on the row with a Stop button.
 */
import type { CommandFailureDto, CommandRunsDto } from '../../../common/ipc.ts';
import type { CommandOutcome, CommandRun } from '../commands/message-command.ts';
import type { DeliveredBatch } from '../delivery/deliver.ts';
import type { Clock, Logger, TimerHandle } from '../ports.ts';
import type { NtfyMessage } from '../protocol/types.ts';
import type { SubscriptionSettings } from '../store/settings/schema.ts';

/** Runs that may wait behind a subscription's running one; more are skipped and counted. */
export const WAITING_RUNS_BOUND = 10;
/** Milliseconds after which a run shows on its row as long, with a way to stop it. */
export const LONG_RUN_MS = 60_000;

export type StartSubscriptionCommand = (command: string, message: NtfyMessage) => CommandRun;

interface SubscriptionCommandsOptions {
  readonly start: StartSubscriptionCommand;
  readonly clock: Clock;
  readonly log: Logger;
  /** Whether notifications are paused now (no runs start meanwhile). */
  readonly paused: () => boolean;
  /** What a subscription's row shows of its command changed (a failure, skipped runs, a long run, cut variables). */
  readonly onChanged: (subscriptionId: string) => void;
}

interface Running {
  readonly run: CommandRun;
  readonly messageId: string;
  readonly startedAt: number;
  readonly timer: TimerHandle;
  long: boolean;
}

/** One subscription's runs for one command. Replaced (and its runs ended) when the command changes. */
interface Lane {
  readonly command: string;
  readonly waiting: NtfyMessage[];
  running?: Running | undefined;
  skipped: number;
  /** The count the window was last told about. */
  toldSkipped: number;
  cut?: CommandRunsDto['cut'];
}

function failureOf(
  outcome: Exclude<CommandOutcome, { ok: true }>,
  message: NtfyMessage,
  at: number,
): CommandFailureDto {
  const base = { messageId: message.id, at };
  if ('startError' in outcome) return { ...base, startError: outcome.startError };
  const tail = outcome.stderrTail === undefined ? {} : { stderrTail: outcome.stderrTail };
  if ('signal' in outcome) return { ...base, signal: outcome.signal, ...tail };
  return { ...base, exitCode: outcome.exitCode, ...tail };
}

export class SubscriptionCommands {
  private readonly lanes = new Map<string, Lane>();
  private readonly failures = new Map<string, CommandFailureDto>();
  private disposed = false;

  private readonly options: SubscriptionCommandsOptions;

  constructor(options: SubscriptionCommandsOptions) {
    this.options = options;
  }

  /**
   * Starts or queues the runs a stored batch asks for. In the app a server and topic name one subscription (saving
   * refuses a second one), so a message belongs to the subscription of its server and topic.
   */
  handle(batch: DeliveredBatch, subscriptions: readonly SubscriptionSettings[]): void {
    if (this.disposed || batch.mode === 'history' || this.options.paused()) return;
    for (const message of batch.messages) {
      for (const subscription of subscriptions) {
        const { command } = subscription;
        if (command === undefined || subscription.server !== batch.server || subscription.topic !== message.topic)
          continue;
        this.enqueue(subscription.id, command, message);
      }
    }
  }

  lastFailure(subscriptionId: string): CommandFailureDto | undefined {
    return this.failures.get(subscriptionId);
  }

  /** What the row shows of the runs (skipped, long, cut); undefined when there is nothing to show. */
  runs(subscriptionId: string): CommandRunsDto | undefined {
    const lane = this.lanes.get(subscriptionId);
    if (lane === undefined) return undefined;
    const { running, skipped, cut } = lane;
    const long = running?.long === true ? { longRun: { messageId: running.messageId, since: running.startedAt } } : {};
    if (skipped === 0 && cut === undefined && long.longRun === undefined) return undefined;
    return { skipped, ...long, ...(cut === undefined ? {} : { cut }) };
  }

  /** The row's Stop: ends the running command and drops the runs waiting; false when none was running. */
  stop(subscriptionId: string): boolean {
    const running = this.lanes.get(subscriptionId)?.running !== undefined;
    if (running) this.cancel(subscriptionId, 'stopped');
    return running;
  }

  /** After every settings change: a removed subscription or a changed (or cleared) command stops its runs. */
  settingsChanged(subscriptions: readonly SubscriptionSettings[]): void {
    for (const [id, lane] of [...this.lanes]) {
      const now = subscriptions.find((subscription) => subscription.id === id);
      if (now === undefined) this.cancel(id, 'unsubscribed');
      else if (now.command !== lane.command) this.cancel(id, 'command changed');
    }
    for (const id of [...this.failures.keys()]) {
      if (!subscriptions.some((subscription) => subscription.id === id && subscription.command !== undefined))
        this.failures.delete(id);
    }
  }

  /** Notifications were paused: every subscription's runs stop. */
  pauseStarted(): void {
    for (const id of [...this.lanes.keys()]) this.cancel(id, 'notifications paused');
  }

  /** Quitting: the runs waiting are dropped and the running ones ended. */
  dispose(): void {
    this.disposed = true;
    const waiting = [...this.lanes.values()].reduce((sum, lane) => sum + lane.waiting.length, 0);
    if (waiting > 0) this.options.log.log('warn', 'quitting: queued commands not run', { count: waiting });
    for (const id of [...this.lanes.keys()]) this.cancel(id, 'quitting');
  }

  private enqueue(subscriptionId: string, command: string, message: NtfyMessage): void {
    let lane = this.lanes.get(subscriptionId);
    if (lane !== undefined && lane.command !== command) {
      this.cancel(subscriptionId, 'command changed');
      lane = undefined;
    }
    if (lane === undefined) {
      lane = { command, waiting: [], skipped: 0, toldSkipped: 0 };
      this.lanes.set(subscriptionId, lane);
    }
    if (lane.running === undefined) this.startRun(subscriptionId, lane, message);
    else if (lane.waiting.length < WAITING_RUNS_BOUND) lane.waiting.push(message);
    else {
      lane.skipped += 1;
      // The first skip shows at once; the count then follows each run's end (not one refresh per message).
      if (lane.toldSkipped === 0) this.changed(subscriptionId, lane);
    }
  }

  private startRun(subscriptionId: string, lane: Lane, message: NtfyMessage): void {
    const { clock, log } = this.options;
    const run = this.options.start(lane.command, message);
    const running: Running = {
      run,
      messageId: message.id,
      startedAt: clock.now(),
      long: false,
      timer: clock.setTimeout(() => {
        running.long = true;
        this.changed(subscriptionId, lane);
      }, LONG_RUN_MS),
    };
    lane.running = running;
    const hadCut = lane.cut !== undefined;
    lane.cut = run.cutVariables.length === 0 ? undefined : { messageId: message.id, variables: run.cutVariables };
    if (lane.cut !== undefined)
      log.log('warn', 'subscription command: variables cut to fit', { subscriptionId, ...lane.cut });
    if (hadCut || lane.cut !== undefined) this.changed(subscriptionId, lane);
    run.done
      .then((outcome) => {
        this.finished(subscriptionId, lane, message, outcome);
      })
      .catch((error: unknown) => {
        log.log('error', 'could not run a subscription command', { subscriptionId, error: String(error) });
      });
  }

  private finished(subscriptionId: string, lane: Lane, message: NtfyMessage, outcome: CommandOutcome): void {
    const { running } = lane;
    if (running !== undefined) this.options.clock.clearTimeout(running.timer);
    lane.running = undefined;
    // A lane that was cancelled (or replaced) records nothing and starts nothing more.
    if (this.lanes.get(subscriptionId) !== lane) return;
    this.record(subscriptionId, message, outcome);
    if (running?.long === true || lane.skipped !== lane.toldSkipped) this.changed(subscriptionId, lane);
    const next = lane.waiting.shift();
    if (next !== undefined) this.startRun(subscriptionId, lane, next);
    else if (lane.skipped === 0 && lane.cut === undefined) this.lanes.delete(subscriptionId);
  }

  private cancel(subscriptionId: string, why: string): void {
    const lane = this.lanes.get(subscriptionId);
    if (lane === undefined) return;
    this.lanes.delete(subscriptionId);
    const dropped = lane.waiting.splice(0).length;
    if (lane.running !== undefined) {
      this.options.clock.clearTimeout(lane.running.timer);
      lane.running.run.end();
    }
    if (lane.running !== undefined || dropped > 0)
      this.options.log.log('info', 'subscription command stopped', { subscriptionId, why, dropped });
    if (why !== 'stopped') this.failures.delete(subscriptionId);
    this.options.onChanged(subscriptionId);
  }

  private changed(subscriptionId: string, lane: Lane): void {
    lane.toldSkipped = lane.skipped;
    this.options.onChanged(subscriptionId);
  }

  private record(subscriptionId: string, message: NtfyMessage, outcome: CommandOutcome): void {
    if (outcome.ok) {
      if (this.failures.delete(subscriptionId)) this.options.onChanged(subscriptionId);
      return;
    }
    const failure = failureOf(outcome, message, this.options.clock.now());
    this.failures.set(subscriptionId, failure);
    // Never the message text: it came from a stranger. The stderr is the user's own command's.
    this.options.log.log('warn', 'subscription command failed', { subscriptionId, ...failure });
    this.options.onChanged(subscriptionId);
  }
}
