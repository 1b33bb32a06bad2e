/** Duration options of `ntfy-tray subscribe` (`--keepalive-timeout`, `--backoff-max`); the filters are client-config/filter-input.ts. */
import { parseSince } from '../protocol/since.ts';
import { t } from '../../../common/i18n/translate.ts';
import { type ArgsResult, fail } from '../client-config/args-result.ts';

export interface DurationFlag {
  readonly name: string;
  readonly minMs: number;
  readonly maxMs: number;
  /** Shown in the error, e.g. `90s`. */
  readonly example: string;
}

/** `30s`, `2m`, `1h30m`, `1d`, `500ms` → milliseconds (days are allowed: parseSince converts them). */
export function parseDurationMs(text: string): number | undefined {
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

function formatBound(ms: number): string {
  return ms % 3_600_000 === 0 ? `${String(ms / 3_600_000)}h` : `${String(ms / 1000)}s`;
}

export function readDurationFlag(
  flag: DurationFlag,
  value: string | undefined,
  fallbackMs: number,
): ArgsResult<number> {
  if (value === undefined) return { ok: true, value: fallbackMs };
  const ms = parseDurationMs(value);
  const range = { option: flag.name, min: formatBound(flag.minMs), max: formatBound(flag.maxMs) };
  if (ms === undefined) return fail(t('cli.duration.invalid', { ...range, example: flag.example }));
  if (ms < flag.minMs || ms > flag.maxMs) return fail(t('cli.duration.out-of-range', { ...range, value }));
  return { ok: true, value: Math.round(ms) };
}
