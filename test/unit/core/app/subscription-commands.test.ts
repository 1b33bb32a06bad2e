import { describe, expect, it } from 'vitest';
import {
  LONG_RUN_MS,
  SubscriptionCommands,
  WAITING_RUNS_BOUND,
} from '../../../../main/core/app/subscription-commands.ts';
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
  /** Whether end() was called (the runner would end its process tree). */
  ended: boolean;
  finish(outcome: CommandOutcome): void;
}

function setUp(options: { cut?: readonly string[] } = {}) {
  const runs: PendingRun[] = [];
  const changed: string[] = [];
  const log = createRecordingLogger();
  const clock = new ManualClock(1_000);
  let paused = false;
  const commands = new SubscriptionCommands({
    start: (command, message) => {
      let finish: (outcome: CommandOutcome) => void = () => undefined;
      const done = new Promise<CommandOutcome>((resolve) => {
        finish = resolve;
      });
      const run: PendingRun = { command, messageId: message.id, ended: false, finish };
      runs.push(run);
      return {
        done,
        cutVariables: options.cut ?? [],
        end: () => {
          run.ended = true;
          finish({ ok: false, signal: 'SIGTERM' });
        },
      };
    },
    clock,
    log,
    paused: () => paused,
    onChanged: (id) => {
      changed.push(id);
    },
  });
  /** Lets queued promise reactions run (no timers: only microtasks and one macrotask turn). */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const pause = (value: boolean) => {
    paused = value;
  };
  return { runs, changed, log, commands, settle, clock, pause };
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

  it(`keeps at most ${String(WAITING_RUNS_BOUND)} runs waiting, skips and counts the rest, and says so`, async () => {
    const { runs, changed, commands, settle } = setUp();
    const subscriptions = [subscription('a', 'alerts', 'cmd')];
    const sent = 1 + WAITING_RUNS_BOUND + 142;
    for (let index = 0; index < sent; index++)
      commands.handle(batch([makeMessage({ id: `m${String(index)}` })]), subscriptions);
    await settle();
    expect(runs).toHaveLength(1);
    expect(commands.runs('a')).toEqual({ skipped: 142 });
    // Told once, at the first skip, not once per message.
    expect(changed).toEqual(['a']);
    for (let index = 0; index <= WAITING_RUNS_BOUND; index++) {
      runs[index]?.finish({ ok: true });
      await settle();
    }
    // The running one and the ones that waited ran, in order; the skipped ones never.
    expect(runs.map((run) => run.messageId)).toEqual(
      Array.from({ length: 1 + WAITING_RUNS_BOUND }, (_, index) => `m${String(index)}`),
    );
    expect(commands.runs('a')).toEqual({ skipped: 142 });
  });

  it('ends the running command and drops those waiting when unsubscribed, the command changes or is cleared', async () => {
    for (const next of [[], [subscription('a', 'alerts', 'other')], [subscription('a', 'alerts')]]) {
      const { runs, commands, settle } = setUp();
      commands.handle(batch([makeMessage({ id: 'a1' }), makeMessage({ id: 'a2' })]), [
        subscription('a', 'alerts', 'cmd'),
      ]);
      await settle();
      commands.settingsChanged(next);
      await settle();
      expect(runs.map((run) => [run.messageId, run.ended])).toEqual([['a1', true]]);
      expect(commands.lastFailure('a')).toBeUndefined();
    }
  });

  it('ends every run when notifications are paused, and starts none while they are', async () => {
    const { runs, commands, settle, pause } = setUp();
    const subscriptions = [subscription('a', 'alerts', 'cmd-a'), subscription('b', 'backups', 'cmd-b')];
    commands.handle(
      batch([makeMessage({ id: 'a1' }), makeMessage({ id: 'a2' }), makeMessage({ id: 'b1', topic: 'backups' })]),
      subscriptions,
    );
    await settle();
    pause(true);
    commands.pauseStarted();
    commands.handle(batch([makeMessage({ id: 'a3' })]), subscriptions);
    await settle();
    expect(runs.map((run) => [run.messageId, run.ended])).toEqual([
      ['a1', true],
      ['b1', true],
    ]);
  });

  it(`shows a run that goes on for ${String(LONG_RUN_MS)} ms, and Stop ends it and drops those waiting`, async () => {
    const { runs, changed, commands, settle, clock } = setUp();
    commands.handle(batch([makeMessage({ id: 'a1' }), makeMessage({ id: 'a2' })]), [
      subscription('a', 'alerts', 'cmd'),
    ]);
    await settle();
    clock.advance(LONG_RUN_MS - 1);
    expect(commands.runs('a')).toBeUndefined();
    clock.advance(1);
    expect(commands.runs('a')).toEqual({ skipped: 0, longRun: { messageId: 'a1', since: 1_000 } });
    expect(changed).toEqual(['a']);
    expect(commands.stop('a')).toBe(true);
    await settle();
    expect(runs.map((run) => [run.messageId, run.ended])).toEqual([['a1', true]]);
    expect(commands.runs('a')).toBeUndefined();
    // Ended by the user: not a failure.
    expect(commands.lastFailure('a')).toBeUndefined();
    expect(commands.stop('a')).toBe(false);
  });

  it('says which variables the latest run got cut to fit', async () => {
    const { commands, settle } = setUp({ cut: ['NTFY_MESSAGE', 'NTFY_RAW'] });
    commands.handle(batch([makeMessage({ id: 'big' })]), [subscription('a', 'alerts', 'cmd')]);
    await settle();
    expect(commands.runs('a')).toEqual({
      skipped: 0,
      cut: { messageId: 'big', variables: ['NTFY_MESSAGE', 'NTFY_RAW'] },
    });
  });

  it('ends the running ones and drops the runs still waiting when disposed, and says how many', async () => {
    const { runs, log, commands, settle } = setUp();
    const subscriptions = [subscription('a', 'alerts', 'cmd')];
    commands.handle(batch([makeMessage({ id: 'a1' }), makeMessage({ id: 'a2' })]), subscriptions);
    await settle();
    commands.dispose();
    await settle();
    expect(runs.map((run) => [run.messageId, run.ended])).toEqual([['a1', true]]);
    expect(log.entries.find((entry) => entry.message === 'quitting: queued commands not run')?.fields).toEqual({
      count: 1,
    });
  });
});
