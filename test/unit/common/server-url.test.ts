import { describe, expect, it } from 'vitest';
import { normalizeServerUrl, serverUrlError, serverUrlOf } from '../../../common/server-url.ts';

describe('server URL rule', () => {
  it.each([
    ['https://Ntfy.SH/', 'https://ntfy.sh'],
    ['http://127.0.0.1:8080/ntfy//?x=1#y', 'http://127.0.0.1:8080/ntfy'],
    ['  HTTPS://host.example.com/base/ ', 'https://host.example.com/base'],
    ['https://user:secret@host.example.com', 'https://host.example.com'],
  ])('normalizes %j to %j', (text, normalized) => {
    expect(normalizeServerUrl(text)).toBe(normalized);
    expect(serverUrlOf(text)).toBe(normalized);
  });

  it.each(['ftp://example.com', 'ws://host', 'not a url', '', 'host.example.com'])(
    'has no server URL for %j',
    (text) => {
      expect(serverUrlOf(text)).toBeUndefined();
      expect(serverUrlError(text)).toEqual({ code: 'invalid-server-url', message: 'must be an http or https URL' });
    },
  );

  it('refuses credentials in a URL to keep, with their own code', () => {
    expect(serverUrlError('https://user:secret@ntfy.sh')).toEqual({
      code: 'server-url-with-credentials',
      message: 'must not contain credentials',
    });
    expect(serverUrlError('https://ntfy.sh/base')).toBeUndefined();
  });
});
