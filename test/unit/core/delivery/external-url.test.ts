import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl, isFetchableUrl } from '../../../../main/core/delivery/external-url.ts';

describe('isAllowedExternalUrl', () => {
  it('allows http, https and mailto, normalized', () => {
    expect(isAllowedExternalUrl('https://example.com/a?b=c#d')).toEqual({
      ok: true,
      url: 'https://example.com/a?b=c#d',
    });
    expect(isAllowedExternalUrl('HTTP://Example.COM')).toEqual({ ok: true, url: 'http://example.com/' });
    expect(isAllowedExternalUrl('  https://example.com/padded  ')).toEqual({
      ok: true,
      url: 'https://example.com/padded',
    });
    expect(isAllowedExternalUrl('mailto:ops@example.com?subject=alert')).toMatchObject({ ok: true });
  });

  it.each([
    ['file:///etc/passwd', 'scheme file:'],
    ['javascript:alert(1)', 'scheme javascript:'],
    ['JaVaScRiPt:alert(1)', 'scheme javascript:'],
    ['java\tscript:alert(1)', 'control characters'],
    ['java\nscript:alert(1)', 'control characters'],
    ['\u0000https://example.com', 'control characters'],
    ['data:text/html,<script>alert(1)</script>', 'scheme data:'],
    ['vbscript:msgbox(1)', 'scheme vbscript:'],
    ['ms-settings:privacy', 'scheme ms-settings:'],
    ['vscode://file/etc/passwd', 'scheme vscode:'],
    ['smb://attacker/share', 'scheme smb:'],
    ['//example.com/protocol-relative', 'not an absolute URL'],
    ['/relative/path', 'not an absolute URL'],
    ['example.com', 'not an absolute URL'],
    ['', 'not an absolute URL'],
    ['https://', 'not an absolute URL'],
  ])('refuses %j (%s)', (input, reason) => {
    const result = isAllowedExternalUrl(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });

  it('refuses non-strings', () => {
    for (const input of [undefined, null, 42, { href: 'https://example.com' }]) {
      expect(isAllowedExternalUrl(input)).toEqual({ ok: false, reason: 'not a string' });
    }
  });
});

describe('isFetchableUrl', () => {
  it('allows only http and https', () => {
    expect(isFetchableUrl('https://example.com/image.png').ok).toBe(true);
    expect(isFetchableUrl('mailto:ops@example.com').ok).toBe(false);
    expect(isFetchableUrl('file:///tmp/image.png').ok).toBe(false);
  });
});

describe('mailto: links from a message', () => {
  it('keep only subject, body, cc and bcc: a mail program may act on other fields unasked', () => {
    const url =
      'mailto:ops@example.com?subject=Disk%20full&attach=/etc/passwd&X-Mailer=evil&body=hi+there&CC=a@example.com';
    expect(isAllowedExternalUrl(url)).toEqual({
      ok: true,
      url: 'mailto:ops@example.com?subject=Disk%20full&body=hi%20there&cc=a%40example.com',
    });
    expect(isAllowedExternalUrl('mailto:ops@example.com?attach=~/.ssh/id_rsa')).toEqual({
      ok: true,
      url: 'mailto:ops@example.com',
    });
  });
});
