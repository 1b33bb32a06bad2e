/**
 * core/app/pause.ts: the one rule that turns "pause for N minutes / until resumed / resume" into an end time, and
 * the pause state the tray, the window and the notification policy share.
 */
import { describe, expect, it } from 'vitest';
import { createPause, pauseEnd } from '../../../../main/core/app/pause.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

describe('pauseEnd', () => {
  it('turns minutes into clock milliseconds from now, "until resumed" into Infinity and null into no pause', () => {
    expect(pauseEnd(60, 1_000)).toBe(1_000 + 3_600_000);
    expect(pauseEnd('until-resumed', 1_000)).toBe(Number.POSITIVE_INFINITY);
    expect(pauseEnd(null, 1_000)).toBeUndefined();
  });
});

describe('createPause', () => {
  it('ends by itself when its time has come, while "until resumed" lasts until a resume', () => {
    const clock = new ManualClock();
    const pause = createPause({ clock, onChange: () => undefined });
    expect(pause.get()).toBeUndefined();

    pause.set(10);
    expect(pause.get()).toBe(clock.now() + 600_000);
    clock.advance(599_999);
    expect(pause.get()).toBeDefined();
    clock.advance(1);
    expect(pause.get()).toBeUndefined();

    pause.set('until-resumed');
    clock.advance(365 * 24 * 3_600_000);
    expect(pause.get()).toBe(Number.POSITIVE_INFINITY);
    pause.set(null);
    expect(pause.get()).toBeUndefined();
  });

  it('tells its listener after every request, a resume included', () => {
    const clock = new ManualClock();
    const seen: (number | undefined)[] = [];
    const pause = createPause({ clock, onChange: () => seen.push(pause.get()) });
    pause.set(1);
    pause.set(null);
    expect(seen).toEqual([clock.now() + 60_000, undefined]);
  });
});
