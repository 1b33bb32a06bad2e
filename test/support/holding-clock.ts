/**
 * The wall clock, except that timers of `holdFromMs` or more never fire. For tests that read something a long
 * timer would change (a reconnect countdown): the state it shows cannot move under the test however slow the
 * machine is, while short timers (a catch-up's quiet time, a poll soon after connecting) run as usual.
 */
import type { Clock, TimerHandle } from '../../main/core/ports.ts';

export function holdingClock(holdFromMs: number): Clock & { readonly held: number } {
  const held = new Set<TimerHandle>();
  return {
    now: () => Date.now(),
    setTimeout: (callback, delayMs) => {
      if (delayMs < holdFromMs) return { id: setTimeout(callback, delayMs) };
      const handle: TimerHandle = { id: Symbol('held timer') };
      held.add(handle);
      return handle;
    },
    clearTimeout: (handle) => {
      if (held.delete(handle)) return;
      clearTimeout(handle.id as NodeJS.Timeout);
    },
    get held() {
      return held.size;
    },
  };
}
