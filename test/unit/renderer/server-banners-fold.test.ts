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

  it('starts folded in a compact window and unfolded otherwise, until the user chooses', () => {
    const now = bannerSet([down, refused]);
    expect(isFolded(undefined, now, true)).toBe(true);
    expect(isFolded(undefined, now, false)).toBe(false);
    expect(isFolded('unfolded', now, true)).toBe(false);
    expect(isFolded({ over: now }, now, false)).toBe(true);
  });

  it('a new problem unfolds a fold the user made only when there is room', () => {
    const over = bannerSet([down]);
    const now = bannerSet([down, refused]);
    expect(isFolded({ over }, now, false)).toBe(false);
    expect(isFolded({ over }, now, true)).toBe(true);
  });
});
