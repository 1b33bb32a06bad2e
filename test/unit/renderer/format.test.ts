import { describe, expect, it } from 'vitest';
import type { ConnectionDto } from '../../../common/ipc.ts';
import {
  absoluteTime,
  clockTime,
  connectionKindFor,
  connectionLabel,
  timestamp,
  untilTime,
} from '../../../renderer/history/format.ts';

// Local wall-clock times (built from local date parts), so the tests hold in any time zone.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute).getTime();

// ICU writes the space before AM/PM as a narrow no-break space in some versions; \s matches either.
describe('clockTime', () => {
  it('is the locale’s short time: 12-hour in en-US, 24-hour in de-DE, no forced hour cycle', () => {
    expect(clockTime(at(10, 19, 43), 'en-US')).toMatch(/^7:43\sPM$/);
    expect(clockTime(at(10, 19, 43), 'de-DE')).toBe('19:43');
    expect(clockTime(at(10, 7, 5), 'en-GB')).toBe('07:05');
  });
});

describe('timestamp and absoluteTime', () => {
  it('give the date (medium) and the short time, in the locale’s order', () => {
    expect(timestamp(at(10, 19, 43), 'en-US')).toMatch(/^Mar 10, 2026, 7:43\sPM$/);
    expect(timestamp(at(10, 19, 43), 'de-DE')).toBe('10.03.2026, 19:43');
  });

  it('read ntfy’s Unix seconds', () => {
    expect(absoluteTime(at(10, 19, 43) / 1000, 'de-DE')).toBe('10.03.2026, 19:43');
  });
});

describe('untilTime', () => {
  it('is the clock time alone for today, and names the weekday for another day', () => {
    expect(untilTime(at(10, 23, 30), at(10, 19), 'de-DE')).toBe('23:30');
    expect(untilTime(at(11, 7), at(10, 23), 'en-GB')).toBe('Wed 07:00');
    expect(untilTime(at(11, 7), at(10, 23), 'en-US')).toMatch(/^Wed 7:00\sAM$/);
  });
});

describe('connectionKindFor', () => {
  const server = 'https://ntfy.example.com';
  const base: ConnectionDto = {
    server,
    topics: ['a'],
    forbiddenTopics: [],
    transport: 'json',
    state: { kind: 'open' },
  };

  it('words a 403 and a refused topic as no permission, a 401 as credentials not accepted', () => {
    const forbidden: ConnectionDto = { ...base, state: { kind: 'auth-failed', cause: 'permission', message: 'x' } };
    const rejected: ConnectionDto = { ...base, state: { kind: 'auth-failed', cause: 'credentials', message: 'x' } };
    const narrowed: ConnectionDto = { ...base, forbiddenTopics: ['b'] };
    expect(connectionKindFor({ server, topic: 'a' }, [forbidden])).toBe('no-permission');
    expect(connectionKindFor({ server, topic: 'b' }, [narrowed])).toBe('no-permission');
    expect(connectionKindFor({ server, topic: 'a' }, [narrowed])).toBe('open');
    expect(connectionKindFor({ server, topic: 'a' }, [rejected])).toBe('auth-failed');
    expect(connectionLabel('no-permission')).toBe('No permission');
    expect(connectionLabel('auth-failed')).toBe('Credentials not accepted');
  });
});
