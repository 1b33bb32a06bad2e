import { describe, expect, it } from 'vitest';
import { normalizeServerUrl, serverLabel, serverUrlError, serverUrlOf } from '../../../common/server-url.ts';

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

describe('serverLabel', () => {
  it('drops the scheme, keeps a port and a base path', () => {
    expect(serverLabel('https://ntfy.example.com')).toBe('ntfy.example.com');
    expect(serverLabel('http://127.0.0.1:18090/ntfy')).toBe('127.0.0.1:18090/ntfy');
    expect(serverLabel('not a url')).toBe('not a url');
  });

  it('keeps the scheme when another known server differs only by it', () => {
    const known = ['https://127.0.0.1:18090', 'http://127.0.0.1:18090', 'https://ntfy.sh'];
    expect(serverLabel('https://127.0.0.1:18090', known)).toBe('https://127.0.0.1:18090');
    expect(serverLabel('http://127.0.0.1:18090', known)).toBe('http://127.0.0.1:18090');
    expect(serverLabel('https://ntfy.sh', known)).toBe('ntfy.sh');
  });
});
