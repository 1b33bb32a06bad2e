/** Bursts through NotificationPolicy on a ManualClock: folding, silent updates, urgent messages, burst ends. */
import { describe, expect, it } from 'vitest';
import { summaryNames } from '../../../../main/core/delivery/notification-burst.ts';
import { BURST_SUMMARY_ID, type NotificationCommand } from '../../../../main/core/delivery/notification-policy.ts';
import type { NtfyMessage } from '../../../../main/core/protocol/types.ts';
import { batch, message, setup } from './policy-fixtures.ts';

type Summary = Extract<NotificationCommand, { type: 'summary' }>;

function summaries(commands: readonly NotificationCommand[]): Summary[] {
  return commands.filter((command): command is Summary => command.type === 'summary');
}

const names = { backups: 'Backups', alerts: 'Alerts' };

/** Decides each message as its own live batch, `stepMs` apart on the clock. */
function liveOneByOne(
  { clock, policy }: ReturnType<typeof setup>,
  messages: readonly NtfyMessage[],
  stepMs = 0,
): NotificationCommand[] {
  const commands: NotificationCommand[] = [];
  for (const each of messages) {
    commands.push(...policy.decide(batch('live', [each])));
    clock.advance(stepMs);
  }
  return commands;
}

function burstOf(count: number, fields: Partial<NtfyMessage> = {}): NtfyMessage[] {
  return Array.from({ length: count }, (_, i) => message({ topic: i % 2 === 0 ? 'backups' : 'alerts', ...fields }));
}

describe('NotificationPolicy bursts', () => {
  it('folds a burst over several topics into one summary naming them; only its first popup sounds', () => {
    const commands = liveOneByOne(setup({ names }), burstOf(10), 50);
    expect(commands.slice(0, 3).map((c) => c.type)).toEqual(['show', 'show', 'show']);
    const folded = summaries(commands);
    expect(folded).toHaveLength(7);
    expect(new Set(folded.map((c) => c.id))).toEqual(new Set([BURST_SUMMARY_ID]));
    expect(folded.map((c) => c.silent)).toEqual([false, true, true, true, true, true, true]);
    expect(folded.at(-1)).toMatchObject({ count: 7, title: '7 new messages in Alerts, Backups', urgency: 'normal' });
  });

  it('gives an urgent message inside a burst its own popup with sound, and leaves it out of the summary', () => {
    const messages = burstOf(10);
    const urgent = message({ topic: 'alerts', priority: 5, title: 'Disk on fire' });
    messages.splice(6, 0, urgent);
    const commands = liveOneByOne(setup({ names }), messages);
    const own = commands.filter((c) => c.type === 'show' && c.message === urgent);
    expect(own).toMatchObject([
      { type: 'show', content: { title: 'Disk on fire', urgency: 'critical', silent: false } },
    ]);
    expect(summaries(commands).some((c) => c.latest === urgent)).toBe(false);
    expect(summaries(commands).at(-1)).toMatchObject({ count: 7, urgency: 'normal' });
  });

  it('emits one summary per batch however many of its messages fold', () => {
    const { policy } = setup({ names });
    const first = policy.decide(batch('live', burstOf(10)));
    expect(first.map((c) => c.type)).toEqual(['show', 'show', 'show', 'summary']);
    expect(first[3]).toMatchObject({ count: 7, silent: false });
    expect(policy.decide(batch('live', burstOf(4)))).toMatchObject([{ type: 'summary', count: 11, silent: true }]);
  });

  it('keeps one burst going while messages come less than a window apart, and starts over after a quiet window', () => {
    const context = setup({ names });
    const first = liveOneByOne(context, burstOf(4));
    for (let i = 0; i < 2; i++) {
      context.clock.advance(999); // less than a window since the last message: the burst goes on
      first.push(...liveOneByOne(context, burstOf(1)));
    }
    expect(summaries(first).map((c) => [c.count, c.silent])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);

    context.clock.advance(1000); // a full window without a message: the burst is over
    const second = liveOneByOne(context, burstOf(6));
    expect(second.slice(0, 3).map((c) => c.type)).toEqual(['show', 'show', 'show']);
    expect(summaries(second).map((c) => [c.count, c.silent])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(summaries(second).at(-1)?.title).toBe('3 new messages in Alerts, Backups');
  });

  it('shows messages on their own again once a burst is over', () => {
    const context = setup();
    liveOneByOne(context, burstOf(5));
    context.clock.advance(1000);
    expect(liveOneByOne(context, burstOf(3), 400).map((c) => c.type)).toEqual(['show', 'show', 'show']);
  });

  it('raises the summary to critical for a folded priority 4, and keeps a burst of low priority silent', () => {
    const high = setup();
    const commands = high.policy.decide(batch('live', [...burstOf(4), message({ priority: 4 })]));
    expect(summaries(commands)).toMatchObject([{ count: 2, urgency: 'critical', silent: false }]);

    const low = setup();
    expect(summaries(low.policy.decide(batch('live', burstOf(6, { priority: 2 }))))).toMatchObject([
      { count: 3, urgency: 'low', silent: true },
    ]);
  });

  it('summarizes a catch-up batch across topics, with the newest message, and shows urgent ones on their own', () => {
    const { policy } = setup({ names: { alerts: 'Ops', backups: 'Backups' } });
    const urgent = message({ topic: 'backups', priority: 5 });
    const missed = [message(), message({ topic: 'backups' }), urgent, message({ title: 'Newest' })];
    const commands = policy.decide(batch('catch-up', missed));
    expect(commands).toHaveLength(2);
    expect(commands[0]).toMatchObject({ type: 'show', message: urgent });
    expect(commands[1]).toMatchObject({
      type: 'summary',
      count: 3,
      title: '3 new messages in Ops, Backups',
      latest: missed[3],
      silent: false,
    });
    expect(commands[1]?.type === 'summary' ? commands[1].body : '').toContain('Newest');
  });

  it('shows a catch-up batch of one message as itself', () => {
    const single = message({ topic: 'backups' });
    expect(setup().policy.decide(batch('catch-up', [single]))).toMatchObject([{ type: 'show', message: single }]);
  });

  it('names at most three topics', () => {
    expect(summaryNames(['A'])).toBe('A');
    expect(summaryNames(['A', 'B', 'C'])).toBe('A, B, C');
    expect(summaryNames(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C and 2 more');
  });
});
