import { describe, expect, it } from 'vitest';
import { parseFutureTime, parseGoDuration } from './durations.ts';
import { goTrimSpace, parsePriority, readBoolParam, readParam, splitNoEmpty } from './params.ts';
import { parseSince } from './subscribe-params.ts';

describe('Go durations', () => {
  it.each([
    ['30s', 30_000],
    ['10m', 600_000],
    ['1h30m', 5_400_000],
    ['1.5h', 5_400_000],
    ['.5s', 500],
    ['250ms', 250],
    ['1500us', 1.5],
    ['1500µs', 1.5],
    ['2000000ns', 2],
    ['0', 0],
    ['-1m', -60_000],
    ['+2s', 2000],
  ])('parses %s', (input, ms) => {
    expect(parseGoDuration(input)).toBeCloseTo(ms, 6);
  });

  it.each(['1d', '', '.', 's', '10', '1w', '1 h', '1h-1m'])('rejects %j like time.ParseDuration', (input) => {
    expect(parseGoDuration(input)).toBeUndefined();
  });

  it('parses delays: Go durations, ntfy durations with days and words, and Unix timestamps', () => {
    const now = 1_700_000_000_000;
    expect(parseFutureTime('90s', now)).toBe(now + 90_000);
    expect(parseFutureTime('1d', now)).toBe(now + 86_400_000);
    expect(parseFutureTime('10 minutes', now)).toBe(now + 600_000);
    expect(parseFutureTime('1700003600', now)).toBe(1_700_003_600_000);
    expect(parseFutureTime('next week', now)).toBeUndefined();
  });
});

describe('since values', () => {
  const now = 1_700_000_000_500;
  it('reads keywords, ids (a 12-digit number is an id), timestamps and durations', () => {
    expect(parseSince('', false, now)).toEqual({ kind: 'none' });
    expect(parseSince('', true, now)).toEqual({ kind: 'all' });
    expect(parseSince('latest', false, now)).toEqual({ kind: 'latest' });
    expect(parseSince('AbCdEf123456', false, now)).toEqual({ kind: 'id', id: 'AbCdEf123456' });
    expect(parseSince('123456789012', false, now)).toEqual({ kind: 'id', id: '123456789012' });
    expect(parseSince('1699999000', false, now)).toEqual({ kind: 'time', unix: 1_699_999_000 });
    expect(parseSince('10m', false, now)).toEqual({ kind: 'time', unix: 1_699_999_400 });
    expect(() => parseSince('1d', false, now)).toThrow('invalid since parameter');
  });
});

describe('parameter lookup', () => {
  const source = (headers: Record<string, string>, query: string) => ({ headers, query: new URLSearchParams(query) });

  it('prefers any header name over the query, and reads the query under lowercase names only', () => {
    expect(readParam(source({ 'x-title': ' h ' }, 'title=q'), 'x-title', 'title', 't')).toBe('h');
    expect(readParam(source({}, 'Title=q&t=short'), 'x-title', 'title', 't')).toBe('short');
    expect(readParam(source({}, 'title='), 'x-title', 'title')).toBe('');
    expect(readBoolParam(source({}, 'poll=YES'), false, 'poll')).toBe(true);
    expect(readBoolParam(source({}, ''), true, 'poll')).toBe(true);
  });

  it('skips an RFC 9218 Priority header (u=N[, i]) and looks further, but only under the name Priority', () => {
    const names = ['x-priority', 'priority', 'prio', 'p'];
    expect(readParam(source({ priority: 'u=1, i' }, ''), ...names)).toBe('');
    expect(readParam(source({ priority: 'u=3' }, 'p=high'), ...names)).toBe('high');
    expect(readParam(source({ priority: 'u=1,\ti', prio: '2' }, ''), ...names)).toBe('2');
    expect(readParam(source({ priority: 'u=10, i' }, ''), ...names)).toBe('u=10, i');
    expect(readParam(source({ 'x-priority': 'u=1, i' }, ''), ...names)).toBe('u=1, i');
  });

  it('splits comma lists without trimming and parses priorities like ntfy', () => {
    expect(splitNoEmpty('a, b,,c')).toEqual(['a', ' b', 'c']);
    expect([parsePriority('urgent'), parsePriority(' High '), parsePriority('')]).toEqual([5, 4, 0]);
    expect(parsePriority('6')).toBeUndefined();
    expect(parsePriority('u=3, i')).toBeUndefined();
  });

  it("trims like Go's strings.TrimSpace", () => {
    expect(goTrimSpace('\u0085 \t hi \n\u00a0')).toBe('hi');
    expect(goTrimSpace('\ufeffhi')).toBe('\ufeffhi');
  });
});
