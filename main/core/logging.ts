import { shortenUrls } from '../../common/short-text.ts';
import type { Logger, LogLevel } from './ports.ts';

interface ConsoleLoggerOptions {
  readonly name: string;
  readonly write: (level: LogLevel, line: string) => void;
}

function describeValue(value: unknown): unknown {
  // Errors have no enumerable fields, so JSON.stringify would print them as {}.
  return value instanceof Error ? { name: value.name, message: value.message } : value;
}

/** One line; a long URL in it (an error quoting an 11 KB subscribe URL) is cut short. */
export function formatLogLine(name: string, message: string, fields?: Readonly<Record<string, unknown>>): string {
  if (fields === undefined) return shortenUrls(`[${name}] ${message}`);
  const described = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, describeValue(value)]));
  return shortenUrls(`[${name}] ${message} ${JSON.stringify(described)}`);
}

/** A line-per-event logger; each composition root gives it a sink (stderr for the CLI, the console in Electron). */
export function createConsoleLogger(options: ConsoleLoggerOptions): Logger {
  return {
    log(level, message, fields) {
      options.write(level, formatLogLine(options.name, message, fields));
    },
    child(name) {
      return createConsoleLogger({ ...options, name: `${options.name}:${name}` });
    },
  };
}
