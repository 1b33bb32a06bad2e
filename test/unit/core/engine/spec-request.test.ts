import { describe, expect, it } from 'vitest';
import type { ConnectionSpec } from '../../../../main/core/engine/connection-types.ts';
import { requestForSpec } from '../../../../main/core/engine/spec-request.ts';

const spec: ConnectionSpec = {
  key: 'k',
  server: 'https://ntfy.example.com/base',
  topics: ['a', 'b'],
  transport: 'ws',
  filters: { priority: ['4', '5'], tags: ['x'] },
  credentials: { kind: 'token', token: 'tk_secret' },
  authVia: 'header',
  scheduled: true,
  initialSince: { kind: 'all' },
};

describe('requestForSpec', () => {
  it('streams with everything the spec fixes, on the topics and start asked for', () => {
    const request = requestForSpec(spec, { topics: ['b'], since: { kind: 'id', id: 'abc123' } });
    expect(request.url).toBe('wss://ntfy.example.com/base/b/ws?since=abc123&scheduled=1&priority=4%2C5&tags=x');
    expect(request.headers).toEqual({ Authorization: 'Bearer tk_secret' });
  });

  it('polls the JSON endpoint whatever the spec streams with', () => {
    const request = requestForSpec(spec, { topics: spec.topics, since: { kind: 'all' }, poll: true });
    expect(request.url).toBe(
      'https://ntfy.example.com/base/a,b/json?poll=1&since=all&scheduled=1&priority=4%2C5&tags=x',
    );
  });

  it('sends credentials as ?auth= when the spec says so', () => {
    const request = requestForSpec({ ...spec, authVia: 'query' }, { topics: ['a'] });
    expect(request.headers).toEqual({});
    expect(new URL(request.url).searchParams.get('auth')).toBe(Buffer.from('Bearer tk_secret').toString('base64url'));
  });
});
