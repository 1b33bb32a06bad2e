/**
 * ntfy's global logging options (cmd/app.go flagsDefault, initLogFunc), taken before the command and by `publish`
 * and `subscribe`, mapped onto our log: `--debug`/`-d` and `--trace` show debug lines, `--log-level` chooses the
 * lowest level shown (ntfy's TRACE is our debug; an unknown level is INFO, as ntfy's log.ToLevel reads it),
 * `--log-file` appends the log lines to a file instead of stderr. `--log-format`, `--no-log-dates` and
 * `--log-level-overrides` are accepted and change nothing: our lines have no dates and one format.
 */
import type { LogLevel } from '../ports.ts';
import { type FlagTable, type FlagValues, isSet, stringOf } from './ntfy-flags.ts';

export const LOG_FLAGS: FlagTable = {
  debug: { type: 'boolean', short: 'd', env: 'NTFY_DEBUG' },
  trace: { type: 'boolean', env: 'NTFY_TRACE' },
  'no-log-dates': { type: 'boolean', aliases: ['no_log_dates'], env: 'NTFY_NO_LOG_DATES' },
  'log-level': { type: 'string', aliases: ['log_level'], env: 'NTFY_LOG_LEVEL' },
  'log-level-overrides': { type: 'string', aliases: ['log_level_overrides'], env: 'NTFY_LOG_LEVEL_OVERRIDES' },
  'log-format': { type: 'string', aliases: ['log_format'], env: 'NTFY_LOG_FORMAT' },
  'log-file': { type: 'string', aliases: ['log_file'], env: 'NTFY_LOG_FILE' },
};

export interface LogChoice {
  /** The lowest level shown; undefined: our default (warnings and errors). */
  readonly level?: LogLevel;
  /** Log lines go here (appended) instead of stderr. */
  readonly file?: string;
}

const LEVELS: Readonly<Record<string, LogLevel>> = {
  trace: 'debug',
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  error: 'error',
};

/** What the logging options ask for (their values under LOG_FLAGS' names, environment included). */
export function readLogChoice(values: FlagValues): LogChoice {
  const named = stringOf(values, 'log-level');
  const level =
    isSet(values, 'trace') || isSet(values, 'debug')
      ? 'debug'
      : named === undefined
        ? undefined
        : (LEVELS[named.toLowerCase()] ?? 'info');
  const file = stringOf(values, 'log-file');
  return {
    ...(level === undefined ? {} : { level }),
    ...(file === undefined || file === '' ? {} : { file }),
  };
}

/** Levels from `lowest` up. */
export function levelsFrom(lowest: LogLevel): readonly LogLevel[] {
  const order: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];
  return order.slice(order.indexOf(lowest));
}
