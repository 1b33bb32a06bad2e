/**
 * Delays as ntfy reads them (util/time.go ParseFutureTime): Unix timestamps not in the past, durations, and the
 * natural-language phrases a send form offers ("tomorrow 9am"), in the server's local time.
 */
import { describe, expect, it } from 'vitest';
import { parseFutureTime } from './durations.ts';
import { parseNaturalTime } from './natural-time.ts';
import { request, serverForTest } from './testing/fixtures.ts';

/** Local time, as the server reads phrases: 24 Nov 2026, 12:00:00.000. */
const noon = new Date(2026, 10, 24, 12, 0, 0, 0).getTime();
const local = (day: number, hours: number, minutes = 0): number => new Date(2026, 10, day, hours, minutes).getTime();

describe('natural-language delays (the subset of ntfy`s that a send form uses)', () => {
  it.each([
    ['tomorrow 9am', local(25, 9)],
    ['Tomorrow, 10 AM', local(25, 10)],
    ['tomorrow at 8:30pm', local(25, 20, 30)],
    ['8:30pm', local(24, 20, 30)],
    ['17:30', local(24, 17, 30)],
    ['today 6pm', local(24, 18)],
    // Not in the future: ntfy tries again with "tomorrow, " in front.
    ['9am', local(25, 9)],
    ['12:00', local(25, 12)],
    ['tomorrow', noon + 86_400_000],
  ])('reads %j', (input, expected) => {
    expect(parseNaturalTime(input, noon)).toBe(expected);
    expect(parseFutureTime(input, noon)).toBe(expected);
  });

  it.each(['next tuesday', 'in 3 hours', '13pm', '0am', '25:00', '9', '9:75', 'tomorrow-ish', ''])(
    'does not read %j',
    (input) => {
      expect(parseNaturalTime(input, noon)).toBeUndefined();
    },
  );
});

describe('parseFutureTime in ntfy`s order', () => {
  it('trims, and reads a Unix timestamp in the past as nothing (40004), not as a delay too small', () => {
    expect(parseFutureTime(' 30m ', noon)).toBe(noon + 1_800_000);
    expect(parseFutureTime(String(noon / 1000 + 60), noon)).toBe(noon + 60_000);
    expect(parseFutureTime(String(noon / 1000 - 60), noon)).toBeUndefined();
  });
});

describe('Delay over HTTP', () => {
  const code = async (delay: string): Promise<unknown> => {
    const server = await serverForTest();
    const response = await request(server, '/a', { method: 'POST', headers: { Delay: delay }, body: 'x' });
    return response.status === 200 ? 200 : (JSON.parse(response.text) as { code: unknown }).code;
  };

  it('accepts "tomorrow 9am" (always 9 to 33 hours ahead) and a JSON delay in words', async () => {
    expect(await code('tomorrow 9am')).toBe(200);
    const server = await serverForTest();
    const json = await request(server, '/', {
      method: 'POST',
      body: JSON.stringify({ topic: 'a', message: 'x', delay: 'tomorrow, 10am' }),
    });
    expect(json.status).toBe(200);
  });

  it('answers a timestamp in the past with 40004 and a phrase it does not know with 40004', async () => {
    expect(await code(String(Math.floor(Date.now() / 1000) - 3600))).toBe(40004);
    expect(await code('next tuesday')).toBe(40004);
  });
});
