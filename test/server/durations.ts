/**
 * Durations as the ntfy server reads them. `since` takes Go's time.ParseDuration only (units ns us µs ms s m h; no
 * days, so `since=1d` is a 400 — docs/protocol.md#since). `Delay` also takes ntfy's own forms (`1d`, `10 minutes`)
 * and Unix timestamps.
 */
import { parseNaturalTime } from './natural-time.ts';

const goUnitsMs: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3, // U+00B5 micro sign
  μs: 1e-3, // U+03BC Greek mu
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

const goSegment = /^(\d*)(?:\.(\d*))?([^\d.]+)/u;

/**
 * Go's time.ParseDuration in milliseconds (fractions allowed), or undefined when Go would return an error:
 * `[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+`, or a bare `0`.
 */
export function parseGoDuration(input: string): number | undefined {
  let rest = input;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') return undefined;
  let total = 0;
  while (rest !== '') {
    const match = goSegment.exec(rest);
    if (match === null) return undefined;
    const [whole, intPart = '', fracPart, unit = ''] = match;
    // A segment needs at least one digit before or after the dot: "." alone is an error in Go.
    if (intPart === '' && (fracPart === undefined || fracPart === '')) return undefined;
    const unitMs = goUnitsMs[unit];
    if (unitMs === undefined) return undefined;
    total += Number(`${intPart === '' ? '0' : intPart}.${fracPart ?? ''}0`) * unitMs;
    rest = rest.slice(whole.length);
  }
  return sign * total;
}

/** ntfy's util.ParseDuration extension: `(\d+)\s*(d|days?|h|hours?|m|mins?|minutes?|s|secs?|seconds?)`. */
const ntfyDuration = /^(\d+)\s*(d|days?|h|hours?|m|mins?|minutes?|s|secs?|seconds?)$/i;

function parseNtfyDuration(input: string): number | undefined {
  const go = parseGoDuration(input);
  if (go !== undefined) return go;
  const match = ntfyDuration.exec(input);
  if (match === null) return undefined;
  const amount = Number(match[1]);
  const unit = (match[2] ?? '').toLowerCase();
  if (unit.startsWith('d')) return amount * 86_400_000;
  if (unit.startsWith('h')) return amount * 3_600_000;
  if (unit.startsWith('m')) return amount * 60_000;
  return amount * 1000;
}

/**
 * The due time of a `Delay`/`At`/`In` value in epoch milliseconds, read in ntfy's order (util/time.go
 * ParseFutureTime): trimmed, then a Unix timestamp in seconds that is not in the past, then a duration from now,
 * then natural language (natural-time.ts, a subset of ntfy's). A past timestamp reads as nothing (40004), not as
 * a delay that is too small.
 */
export function parseFutureTime(input: string, nowMs: number): number | undefined {
  const text = input.trim();
  if (/^\d+$/.test(text) && Number(text) >= Math.floor(nowMs / 1000)) return Number(text) * 1000;
  const duration = parseNtfyDuration(text);
  if (duration !== undefined) return nowMs + duration;
  return parseNaturalTime(text, nowMs);
}
