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
 * Which messages: those that arrive live or in a catch-up (published while the app was away). Not `history`, the
 * server's cache from before the subscription existed: adding a subscription must not replay hours of commands.
 *
 * A failed run (exit code ≠ 0, a signal, could not start) is logged and kept as the subscription's last command
 * failure, with the end of its stderr, for the window to show; the next good run clears it.
 */
import type { CommandFailureDto } from '../../../common/ipc.ts';
import type { CommandOutcome } from '../commands/message-command.ts';
import type { DeliveredBatch } from '../delivery/deliver.ts';
import type { Clock, Logger } from '../ports.ts';
import type { NtfyMessage } from '../protocol/types.ts';
import type { SubscriptionSettings } from '../store/settings/schema.ts';

export type RunSubscriptionCommand = (command: string, message: NtfyMessage) => Promise<CommandOutcome>;

export interface SubscriptionCommandsOptions {
  readonly run: RunSubscriptionCommand;
  readonly clock: Clock;
  readonly log: Logger;
  /** A subscription's last failure was set or cleared. */
  readonly onFailureChanged: (subscriptionId: string) => void;
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
  /** Per subscription id: the end of its queue of runs. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly failures = new Map<string, CommandFailureDto>();
  private waiting = 0;
  private disposed = false;

  private readonly options: SubscriptionCommandsOptions;

  constructor(options: SubscriptionCommandsOptions) {
    this.options = options;
  }

  /**
   * Queues the runs a stored batch asks for. In the app a server and topic name one subscription (saving refuses a
   * second one), so a message belongs to the subscription of its server and topic.
   */
  handle(batch: DeliveredBatch, subscriptions: readonly SubscriptionSettings[]): void {
    if (this.disposed || batch.mode === 'history') return;
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

  /** Runs already started finish on their own; those still waiting are dropped. */
  dispose(): void {
    this.disposed = true;
    if (this.waiting > 0) this.options.log.log('warn', 'quitting: queued commands not run', { count: this.waiting });
  }

  private enqueue(subscriptionId: string, command: string, message: NtfyMessage): void {
    this.waiting += 1;
    const previous = this.queues.get(subscriptionId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        this.waiting -= 1;
        if (this.disposed) return;
        const outcome = await this.options.run(command, message);
        this.record(subscriptionId, message, outcome);
      })
      .catch((error: unknown) => {
        this.options.log.log('error', 'could not run a subscription command', { subscriptionId, error: String(error) });
      });
    this.queues.set(subscriptionId, next);
    // The queue forgets a subscription once its last run ended (a removed one leaves nothing behind).
    void next.then(() => {
      if (this.queues.get(subscriptionId) === next) this.queues.delete(subscriptionId);
    });
  }

  private record(subscriptionId: string, message: NtfyMessage, outcome: CommandOutcome): void {
    if (outcome.ok) {
      if (this.failures.delete(subscriptionId)) this.options.onFailureChanged(subscriptionId);
      return;
    }
    const failure = failureOf(outcome, message, this.options.clock.now());
    this.failures.set(subscriptionId, failure);
    // Never the message text: it came from a stranger. The stderr is the user's own command's.
    this.options.log.log('warn', 'subscription command failed', { subscriptionId, ...failure });
    this.options.onFailureChanged(subscriptionId);
  }
}
