import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../common/i18n/translate.ts';
import { clockTime, connectionLabel, formatBytes, relativeTime, untilTime } from '../../../renderer/history/format.ts';
import { describeServerHealth, summarizeServers } from '../../../renderer/history/server-health.ts';

// Local wall-clock times (built from local date parts), so the tests hold in any time zone.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute).getTime();

describe('the message list’s words in German', () => {
  beforeEach(() => {
    setLocale(['de-DE']);
  });
  afterEach(() => {
    setLocale(['en-US']);
  });

  it('says relative times in German, "gerade eben" under a minute', () => {
    const now = at(10, 12);
    expect(relativeTime(now / 1000 - 20, now)).toBe('gerade eben');
    expect(relativeTime(now / 1000 - 5 * 60, now)).toBe('vor 5 Minuten');
    expect(relativeTime(now / 1000 - 24 * 3600, now)).toBe('gestern');
  });

  it('gives clock times in the active locale when none is passed', () => {
    expect(clockTime(at(10, 19, 43))).toBe('19:43');
    expect(untilTime(at(11, 7), at(10, 23))).toBe('Mi., 07:00');
  });

  it('writes byte sizes with the German decimal comma and plural', () => {
    expect(formatBytes(1)).toBe('1 Byte');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(2_500_000)).toBe('2,5 MB');
  });

  it('names connection states and server trouble in German, with a plural countdown', () => {
    expect(connectionLabel('backoff')).toBe('Neuer Verbindungsversuch');
    const unreachable = {
      server: 'https://ntfy.example',
      name: 'ntfy.example',
      kind: 'unreachable',
      nextAttemptAt: 12_000,
    } as const;
    expect(describeServerHealth(unreachable, 0).headline).toBe(
      'ntfy.example ist nicht erreichbar – neuer Versuch in 12 s',
    );
    expect(summarizeServers([]).headline).toBe('Keine Server zum Verbinden');
  });
});

describe('the message list’s words in English', () => {
  it('keep their English text and plural', () => {
    expect(relativeTime(1000, 1000 * 1000 + 10_000)).toBe('just now');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(connectionLabel('open')).toBe('Connected');
  });
});
