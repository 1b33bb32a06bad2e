import type { Logger, LogLevel } from '../../main/core/ports.ts';

export interface LogEntry {
  readonly name: string;
  readonly level: LogLevel;
  readonly message: string;
  readonly fields: Readonly<Record<string, unknown>> | undefined;
}

export interface RecordingLogger extends Logger {
  readonly entries: LogEntry[];
}

/** A Logger that keeps every entry (children share the list), so tests can assert what was reported. */
export function createRecordingLogger(name = 'test', entries: LogEntry[] = []): RecordingLogger {
  return {
    entries,
    log(level, message, fields) {
      entries.push({ name, level, message, fields });
    },
    child(childName) {
      return createRecordingLogger(`${name}:${childName}`, entries);
    },
  };
}
