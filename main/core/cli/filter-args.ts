/** Duration options of `ntfy-tray subscribe` (`--keepalive-timeout`, `--backoff-max`); the filters are client-config/filter-input.ts. */
import { parseSince } from '../protocol/since.ts';
import { t } from '../../../common/i18n/translate.ts';
import { type ArgsResult, fail } from '../client-config/args-result.ts';

export interface DurationFlag {
  readonly name: string;
  readonly minMs: number;
  readonly maxMs: number;
  /** Without the option; shown in the help and as the example in the error. */
  readonly defaultMs: number;
}

/** `30s`, `2m`, `1h30m`, `1d`, `500ms` → milliseconds (days are allowed: parseSince converts them). */
function parseDurationMs(text: string): number | undefined {
  const parsed = parseSince(text);
  if (!parsed.ok || parsed.since.kind !== 'duration') return undefined;
  const units: Readonly<Record<string, number>> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  let total = 0;
  for (const match of parsed.since.value.matchAll(/(\d+(?:\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(match[1]) * (units[match[2] ?? ''] ?? 0);
  }
  return total > 0 ? total : undefined;
}

/** A duration as the options take it: `1h`, `2m`, `90s`. */
function formatDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${String(ms / 3_600_000)}h`;
  return ms % 60_000 === 0 ? `${String(ms / 60_000)}m` : `${String(ms / 1000)}s`;
}

/** What the help says of a flag: its bounds and its default, computed from the flag (en `min`…`max`, `default`). */
export function durationFlagHelp(flag: DurationFlag): { min: string; max: string; default: string } {
  return { min: formatDuration(flag.minMs), max: formatDuration(flag.maxMs), default: formatDuration(flag.defaultMs) };
}

export function readDurationFlag(flag: DurationFlag, value: string | undefined): ArgsResult<number> {
  if (value === undefined) return { ok: true, value: flag.defaultMs };
  const ms = parseDurationMs(value);
  const help = durationFlagHelp(flag);
  const range = { option: flag.name, min: help.min, max: help.max };
  if (ms === undefined) return fail(t('cli.duration.invalid', { ...range, example: help.default }));
  if (ms < flag.minMs || ms > flag.maxMs) return fail(t('cli.duration.out-of-range', { ...range, value }));
  return { ok: true, value: Math.round(ms) };
}
