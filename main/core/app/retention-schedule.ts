/**
 * History retention while the app runs: first a minute after start (not in the way of the first connects), then
 * every `intervalMs`, with the limits the settings hold at that moment.
 */
import type { AppHistoryStore, Clock, Logger } from '../ports.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';

interface RetentionScheduleOptions {
  readonly clock: Clock;
  readonly history: Pick<AppHistoryStore, 'applyRetention'>;
  readonly settings: SettingsStore;
  readonly log: Logger;
  /** Milliseconds between runs; default one hour. */
  readonly intervalMs?: number;
}

const FIRST_RUN_AFTER_MS = 60_000;
const DEFAULT_INTERVAL_MS = 3_600_000;

/** Returns the function that stops the schedule. */
export function scheduleRetention(options: RetentionScheduleOptions): () => void {
  const { clock, history, settings, log } = options;
  const applyRetention = (): void => {
    const { maxAgeDays, maxPerSubscription } = settings.get().preferences.historyRetention;
    try {
      const removed = history.applyRetention({ maxAgeDays, maxPerSubscription, now: clock.now() });
      if (removed.removedByAge + removed.removedByCount > 0)
        log.log('info', 'history retention applied', { ...removed });
    } catch (error) {
      log.log('error', 'history retention failed', { error: String(error) });
    }
  };
  let timer = clock.setTimeout(function tick() {
    applyRetention();
    timer = clock.setTimeout(tick, options.intervalMs ?? DEFAULT_INTERVAL_MS);
  }, FIRST_RUN_AFTER_MS);
  return () => {
    clock.clearTimeout(timer);
  };
}
