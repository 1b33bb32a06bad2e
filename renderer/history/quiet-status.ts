/**
 * What the Messages header says about popups being held back: a pause (from the tray or the settings) and quiet
 * hours that are on right now. Pure: the time and the local time zone come in, so tests need no real clock.
 */
import { t } from '../../common/i18n/translate.ts';
import type { PreferencesDto, SettingsDto } from '../../common/ipc.ts';
import { clockTime, untilTime } from './format.ts';

type QuietStatus =
  /** `until`: milliseconds since the epoch, or null for "until resumed". */
  | { readonly kind: 'paused'; readonly until: number | null }
  /** `until`: milliseconds since the epoch at which the quiet hours end. */
  | { readonly kind: 'quiet-hours'; readonly until: number };

const minutesPerDay = 24 * 60;

/** "07:00" → 420; undefined for anything else (the settings validate the format, this stays defensive). */
function minuteOfDay(text: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (match === null) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes < minutesPerDay ? minutes : undefined;
}

/**
 * When the quiet hours that are on at `nowMs` end (local wall-clock time), or undefined when they are off or not
 * on now. Same rule as the core's policy: start > end spans midnight, start = end is never quiet.
 */
export function quietHoursEnd(quietHours: PreferencesDto['quietHours'], nowMs: number): number | undefined {
  if (!quietHours.enabled) return undefined;
  const start = minuteOfDay(quietHours.start);
  const end = minuteOfDay(quietHours.end);
  if (start === undefined || end === undefined || start === end) return undefined;
  const now = new Date(nowMs);
  const minute = now.getHours() * 60 + now.getMinutes();
  const quiet = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!quiet) return undefined;
  // Built from local date parts, so a daylight-saving change between now and the end still lands on the wall time.
  const endDate = new Date(now.getFullYear(), now.getMonth(), now.getDate(), Math.floor(end / 60), end % 60);
  if (endDate.getTime() <= nowMs) endDate.setDate(endDate.getDate() + 1);
  return endDate.getTime();
}

/** When quiet hours next begin after `nowMs` (so a badge can appear on time); undefined when they are off. */
function quietHoursNextStart(quietHours: PreferencesDto['quietHours'], nowMs: number): number | undefined {
  if (!quietHours.enabled) return undefined;
  const start = minuteOfDay(quietHours.start);
  if (start === undefined || start === minuteOfDay(quietHours.end)) return undefined;
  const now = new Date(nowMs);
  const startDate = new Date(now.getFullYear(), now.getMonth(), now.getDate(), Math.floor(start / 60), start % 60);
  if (startDate.getTime() <= nowMs) startDate.setDate(startDate.getDate() + 1);
  return startDate.getTime();
}

/** What holds popups back at `nowMs`, most important first (a pause outranks quiet hours). */
export function quietStatuses(settings: SettingsDto, nowMs: number): QuietStatus[] {
  const statuses: QuietStatus[] = [];
  const { pausedUntil } = settings;
  // A timed pause that has run out is over even before the core's next settings push says so.
  if (pausedUntil === null || (pausedUntil !== undefined && pausedUntil > nowMs)) {
    statuses.push({ kind: 'paused', until: pausedUntil });
  }
  const quietUntil = quietHoursEnd(settings.preferences.quietHours, nowMs);
  if (quietUntil !== undefined) statuses.push({ kind: 'quiet-hours', until: quietUntil });
  return statuses;
}

/** The next moment after `nowMs` at which `quietStatuses` can answer differently; undefined: not before a change. */
export function nextQuietChange(settings: SettingsDto, nowMs: number): number | undefined {
  const { pausedUntil } = settings;
  const quietHours = settings.preferences.quietHours;
  const candidates = [
    typeof pausedUntil === 'number' && pausedUntil > nowMs ? pausedUntil : undefined,
    quietHoursEnd(quietHours, nowMs) ?? quietHoursNextStart(quietHours, nowMs),
  ].filter((at): at is number => at !== undefined);
  return candidates.length === 0 ? undefined : Math.min(...candidates);
}

/**
 * "Paused until 19:43" / "Paused until Wed 07:00" / "Paused until resumed" / "Quiet hours until 07:00" (quiet
 * hours end within a day, so the time alone says when), in the locale's format; `locale` undefined: the user's.
 */
export function quietStatusText(status: QuietStatus, nowMs: number, locale?: string): string {
  if (status.kind === 'quiet-hours')
    return t('history.quiet.quiet-hours-until', { time: clockTime(status.until, locale) });
  return status.until === null
    ? t('history.quiet.paused-until-resumed')
    : t('history.quiet.paused-until', { time: untilTime(status.until, nowMs, locale) });
}

/**
 * Why a message to `subscription` would not pop up now, in the words the header's badges use: notifications off,
 * a pause, quiet hours (the test message is not urgent), or the topic muted; undefined when it would.
 */
export function whyNoPopup(
  settings: SettingsDto,
  subscription: { readonly muted: boolean },
  nowMs: number,
  locale?: string,
): string | undefined {
  const paused = pausedReason(settings, nowMs, locale);
  if (paused !== undefined) return paused;
  const quiet = quietStatuses(settings, nowMs).find((status) => status.kind === 'quiet-hours');
  if (quiet !== undefined) return quietStatusText(quiet, nowMs, locale);
  return subscription.muted ? t('detail.send.muted-reason') : undefined;
}

/**
 * Why no subscription pops anything up right now (a global pause, or notifications off); undefined when they do.
 * The end of a pause is said as the Messages header says it; `locale` undefined: the user's.
 */
export function pausedReason(settings: SettingsDto, nowMs: number, locale?: string): string | undefined {
  if (!settings.preferences.notificationsEnabled) return t('history.quiet.notifications-off');
  const until = settings.pausedUntil;
  if (until === undefined) return undefined;
  if (until === null) return t('history.quiet.notifications-paused-until-resumed');
  return until > nowMs
    ? t('history.quiet.notifications-paused-until', { time: untilTime(until, nowMs, locale) })
    : undefined;
}
