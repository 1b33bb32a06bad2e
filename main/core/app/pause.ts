/**
 * "Pause notifications": the one place that turns a pause request (from the tray menu or the window's settings)
 * into the clock time it ends, and keeps it. Not a setting: a pause ends with the app.
 */
import type { Clock } from '../ports.ts';

/** Minutes from now, until resumed, or null to resume: what the tray and the window ask for alike. */
type PauseRequest = number | 'until-resumed' | null;

/** Clock milliseconds at which a pause asked for `now` ends; Infinity: until resumed; undefined: not paused. */
export function pauseEnd(request: PauseRequest, now: number): number | undefined {
  if (request === null) return undefined;
  if (request === 'until-resumed') return Number.POSITIVE_INFINITY;
  return now + request * 60_000;
}

export interface Pause {
  /** When the pause ends (clock milliseconds, Infinity: until resumed); undefined when not paused or run out. */
  get(): number | undefined;
  set(request: PauseRequest): void;
}

interface PauseOptions {
  readonly clock: Pick<Clock, 'now'>;
  /** After every request, also a resume while not paused: the tray and the window show it. */
  readonly onChange: () => void;
}

export function createPause(options: PauseOptions): Pause {
  let pausedUntil: number | undefined;
  return {
    get: () => (pausedUntil !== undefined && pausedUntil <= options.clock.now() ? undefined : pausedUntil),
    set: (request) => {
      pausedUntil = pauseEnd(request, options.clock.now());
      options.onChange();
    },
  };
}
