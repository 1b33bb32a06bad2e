import { describe, expect, it } from 'vitest';
import { parsePublishPriority, parseTagList } from '../../../../main/core/publish/priority.ts';
import { buildPublishRequest } from '../../../../main/core/publish/publish-input.ts';

describe('buildPublishRequest', () => {
  it('posts JSON to the server root (under a base path too) with the fields that are set, in ntfy`s order', () => {
    const request = buildPublishRequest(
      {
        server: 'https://ntfy.example/base/',
        topic: 'alerts',
        message: 'Disk full',
        title: 'Größe 🚀',
        priority: 4,
        tags: ['warning'],
        click: '',
        markdown: true,
        delay: 'tomorrow 9am',
        actions: [{ action: 'view', label: 'Open', url: 'https://x.test' }],
      },
      { kind: 'none' },
    );
    expect(request.url).toBe('https://ntfy.example/base/');
    expect(request.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(request.body).toBe(
      '{"topic":"alerts","message":"Disk full","title":"Größe 🚀","priority":4,"tags":["warning"],' +
        '"actions":[{"action":"view","label":"Open","url":"https://x.test"}],"markdown":true,"delay":"tomorrow 9am"}',
    );
  });

  it('sends no-cache as X-Cache: no (not a documented JSON field) and the credentials as subscribing does', () => {
    const token = buildPublishRequest(
      { server: 'http://127.0.0.1:1', topic: 'a', noCache: true },
      {
        kind: 'token',
        token: 'tk_x',
      },
    );
    expect(token.headers).toMatchObject({ 'X-Cache': 'no', Authorization: 'Bearer tk_x' });
    expect(token.body).toBe('{"topic":"a"}');
    const basic = buildPublishRequest(
      { server: 'http://127.0.0.1:1', topic: 'a' },
      {
        kind: 'basic',
        user: 'alice',
        password: 'pw',
      },
    );
    expect(basic.headers['Authorization']).toBe(`Basic ${Buffer.from('alice:pw').toString('base64')}`);
  });

  it('puts piped bytes as the body of PUT /<topic>, the other fields as ntfy`s query parameters', () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const request = buildPublishRequest(
      {
        server: 'https://ntfy.example/base/',
        topic: 'alerts',
        title: 'Größe 🚀',
        priority: 4,
        tags: ['a', 'b'],
        actions: [{ action: 'view', label: 'Open', url: 'https://x.test' }],
        markdown: true,
        delay: '30m',
        noCache: true,
        body: { bytes, filename: 'attachment.png' },
      },
      { kind: 'token', token: 'tk_x' },
    );
    expect(request.method).toBe('PUT');
    expect(request.body).toBe(bytes);
    expect(request.headers).toEqual({ Authorization: 'Bearer tk_x' });
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://ntfy.example/base/alerts');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      title: 'Größe 🚀',
      priority: '4',
      tags: 'a,b',
      actions: '[{"action":"view","label":"Open","url":"https://x.test"}]',
      filename: 'attachment.png',
      markdown: 'yes',
      delay: '30m',
      cache: 'no',
    });
  });

  it('refuses a server URL that is not http(s)', () => {
    expect(() => buildPublishRequest({ server: 'ftp://x', topic: 'a' }, { kind: 'none' })).toThrow(/http or https/);
  });
});

describe('parsePublishPriority and parseTagList', () => {
  it('reads 1-5 and ntfy`s names in any case, nothing else', () => {
    expect(['1', 'min', 'LOW', 'default', ' high ', 'max', 'urgent', '5'].map(parsePublishPriority)).toEqual([
      1, 1, 2, 3, 4, 5, 5, 5,
    ]);
    expect(['0', '6', 'loud', '', 'toString', '__proto__'].map(parsePublishPriority)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('splits tags at commas, trimmed, without empty ones', () => {
    expect(parseTagList(' warning, skull,,rotating_light ')).toEqual(['warning', 'skull', 'rotating_light']);
  });
});
