/**
 * The interfaces that adapters implement. The core depends only on these; the two composition roots
 * (main/index.ts for Electron, main/cli.ts for headless use) pass in real implementations.
 */

/** Wall-clock and timer access, injectable so that tests never sleep. Times are milliseconds. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export interface TimerHandle {
  readonly id: unknown;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One named logger per module; callers must never pass a secret in `fields` (log `[hidden]` instead). */
export interface Logger {
  log(level: LogLevel, message: string, fields?: Readonly<Record<string, unknown>>): void;
  child(name: string): Logger;
}
