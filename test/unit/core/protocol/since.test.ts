import { describe, expect, it } from 'vitest';
import { formatSince, parseSince } from '../../../../main/core/protocol/since.ts';

function wire(input: string): string {
  const parsed = parseSince(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return formatSince(parsed.since);
}

describe('parseSince', () => {
  it('keeps the keywords', () => {
    expect(wire('all')).toBe('all');
    expect(wire('latest')).toBe('latest');
    expect(wire('none')).toBe('none');
  });

  it('passes Go durations through unchanged', () => {
    for (const duration of ['30s', '10m', '2h', '1h30m', '1.5h', '500ms', '90s']) expect(wire(duration)).toBe(duration);
  });

  it('converts days to seconds because servers reject "1d"', () => {
    expect(wire('1d')).toBe('86400s');
    expect(wire('2d12h')).toBe(`${2 * 86_400 + 12 * 3600}s`);
    expect(wire('1.5d')).toBe('129600s');
  });

  it('reads digits as Unix seconds', () => {
    expect(parseSince('1700000000')).toEqual({ ok: true, since: { kind: 'time', unixSeconds: 1_700_000_000 } });
  });

  it('reads 12 alphanumerics as a message id', () => {
    expect(parseSince('aB3dE5fG7hJ9')).toEqual({ ok: true, since: { kind: 'id', id: 'aB3dE5fG7hJ9' } });
  });

  it('refuses anything else with a message that lists the accepted forms', () => {
    for (const bad of ['', 'yesterday', '1w', '10 m', 'abc', 'd', '1d-2h', 'aB3dE5fG7hJ9x']) {
      const parsed = parseSince(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.error).toContain('duration (30s, 10m, 2h, 1d)');
    }
  });
});
