import { describe, expect, it } from 'vitest';
import { bannerSet, foldedSummary, isFolded, staysFolded } from '../../../renderer/history/server-banners-fold.ts';

const down = { server: 'https://a.example', kind: 'unreachable' } as const;
const refused = { server: 'https://b.example', kind: 'credentials' } as const;

describe('folding the server banners', () => {
  it('stays folded while the banners are the ones folded, or fewer', () => {
    const folded = bannerSet([down, refused]);
    expect(staysFolded(folded, bannerSet([down, refused]))).toBe(true);
    expect(staysFolded(folded, bannerSet([refused]))).toBe(true);
  });

  it('unfolds for a new server in trouble or a new kind of trouble', () => {
    const folded = bannerSet([down]);
    expect(staysFolded(folded, bannerSet([down, refused]))).toBe(false);
    expect(staysFolded(folded, bannerSet([{ ...down, kind: 'credentials' }]))).toBe(false);
  });

  it('says how many servers and the worst state', () => {
    expect(foldedSummary([down, refused])).toBe('2 servers have problems: credentials not accepted');
    expect(foldedSummary([down])).toBe('1 server has a problem: cannot be reached');
  });

  it('starts folded with more than one server in trouble at every size, one alone only in a compact window', () => {
    const two = bannerSet([down, refused]);
    const one = bannerSet([down]);
    expect(isFolded(undefined, two, false)).toBe(true);
    expect(isFolded(undefined, two, true)).toBe(true);
    expect(isFolded(undefined, one, false)).toBe(false);
    expect(isFolded(undefined, one, true)).toBe(true);
  });

  it('keeps what the user chose while no new problem comes', () => {
    const now = bannerSet([down, refused]);
    expect(isFolded('unfolded', now, true)).toBe(false);
    expect(isFolded('unfolded', now, false)).toBe(false);
    expect(isFolded({ over: now }, now, false)).toBe(true);
  });

  it('a new problem ends a fold the user made: a lone banner unfolds where there is room, more stay one line', () => {
    const changed = bannerSet([{ ...down, kind: 'credentials' }]);
    expect(isFolded({ over: bannerSet([down]) }, changed, false)).toBe(false);
    expect(isFolded({ over: bannerSet([down]) }, changed, true)).toBe(true);
    expect(isFolded({ over: bannerSet([down]) }, bannerSet([down, refused]), false)).toBe(true);
  });
});
