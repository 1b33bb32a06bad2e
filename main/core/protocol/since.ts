/**
 * `since` values (docs/protocol.md#since): all, latest, none, a 12-character message id, Unix
 * seconds, or a Go duration. Servers reject days (`1d` → 400 code 40008), so durations with days are converted
 * to seconds before they are sent.
 */
import { t } from '../../../common/i18n/translate.ts';

export type SinceValue =
  | { readonly kind: 'all' }
  | { readonly kind: 'latest' }
  | { readonly kind: 'none' }
  | { readonly kind: 'id'; readonly id: string }
  | { readonly kind: 'time'; readonly unixSeconds: number }
  /** `value` is already in a form the server accepts (no days). */
  | { readonly kind: 'duration'; readonly value: string };

type SinceParseResult =
  { readonly ok: true; readonly since: SinceValue } | { readonly ok: false; readonly error: string };

const MESSAGE_ID = /^[A-Za-z0-9]{12}$/;
const UNIX_SECONDS = /^\d{1,12}$/;
const DURATION_PART = /(\d+(?:\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h|d)/gy;

const SECONDS_PER_UNIT: Readonly<Record<string, number>> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
  d: 86_400,
};

/** Returns the duration in seconds, or undefined when `text` is not a Go duration (with days allowed). */
function durationSeconds(text: string): number | undefined {
  DURATION_PART.lastIndex = 0;
  let total = 0;
  let matched = 0;
  for (let match = DURATION_PART.exec(text); match !== null; match = DURATION_PART.exec(text)) {
    const [whole, amount = '', unit = ''] = match;
    total += Number(amount) * (SECONDS_PER_UNIT[unit] ?? Number.NaN);
    matched += whole.length;
  }
  return matched === text.length && text !== '' && Number.isFinite(total) ? total : undefined;
}

/** Parses what a user typed (CLI `--since`, settings) into a SinceValue. */
export function parseSince(input: string): SinceParseResult {
  const text = input.trim();
  if (text === 'all' || text === 'latest' || text === 'none') return { ok: true, since: { kind: text } };
  if (UNIX_SECONDS.test(text)) return { ok: true, since: { kind: 'time', unixSeconds: Number(text) } };
  const seconds = durationSeconds(text);
  if (seconds !== undefined) {
    // Go accepts fractional seconds ("1.5s") but not days; whole seconds are plenty for a catch-up window.
    const value = text.includes('d') ? `${Math.ceil(seconds)}s` : text;
    return { ok: true, since: { kind: 'duration', value } };
  }
  if (MESSAGE_ID.test(text)) return { ok: true, since: { kind: 'id', id: text } };
  return { ok: false, error: t('cli.since.invalid', { input }) };
}

/** The wire form of a SinceValue, for the `since` query parameter. */
export function formatSince(since: SinceValue): string {
  switch (since.kind) {
    case 'all':
    case 'latest':
    case 'none':
      return since.kind;
    case 'id':
      return since.id;
    case 'time':
      return String(since.unixSeconds);
    case 'duration':
      return since.value;
  }
}
