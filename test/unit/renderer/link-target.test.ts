import { describe, expect, it } from 'vitest';
import { disguisedLinkTarget } from '../../../renderer/history/link-target.ts';

describe('disguisedLinkTarget', () => {
  it('names the real host of a link whose text is another address', () => {
    expect(disguisedLinkTarget('https://bank.example/login', 'https://evil.example/steal')).toBe('evil.example');
    expect(disguisedLinkTarget('www.bank.example', 'https://evil.example/')).toBe('evil.example');
    expect(disguisedLinkTarget(' bank.example/login ', 'http://10.0.0.1/x')).toBe('10.0.0.1');
    expect(disguisedLinkTarget('ops@example.com', 'mailto:phish@evil.example')).toBe('phish@evil.example');
  });

  it('lets an honest link or a link with words for its text open at once', () => {
    expect(disguisedLinkTarget('https://example.com/a', 'https://example.com/b?c=d')).toBeUndefined();
    expect(disguisedLinkTarget('EXAMPLE.com', 'https://example.com/')).toBeUndefined();
    expect(disguisedLinkTarget('the deploy log', 'https://ci.example/7')).toBeUndefined();
    expect(disguisedLinkTarget('click here', 'https://evil.example/')).toBeUndefined();
  });
});
