import { describe, expect, it } from 'vitest';
import { normalizeServerUrl } from '../../../../common/server-url.ts';
import { connectionFingerprint, groupSubscriptions } from '../../../../main/core/engine/groups.ts';

const all = { initialSince: { kind: 'all' } } as const;

describe('groupSubscriptions', () => {
  it('puts subscriptions that share server, credentials, transport and filters on one connection', () => {
    const specs = groupSubscriptions(
      [
        { server: 'https://ntfy.sh', topic: 'a' },
        { server: 'https://NTFY.sh/', topic: 'b' },
        { server: 'https://ntfy.sh', topic: 'a' },
        { server: 'https://ntfy.sh', topic: 'c', transport: 'ws' },
        { server: 'https://ntfy.sh', topic: 'd', filters: { priority: ['5'] } },
        { server: 'https://ntfy.sh', topic: 'e', credentials: { kind: 'basic', user: 'u', password: 'p' } },
        { server: 'http://127.0.0.1:8080', topic: 'a' },
      ],
      all,
    );
    expect(specs.map((spec) => `${spec.server} ${spec.transport} ${spec.topics.join(',')}`)).toEqual([
      'https://ntfy.sh json a,b',
      'https://ntfy.sh ws c',
      'https://ntfy.sh json d',
      'https://ntfy.sh json e',
      'http://127.0.0.1:8080 json a',
    ]);
  });

  it('keeps secrets and user names out of the group key (it appears in logs)', () => {
    const [spec] = groupSubscriptions(
      [{ server: 'https://h', topic: 't', credentials: { kind: 'basic', user: 'alice', password: 'hunter2' } }],
      all,
    );
    expect(spec?.key).toMatch(/ user-[0-9a-f]{16} /);
    expect(spec?.key).not.toContain('hunter2');
    expect(spec?.key).not.toContain('alice');
    const [token] = groupSubscriptions(
      [{ server: 'https://h', topic: 't', credentials: { kind: 'token', token: 'tk_secret' } }],
      all,
    );
    expect(token?.key).not.toContain('tk_secret');
  });

  it('changes the fingerprint, not the key, when the password or the topics change', () => {
    const before = groupSubscriptions(
      [{ server: 'https://h', topic: 't', credentials: { kind: 'basic', user: 'a', password: 'first-secret' } }],
      all,
    );
    const after = groupSubscriptions(
      [{ server: 'https://h', topic: 't', credentials: { kind: 'basic', user: 'a', password: 'second-secret' } }],
      all,
    );
    const more = groupSubscriptions(
      [
        { server: 'https://h', topic: 't', credentials: { kind: 'basic', user: 'a', password: 'first-secret' } },
        { server: 'https://h', topic: 'u', credentials: { kind: 'basic', user: 'a', password: 'first-secret' } },
      ],
      all,
    );
    const [b, a, m] = [before[0], after[0], more[0]];
    if (b === undefined || a === undefined || m === undefined) throw new Error('expected one group each');
    expect(a.key).toBe(b.key);
    expect(m.key).toBe(b.key);
    expect(connectionFingerprint(a)).not.toBe(connectionFingerprint(b));
    expect(connectionFingerprint(m)).not.toBe(connectionFingerprint(b));
    expect(connectionFingerprint(a)).not.toContain('second-secret');
  });
});

describe('normalizeServerUrl', () => {
  it('lowercases the host, drops trailing slashes, query and hash, keeps a base path', () => {
    expect(normalizeServerUrl('https://Ntfy.SH/')).toBe('https://ntfy.sh');
    expect(normalizeServerUrl('http://127.0.0.1:8080/ntfy//?x=1#y')).toBe('http://127.0.0.1:8080/ntfy');
  });
});
