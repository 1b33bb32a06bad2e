import { describe, expect, it } from 'vitest';
import { CHROMIUM_CANDIDATES, findChromium } from '../../support/chromium.ts';

describe('the browser the tests use, per OS (test/support/chromium.ts)', () => {
  it('CHROMIUM_PATH wins everywhere', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(findChromium(platform, { CHROMIUM_PATH: '/opt/chrome' }, () => true)).toBe('/opt/chrome');
    }
  });

  it('Linux: Debian’s Chromium headless shell, else its full Chromium, else the Google Chrome of GitHub’s Ubuntu runner', () => {
    expect(findChromium('linux', {}, () => true)).toBe('/usr/bin/chromium-headless-shell');
    expect(findChromium('linux', {}, (file) => file !== '/usr/bin/chromium-headless-shell')).toBe('/usr/bin/chromium');
    expect(findChromium('linux', {}, (file) => file === '/usr/bin/google-chrome')).toBe('/usr/bin/google-chrome');
  });

  it('macOS and Windows: Google Chrome where the runners have it', () => {
    expect(findChromium('darwin', {}, () => true)).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    expect(findChromium('win32', {}, () => true)).toBe('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
  });

  it('names the first candidate when none exists, so the launch error says what was looked for', () => {
    expect(findChromium('linux', {}, () => false)).toBe(CHROMIUM_CANDIDATES.linux[0]);
  });
});
