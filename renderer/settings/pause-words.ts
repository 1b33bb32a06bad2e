import { activeLocale, t } from '../../common/i18n/translate.ts';
import { untilTime } from '../history/format.ts';

/**
 * `pausedUntil` as the user reads it, its end as the Messages header says it; null is a pause until resumed,
 * undefined no pause. `nowMs` tells whether the end is today; `locale` undefined: the active one.
 */
export function describePause(pausedUntil: number | null | undefined, nowMs: number, locale?: string): string {
  if (pausedUntil === undefined) return t('settings.pause.not-paused');
  if (pausedUntil === null) return t('settings.pause.until-resumed');
  return t('settings.pause.until', { time: untilTime(pausedUntil, nowMs, locale ?? activeLocale()) });
}
