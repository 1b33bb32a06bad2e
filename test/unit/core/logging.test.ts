import { describe, expect, it } from 'vitest';
import type { LogLevel } from '../../../main/core/ports.ts';
import { createConsoleLogger, formatLogLine } from '../../../main/core/logging.ts';

describe('console logger', () => {
  it('prefixes the logger name and appends fields as JSON', () => {
    expect(formatLogLine('desktop', 'ready', { startHidden: true })).toBe('[desktop] ready {"startHidden":true}');
    expect(formatLogLine('desktop', 'ready')).toBe('[desktop] ready');
  });

  it('prints errors by name and message, which JSON.stringify alone would drop', () => {
    expect(formatLogLine('desktop', 'failed', { error: new TypeError('boom') })).toBe(
      '[desktop] failed {"error":{"name":"TypeError","message":"boom"}}',
    );
  });

  it('writes each entry with its level, and names children after their parent', () => {
    const lines: [LogLevel, string][] = [];
    const log = createConsoleLogger({ name: 'ntfy-tray', write: (level, line) => lines.push([level, line]) });

    log.child('window').log('warn', 'refused');

    expect(lines).toEqual([['warn', '[ntfy-tray:window] refused']]);
  });

  it('cuts a long URL short: an error quoting an 11 KB subscribe URL stays one readable line', () => {
    const topics = Array.from({ length: 1000 }, (_, index) => `topic-${String(index).padStart(4, '0')}`);
    const url = `https://ntfy.example.com/${topics.join(',')}/json`;
    const line = formatLogLine('engine', 'connect failed', { error: new Error(`cannot reach ${url}`) });
    expect(line).toBe(
      `[engine] connect failed {"error":{"name":"Error","message":"cannot reach ${url.slice(0, 100)}…"}}`,
    );
  });
});
