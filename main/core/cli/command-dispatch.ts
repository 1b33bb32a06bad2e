/**
 * Where each delivered message of `subscribe` goes: to the command of its subscription (ntfy's
 * `ntfy sub TOPIC COMMAND`, or a `command:` in client.yml), else to stdout as a line.
 *
 * Commands run one at a time, in the order the messages arrived (ntfy's CLI runs them one after another from one
 * loop). A message counts as delivered once its command has finished, whatever its exit status — ntfy logs a
 * failure and goes on, and so do we: the stream never stops for it, and it is not run again. The commit (history,
 * resume point) waits for that end, so a crash or a stop while a command runs runs it once more after a restart:
 * at least once, never skipped — the same promise the printed lines keep.
 */
import type { NtfyMessage, NtfyMessageChange } from '../protocol/types.ts';
import type { SinceValue } from '../protocol/since.ts';
import { groupSubscriptions } from '../engine/groups.ts';
import type { CommandOutcome, CommandRun } from '../commands/message-command.ts';
import type { PlannedSubscription } from '../client-config/client-config-plan.ts';
import { t } from '../../../common/i18n/translate.ts';

export type RunCommand = (command: string, message: NtfyMessage) => Pick<CommandRun, 'done' | 'cutVariables'>;

/**
 * Thrown instead of starting a command once the CLI was asked to stop: the batch is not committed, so its messages
 * run after the next start (at least once, never skipped).
 */
export class StoppedBeforeRunError extends Error {
  constructor() {
    super('stopping: no more commands start');
    this.name = 'StoppedBeforeRunError';
  }
}

interface CommandEntry {
  /** The key of the connection the subscription joins (groups.ts); a split group's parts add ` part <bits>`. */
  readonly groupKey: string;
  readonly topic: string;
  readonly command: string;
}

/** Which commands the messages of a topic on a connection run (none: they are printed). */
export interface CommandTable {
  readonly isEmpty: boolean;
  commandsFor(groupKey: string, topic: string): readonly string[];
}

export function commandTable(
  subscriptions: readonly PlannedSubscription[],
  options: { readonly initialSince: SinceValue },
): CommandTable {
  const entries: CommandEntry[] = [];
  for (const subscription of subscriptions) {
    if (subscription.command === undefined) continue;
    const [spec] = groupSubscriptions([subscription], options);
    if (spec === undefined) continue;
    const entry = { groupKey: spec.key, topic: subscription.topic, command: subscription.command };
    // Two client.yml entries alike in all but nothing run their command once, as one subscription.
    if (!entries.some((known) => JSON.stringify(known) === JSON.stringify(entry))) entries.push(entry);
  }
  return {
    isEmpty: entries.length === 0,
    commandsFor: (groupKey, topic) =>
      entries
        .filter(
          (entry) =>
            entry.topic === topic && (groupKey === entry.groupKey || groupKey.startsWith(`${entry.groupKey} part `)),
        )
        .map((entry) => entry.command),
  };
}

function outcomeReason(outcome: Exclude<CommandOutcome, { ok: true }>): string {
  if ('exitCode' in outcome) return t('cli.command.exit-code', { code: outcome.exitCode });
  if ('signal' in outcome) return t('cli.command.signal', { signal: outcome.signal });
  return t('cli.command.not-started', { reason: outcome.startError });
}

interface DispatchIo {
  /** Rejects when the reader of stdout has gone (OutputClosedError). */
  readonly write: (text: string) => Promise<void>;
  readonly stderr: (text: string) => void;
  readonly runCommand: RunCommand;
  /** True once the CLI was asked to stop: no command starts any more. */
  readonly stopping: () => boolean;
  readonly formatMessage: (message: NtfyMessage) => string;
  readonly formatChange: (change: NtfyMessageChange) => string;
}

/** Runs one command for one message, saying on stderr what was cut to fit and how a failed run ended. */
async function runOne(command: string, message: NtfyMessage, server: string, io: DispatchIo): Promise<void> {
  if (io.stopping()) throw new StoppedBeforeRunError();
  const run = io.runCommand(command, message);
  // Never the message text: it came from a stranger and may hold anything.
  const where = `${server}/${message.topic}`;
  if (run.cutVariables.length > 0) {
    const variables = run.cutVariables.map((name) => `$${name}`).join(', ');
    io.stderr(`${t('cli.command.cut', { where, id: message.id, variables })}\n`);
  }
  const outcome = await run.done;
  if (!outcome.ok) io.stderr(`${t('cli.command.failed', { where, id: message.id, reason: outcomeReason(outcome) })}\n`);
}

interface DispatchItems {
  readonly groupKey: string;
  readonly server: string;
  readonly messages: readonly NtfyMessage[];
  readonly changes: readonly NtfyMessageChange[];
}

/**
 * Prints what has no command and runs the commands of the rest, in arrival order; resolves once all of it is
 * written or run. Deletes and clears of a topic with a command are not printed (ntfy runs commands for messages
 * only and prints nothing else).
 */
export async function dispatchItems(table: CommandTable, items: DispatchItems, io: DispatchIo): Promise<void> {
  let pending = '';
  for (const message of items.messages) {
    const commands = table.commandsFor(items.groupKey, message.topic);
    if (commands.length === 0) {
      pending += io.formatMessage(message);
      continue;
    }
    if (pending !== '') await io.write(pending);
    pending = '';
    for (const command of commands) await runOne(command, message, items.server, io);
  }
  for (const change of items.changes) {
    if (table.commandsFor(items.groupKey, change.topic).length === 0) pending += io.formatChange(change);
  }
  if (pending !== '') await io.write(pending);
}
