import { describe, expect, it } from 'vitest';
import { NotificationPolicy } from '../../../../main/core/delivery/notification-policy.ts';
import type { NtfyMessageChange } from '../../../../main/core/protocol/types.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { batch, message, server, setup } from './policy-fixtures.ts';

describe('NotificationPolicy', () => {
  it('shows a live message with a stable id per sequence', () => {
    const { policy } = setup();
    const first = message({ sequenceId: 'seq-1' });
    const update = message({ sequenceId: 'seq-1', message: 'updated' });
    const [shown] = policy.decide(batch('live', [first]));
    const [replaced] = policy.decide(batch('live', [update]));
    expect(shown).toMatchObject({ type: 'show', id: `${server}|alerts|seq-1` });
    expect(replaced).toMatchObject({ type: 'show', id: `${server}|alerts|seq-1`, content: { body: 'updated' } });
  });

  it('never shows history', () => {
    const { policy } = setup();
    expect(policy.decide(batch('history', [message(), message()]))).toEqual([]);
  });

  it('honours mute, minimum priority and unknown subscriptions', () => {
    expect(setup({ subscription: { muted: true } }).policy.decide(batch('live', [message()]))).toEqual([]);
    const { policy } = setup({ subscription: { minPriority: 4 } });
    expect(
      policy.decide(batch('live', [message({ priority: 3 }), message({ priority: 4 })])).map((c) => c.type),
    ).toEqual(['show']);
    expect(setup().policy.decide(batch('live', [message({ topic: 'unknown' })]))).toEqual([]);
  });

  it('applies the global minimum priority on top of the subscription one', () => {
    const { policy } = setup({ settings: { minPriority: 4 }, subscription: { minPriority: 2 } });
    const shown = policy.decide(batch('live', [message({ priority: 3 }), message({ priority: 4, title: 'high' })]));
    expect(shown).toMatchObject([{ type: 'show', content: { title: 'high' } }]);
  });

  it('pauses everything until the pause ends, and when notifications are off', () => {
    const clock = new ManualClock();
    let pausedUntil = clock.now() + 3_600_000;
    const policy = new NotificationPolicy({
      clock,
      settings: () => ({ enabled: true, pausedUntil }),
      subscription: () => ({ muted: false, minPriority: 1 }),
    });
    expect(policy.decide(batch('live', [message({ priority: 5 })]))).toEqual([]);
    clock.advance(3_600_000);
    expect(policy.decide(batch('live', [message()]))).toHaveLength(1);
    pausedUntil = Number.POSITIVE_INFINITY;
    clock.advance(100 * 3_600_000);
    expect(policy.decide(batch('live', [message()]))).toEqual([]);
    expect(setup({ settings: { enabled: false } }).policy.decide(batch('live', [message()]))).toEqual([]);
  });

  it('lets only priority 5 through quiet hours when urgent may break through, including across midnight', () => {
    const quietHours = { startMinute: 22 * 60, endMinute: 7 * 60, urgentBreaksThrough: true };
    for (const minute of [23 * 60, 2 * 60, 22 * 60]) {
      const { policy } = setup({ settings: { quietHours }, minute });
      expect(
        policy.decide(batch('live', [message({ priority: 4 }), message({ priority: 5 })])).map((c) => c.type),
      ).toEqual(['show']);
    }
    for (const minute of [7 * 60, 12 * 60, 21 * 60 + 59]) {
      const { policy } = setup({ settings: { quietHours }, minute });
      expect(policy.decide(batch('live', [message({ priority: 4 })]))).toHaveLength(1);
    }
  });

  it('keeps even priority 5 silent in quiet hours when urgent may not break through', () => {
    const quietHours = { startMinute: 22 * 60, endMinute: 7 * 60, urgentBreaksThrough: false };
    for (const minute of [23 * 60, 2 * 60, 22 * 60]) {
      const { policy } = setup({ settings: { quietHours }, minute });
      expect(policy.decide(batch('live', [message({ priority: 4 }), message({ priority: 5 })]))).toEqual([]);
      expect(policy.decide(batch('catch-up', [message({ priority: 5 }), message({ priority: 5 })]))).toEqual([]);
    }
    const { policy } = setup({ settings: { quietHours }, minute: 12 * 60 });
    expect(policy.decide(batch('live', [message({ priority: 5 })])).map((c) => c.type)).toEqual(['show']);
  });

  it('closes the popup of a cleared or deleted message', () => {
    const { policy } = setup();
    const change: NtfyMessageChange = {
      kind: 'message_clear',
      id: 'c1',
      sequenceId: 'seq-1',
      time: 5,
      topic: 'alerts',
      raw: {},
    };
    expect(policy.decide(batch('live', [], [change]))).toEqual([{ type: 'close', id: `${server}|alerts|seq-1` }]);
    expect(policy.decide(batch('history', [], [{ ...change, kind: 'message_delete' }]))).toEqual([
      { type: 'close', id: `${server}|alerts|seq-1` },
    ]);
  });
});
