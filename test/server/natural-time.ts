/**
 * The part of ntfy's natural-language delays (util/time.go parseNaturalTime, which uses
 * github.com/olebedev/when's English rules) that people type into a send form: an optional day word (`today`,
 * `tomorrow`) and an optional clock time (`9am`, `9 am`, `8:30pm`, `17:30`), joined by spaces, a comma or `at`.
 * Times are the server's local time, as ntfy's are. A result that is not in the future is tried again as
 * "tomorrow, <input>", as ntfy does, so `9am` at noon means 9:00 tomorrow. Longer phrases ("next tuesday",
 * "in 3 hours") are not understood here: they answer undefined (ntfy's 40004 on this server).
 */

const PHRASE = /^(?:(today|tomorrow)\b)?[\s,]*(?:at\s+)?(?:(\d{1,2})(?::(\d{2}))?\s*(am|pm)?)?$/;

interface ClockTime {
  readonly hours: number;
  readonly minutes: number;
}

/** `9am`, `8:30pm` (12-hour with am/pm) or `17:30` (24-hour, minutes needed): when's hour and hour-minute rules. */
function clockTime(hourText: string, minuteText: string | undefined, meridiem: string | undefined): ClockTime | null {
  const hour = Number(hourText);
  const minutes = minuteText === undefined ? 0 : Number(minuteText);
  if (minutes > 59) return null;
  if (meridiem === undefined) return minuteText !== undefined && hour <= 23 ? { hours: hour, minutes } : null;
  if (hour < 1 || hour > 12) return null;
  return { hours: (hour % 12) + (meridiem === 'pm' ? 12 : 0), minutes };
}

function onDay(nowMs: number, addDays: number, time: ClockTime | undefined): number {
  const date = new Date(nowMs);
  date.setDate(date.getDate() + addDays);
  if (time !== undefined) date.setHours(time.hours, time.minutes, 0, 0);
  return date.getTime();
}

/** Epoch milliseconds of the phrase, in the future, or undefined when it is not one this server understands. */
export function parseNaturalTime(input: string, nowMs: number): number | undefined {
  const match = PHRASE.exec(input.trim().toLowerCase());
  if (match === null) return undefined;
  const [, day, hourText, minuteText, meridiem] = match;
  if (day === undefined && hourText === undefined) return undefined;
  let time: ClockTime | undefined;
  if (hourText !== undefined) {
    const read = clockTime(hourText, minuteText, meridiem);
    if (read === null) return undefined;
    time = read;
  }
  const first = onDay(nowMs, day === 'tomorrow' ? 1 : 0, time);
  if (first > nowMs) return first;
  // ntfy's retry with "tomorrow, " in front; "tomorrow, tomorrow …" is no phrase of `when`.
  if (day === 'tomorrow') return undefined;
  const retried = onDay(nowMs, 1, time);
  return retried > nowMs ? retried : undefined;
}
