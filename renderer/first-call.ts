import { t } from '../common/i18n/translate.ts';
import type { BridgeResult } from '../common/ipc.ts';
import { errorMessage } from '../common/error-message.ts';

/** Runs `callback` after `delayMs` milliseconds; returns a function that cancels it. */
export type Schedule = (callback: () => void, delayMs: number) => () => void;

/** The page's own timer, for the hooks; tests pass a manual clock instead. */
export const windowSchedule: Schedule = (callback, delayMs) => {
  const timer = setTimeout(callback, delayMs);
  return () => {
    clearTimeout(timer);
  };
};

/** Waits between tries, in milliseconds; the last one repeats until a call gets through. */
const FIRST_CALL_RETRY_DELAYS_MS: readonly number[] = [500, 1_000, 2_000, 5_000];

interface FirstCallOptions<T> {
  readonly call: () => Promise<BridgeResult<T>>;
  /** Every answer, and a typed error for each failed try, so the view shows a message instead of loading forever. */
  readonly onResult: (result: BridgeResult<T>) => void;
  readonly schedule: Schedule;
  readonly retryDelaysMs?: readonly number[];
}

/**
 * A request the page makes as it starts. The bridge answers every request with a BridgeResult, but the call itself
 * can still reject — Electron rejects an invoke that reaches no handler, and a main process that is still starting
 * or restarting its core is exactly that case — and a rejection nobody catches would leave the view loading for
 * good. So a rejection becomes an `internal` error for the view, and the call is tried again after a pause until it
 * gets an answer. A typed answer (even an error) is final: the core did answer, and asking again changes nothing.
 * Returns a function that stops retrying and drops any answer still to come (for an effect's cleanup).
 */
export function callUntilAnswered<T>(options: FirstCallOptions<T>): () => void {
  const delays = options.retryDelaysMs ?? FIRST_CALL_RETRY_DELAYS_MS;
  let stopped = false;
  let cancelRetry: (() => void) | undefined;
  const attempt = (tries: number): void => {
    options.call().then(
      (result) => {
        if (!stopped) options.onResult(result);
      },
      (error: unknown) => {
        if (stopped) return;
        const reason = errorMessage(error);
        options.onResult({
          ok: false,
          error: { code: 'internal', message: t('history.shell.app-unreachable', { reason }) },
        });
        const delay = delays[Math.min(tries, delays.length - 1)] ?? 1_000;
        cancelRetry = options.schedule(() => {
          attempt(tries + 1);
        }, delay);
      },
    );
  };
  attempt(0);
  return () => {
    stopped = true;
    cancelRetry?.();
  };
}
