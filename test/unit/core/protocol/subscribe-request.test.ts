import { describe, expect, it } from 'vitest';
import {
  authQueryValue,
  authorizationHeader,
  buildSubscribeRequest,
} from '../../../../main/core/protocol/subscribe-request.ts';

const none = { kind: 'none' } as const;

describe('authorization encoding', () => {
  it('encodes Basic credentials like the protocol example', () => {
    expect(authorizationHeader({ kind: 'basic', user: 'testuser', password: 'fakepassword' })).toBe(
      'Basic dGVzdHVzZXI6ZmFrZXBhc3N3b3Jk',
    );
  });

  it('encodes the auth query parameter as unpadded URL-safe base64 of the whole header', () => {
    expect(authQueryValue('Basic dGVzdHVzZXI6ZmFrZXBhc3N3b3Jk')).toBe('QmFzaWMgZEdWemRIVnpaWEk2Wm1GclpYQmhjM04zYjNKaw');
    const value = authQueryValue('Bearer tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2???>>>');
    expect(value).not.toMatch(/[+/=]/);
    expect(Buffer.from(value, 'base64url').toString()).toBe('Bearer tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2???>>>');
  });

  it('sends tokens as Bearer', () => {
    expect(authorizationHeader({ kind: 'token', token: 'tk_abc' })).toBe('Bearer tk_abc');
    expect(authorizationHeader(none)).toBeUndefined();
  });
});

describe('buildSubscribeRequest', () => {
  it('joins topics, picks the format path and uses lowercase query names', () => {
    const request = buildSubscribeRequest({
      baseUrl: 'https://ntfy.example.com/',
      topics: ['alerts', 'backups'],
      transport: 'sse',
      since: { kind: 'id', id: 'aB3dE5fG7hJ9' },
      scheduled: true,
      filters: { priority: ['4', 'urgent'], tags: ['a', 'b c'], title: 'T', message: 'M', id: 'X' },
      credentials: none,
    });
    const url = new URL(request.url);
    expect(url.origin + url.pathname).toBe('https://ntfy.example.com/alerts,backups/sse');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      since: 'aB3dE5fG7hJ9',
      scheduled: '1',
      priority: '4,urgent',
      tags: 'a,b c',
      title: 'T',
      message: 'M',
      id: 'X',
    });
    expect(request.headers).toEqual({});
  });

  it('never sends a topic twice (the server would deliver each message twice)', () => {
    const request = buildSubscribeRequest({
      baseUrl: 'http://h',
      topics: ['a', 'b', 'a'],
      transport: 'json',
      credentials: none,
    });
    expect(new URL(request.url).pathname).toBe('/a,b/json');
  });

  it('switches to ws:// and wss:// for WebSockets and keeps a base path', () => {
    const plain = buildSubscribeRequest({
      baseUrl: 'http://127.0.0.1:8080',
      topics: ['t'],
      transport: 'ws',
      credentials: none,
    });
    expect(plain.url).toBe('ws://127.0.0.1:8080/t/ws');
    const secure = buildSubscribeRequest({
      baseUrl: 'https://h/ntfy/',
      topics: ['t'],
      transport: 'ws',
      credentials: none,
    });
    expect(secure.url).toBe('wss://h/ntfy/t/ws');
  });

  it('polls over /json with poll=1 whatever the live transport is', () => {
    const request = buildSubscribeRequest({
      baseUrl: 'http://h',
      topics: ['t'],
      transport: 'ws',
      poll: true,
      since: { kind: 'all' },
      credentials: none,
    });
    expect(request.url).toBe('http://h/t/json?poll=1&since=all');
  });

  it('puts credentials in the Authorization header by default and in auth= when asked', () => {
    const credentials = { kind: 'basic', user: 'testuser', password: 'fakepassword' } as const;
    const header = buildSubscribeRequest({ baseUrl: 'http://h', topics: ['t'], transport: 'json', credentials });
    expect(header.headers).toEqual({ Authorization: 'Basic dGVzdHVzZXI6ZmFrZXBhc3N3b3Jk' });
    expect(header.url).not.toContain('auth=');
    const query = buildSubscribeRequest({
      baseUrl: 'http://h',
      topics: ['t'],
      transport: 'json',
      credentials,
      authVia: 'query',
    });
    expect(query.headers).toEqual({});
    expect(new URL(query.url).searchParams.get('auth')).toBe('QmFzaWMgZEdWemRIVnpaWEk2Wm1GclpYQmhjM04zYjNKaw');
  });

  it('refuses invalid topics, empty topic lists and non-http servers', () => {
    const base = { baseUrl: 'http://h', transport: 'json', credentials: none } as const;
    expect(() => buildSubscribeRequest({ ...base, topics: ['bad topic'] })).toThrow(/invalid topic/);
    expect(() => buildSubscribeRequest({ ...base, topics: ['x'.repeat(65)] })).toThrow(/invalid topic/);
    expect(() => buildSubscribeRequest({ ...base, topics: [] })).toThrow(/at least one topic/);
    expect(() => buildSubscribeRequest({ ...base, baseUrl: 'file:///etc', topics: ['t'] })).toThrow(/http or https/);
  });
});
