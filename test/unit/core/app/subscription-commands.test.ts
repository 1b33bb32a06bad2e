import { describe, expect, it } from 'vitest';
import { SubscriptionCommands } from '../../../../main/core/app/subscription-commands.ts';
import type { CommandOutcome } from '../../../../main/core/commands/message-command.ts';
import type { DeliveredBatch, DeliveryMode } from '../../../../main/core/delivery/deliver.ts';
import type { NtfyMessage } from '../../../../main/core/protocol/types.ts';
import type { SubscriptionSettings } from '../../../../main/core/store/settings/schema.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { makeMessage } from '../../../support/messages.ts';

const SERVER = 'https://ntfy.example.com';

function subscription(id: string, topic: string, command?: string): SubscriptionSettings {
  return {
    id,
    server: SERVER,
    topic,
    transport: 'json',
    filters: {},
    muted: false,
    minPriority: 1,
    ...(command === undefined ? {} : { command }),
  };
}

function batch(messages: NtfyMessage[], mode: DeliveryMode = 'live'): DeliveredBatch {
  return { groupKey: 'g', server: SERVER, mode, messages, changes: [] };
}

/** A run the test ends by hand: which command for which message, and how to finish it. */
interface PendingRun {
  readonly command: string;
  readonly messageId: string;
  finish(outcome: CommandOutcome): void;
}

function setUp() {
  const runs: PendingRun[] = [];
  const changed: string[] = [];
  const log = createRecordingLogger();
  const commands = new SubscriptionCommands({
    run: (command, message) =>
      new Promise((resolve) => {
        runs.push({ command, messageId: message.id, finish: resolve });
      }),
    clock: new ManualClock(1_000),
    log,
    onFailureChanged: (id) => {
      changed.push(id);
    },
  });
  /** Lets queued promise reactions run (no timers: only microtasks and one macrotask turn). */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return { runs, changed, log, commands, settle };
}

describe('SubscriptionCommands', () => {
  it("runs one command at a time per subscription, in the messages' order, without holding up another subscription", async () => {
    const { runs, commands, settle } = setUp();
    const subscriptions = [subscription('a', 'alerts', 'cmd-a'), subscription('b', 'backups', 'cmd-b')];
    commands.handle(
      batch([
        makeMessage({ id: 'a1', topic: 'alerts' }),
        makeMessage({ id: 'a2', topic: 'alerts' }),
        makeMessage({ id: 'b1', topic: 'backups' }),
      ]),
      subscriptions,
    );
    commands.handle(batch([makeMessage({ id: 'a3', topic: 'alerts' })]), subscriptions);
    await settle();
    // a2 waits for a1; b1 does not wait for anything of a's.
    expect(runs.map((run) => run.messageId)).toEqual(['a1', 'b1']);
    runs[0]?.finish({ ok: true });
    await settle();
    expect(runs.map((run) => run.messageId)).toEqual(['a1', 'b1', 'a2']);
    runs[2]?.finish({ ok: true });
    await settle();
    expect(runs.map((run) => `${run.command} ${run.messageId}`)).toEqual([
      'cmd-a a1',
      'cmd-b b1',
      'cmd-a a2',
      'cmd-a a3',
    ]);
  });

  it('runs nothing for a subscription without a command, another server, or the cache from before it existed', async () => {
    const { runs, commands, settle } = setUp();
    commands.handle(batch([makeMessage({ id: 'n1', topic: 'plain' })]), [subscription('p', 'plain')]);
    commands.handle({ ...batch([makeMessage({ id: 'o1', topic: 'alerts' })]), server: 'https://other.example.com' }, [
      subscription('a', 'alerts', 'cmd'),
    ]);
    commands.handle(batch([makeMessage({ id: 'h1', topic: 'alerts' })], 'history'), [
      subscription('a', 'alerts', 'cmd'),
    ]);
    commands.handle(batch([makeMessage({ id: 'c1', topic: 'alerts' })], 'catch-up'), [
      subscription('a', 'alerts', 'cmd'),
    ]);
    await settle();
    expect(runs.map((run) => run.messageId)).toEqual(['c1']);
  });

  it('keeps the last failure (logged, without the message text) until a run succeeds', async () => {
    const { runs, changed, log, commands, settle } = setUp();
    const subscriptions = [subscription('a', 'alerts', 'cmd')];
    commands.handle(batch([makeMessage({ id: 'a1', message: 'secret-ish text' })]), subscriptions);
    await settle();
    runs[0]?.finish({ ok: false, exitCode: 2, stderrTail: 'boom' });
    await settle();
    expect(commands.lastFailure('a')).toEqual({ messageId: 'a1', at: 1_000, exitCode: 2, stderrTail: 'boom' });
    expect(changed).toEqual(['a']);
    expect(log.entries.filter((entry) => entry.level === 'warn').map((entry) => entry.message)).toEqual([
      'subscription command failed',
    ]);
    expect(JSON.stringify(log.entries)).not.toContain('secret-ish text');

    commands.handle(batch([makeMessage({ id: 'a2' })]), subscriptions);
    await settle();
    runs[1]?.finish({ ok: true });
    await settle();
    expect(commands.lastFailure('a')).toBeUndefined();
    expect(changed).toEqual(['a', 'a']);
  });

  it('drops the runs still waiting when disposed, and says how many', async () => {
    const { runs, log, commands, settle } = setUp();
    const subscriptions = [subscription('a', 'alerts', 'cmd')];
    commands.handle(batch([makeMessage({ id: 'a1' }), makeMessage({ id: 'a2' })]), subscriptions);
    await settle();
    commands.dispose();
    runs[0]?.finish({ ok: true });
    await settle();
    expect(runs.map((run) => run.messageId)).toEqual(['a1']);
    expect(log.entries.find((entry) => entry.message === 'quitting: queued commands not run')?.fields).toEqual({
      count: 1,
    });
  });
});
