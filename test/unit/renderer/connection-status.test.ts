import { describe, expect, it } from 'vitest';
import type { ConnectionTrouble } from '../../../common/connection-trouble.ts';
import type { ConnectionDto, ConnectionStateDto } from '../../../common/ipc.ts';
import {
  anyCountdown,
  describeStatus,
  describeTestResult,
  findConnection,
  needsCredentials,
  secondsUntil,
  subscriptionStatus,
} from '../../../renderer/subscriptions/connection-status.ts';

const server = 'https://ntfy.example.com';

function connection(state: ConnectionStateDto, overrides: Partial<ConnectionDto> = {}): ConnectionDto {
  return { server, topics: ['alerts'], forbiddenTopics: [], transport: 'json', state, ...overrides };
}

describe('findConnection', () => {
  it('matches by server and topic, forbidden topics included', () => {
    const open = connection({ kind: 'open' }, { topics: ['alerts', 'backups'] });
    const elsewhere = connection({ kind: 'open' }, { server: 'https://other.example.com' });
    const refused = connection({ kind: 'open' }, { topics: ['backups'], forbiddenTopics: ['private'] });
    expect(findConnection({ server, topic: 'backups' }, [elsewhere, open])).toBe(open);
    expect(findConnection({ server, topic: 'private' }, [open, refused])).toBe(refused);
    expect(findConnection({ server, topic: 'missing' }, [open, refused])).toBeUndefined();
  });

  it('prefers a running connection over a stopped one that is being replaced', () => {
    const stopped = connection({ kind: 'stopped' });
    const connecting = connection({ kind: 'connecting' });
    expect(findConnection({ server, topic: 'alerts' }, [stopped, connecting])).toBe(connecting);
    expect(findConnection({ server, topic: 'alerts' }, [stopped])).toBe(stopped);
  });
});

describe('subscriptionStatus', () => {
  const ref = { server, topic: 'alerts' };

  it('follows the connection state', () => {
    expect(subscriptionStatus(ref, [connection({ kind: 'open' })])).toEqual({ kind: 'connected' });
    expect(subscriptionStatus(ref, [connection({ kind: 'connecting' })])).toEqual({ kind: 'connecting' });
    expect(
      subscriptionStatus(ref, [
        connection({
          kind: 'backoff',
          nextAttemptAt: 5000,
          reason: 'connect ECONNREFUSED',
          trouble: { kind: 'network', failure: 'refused' },
        }),
      ]),
    ).toEqual({ kind: 'reconnecting', nextAttemptAt: 5000, reason: 'connect ECONNREFUSED' });
    expect(
      subscriptionStatus(ref, [connection({ kind: 'auth-failed', cause: 'credentials', message: 'HTTP 401' })]),
    ).toEqual({
      kind: 'credentials-rejected',
      message: 'HTTP 401',
    });
    expect(subscriptionStatus(ref, [connection({ kind: 'error', message: 'HTTP 400' })])).toEqual({
      kind: 'error',
      message: 'HTTP 400',
    });
    expect(subscriptionStatus(ref, [connection({ kind: 'stopped' })])).toEqual({ kind: 'stopped' });
    expect(subscriptionStatus(ref, [])).toEqual({ kind: 'not-connected' });
  });

  it('calls a refusal with no stored secret "missing", not "rejected"', () => {
    const refused = [connection({ kind: 'auth-failed', cause: 'credentials', message: 'HTTP 401' })];
    expect(subscriptionStatus({ ...ref, auth: 'basic', hasCredentials: false }, refused)).toEqual({
      kind: 'credentials-missing',
    });
    expect(subscriptionStatus({ ...ref, auth: 'basic', hasCredentials: true }, refused)).toMatchObject({
      kind: 'credentials-rejected',
    });
    expect(describeStatus({ kind: 'credentials-missing' }, 0).label).toBe('Credentials missing');
    expect(needsCredentials({ kind: 'credentials-missing' })).toBe(true);
  });

  it('says "no permission" for a 403 and "not accepted" for a 401 on a one-topic connection', () => {
    const forbidden = [connection({ kind: 'auth-failed', cause: 'permission', message: 'forbidden' })];
    expect(subscriptionStatus({ ...ref, auth: 'basic' }, forbidden)).toEqual({
      kind: 'no-permission',
      anonymous: false,
    });
    const described = describeStatus({ kind: 'no-permission', anonymous: false }, 0);
    expect(described).toEqual({
      label: 'No permission',
      detail: 'These credentials may not read this topic; enter the credentials of an account that may read it.',
      tone: 'problem',
    });
    const rejected = [connection({ kind: 'auth-failed', cause: 'credentials', message: 'unauthorized' })];
    expect(describeStatus(subscriptionStatus(ref, rejected), 0).label).toBe('Credentials not accepted');
    // Without its secret the core connects anonymously, which ntfy answers with a 403: the secret is missing.
    expect(subscriptionStatus({ ...ref, auth: 'basic', hasCredentials: false }, forbidden)).toEqual({
      kind: 'credentials-missing',
    });
  });

  it('does not speak of "these credentials" to a subscription that has none', () => {
    const forbidden = [connection({ kind: 'auth-failed', cause: 'permission', message: 'forbidden' })];
    const status = subscriptionStatus({ ...ref, auth: 'none' }, forbidden);
    expect(status).toEqual({ kind: 'no-permission', anonymous: true });
    expect(describeStatus(status, 0)).toEqual({
      label: 'No permission',
      detail: 'This topic may not be read without signing in; enter the credentials of an account that may read it.',
      tone: 'problem',
    });
  });

  it('says "no permission" for a refused topic even while the connection is open for the others', () => {
    const open = connection({ kind: 'open' }, { topics: ['backups'], forbiddenTopics: ['alerts'] });
    expect(subscriptionStatus(ref, [open])).toEqual({ kind: 'no-permission', anonymous: false });
    expect(subscriptionStatus({ server, topic: 'backups' }, [open])).toEqual({ kind: 'connected' });
  });
});

describe('secondsUntil', () => {
  it('rounds up and never goes below zero', () => {
    expect(secondsUntil(10_000, 7_000)).toBe(3);
    expect(secondsUntil(10_000, 7_001)).toBe(3);
    expect(secondsUntil(10_000, 9_999)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
  });
});

describe('describeStatus', () => {
  it('counts a reconnect down, leaving the error to the server banner (not repeated once per topic)', () => {
    const status = { kind: 'reconnecting', nextAttemptAt: 20_000, reason: 'keepalive timeout' } as const;
    expect(describeStatus(status, 12_500)).toEqual({ label: 'Reconnecting in 8 s', tone: 'pending' });
    expect(describeStatus(status, 20_000).label).toBe('Reconnecting now');
  });

  it('words every status', () => {
    expect(describeStatus({ kind: 'connected' }, 0)).toEqual({ label: 'Connected', tone: 'ok' });
    expect(describeStatus({ kind: 'credentials-rejected', message: 'HTTP 401' }, 0)).toEqual({
      label: 'Credentials not accepted',
      detail: 'HTTP 401',
      tone: 'problem',
    });
    expect(describeStatus({ kind: 'no-permission', anonymous: false }, 0).label).toBe('No permission');
    expect(describeStatus({ kind: 'error', message: 'HTTP 400' }, 0)).toMatchObject({
      label: 'Error',
      detail: 'HTTP 400',
    });
    expect(describeStatus({ kind: 'connecting' }, 0).tone).toBe('pending');
    expect(describeStatus({ kind: 'not-connected' }, 0).tone).toBe('idle');
  });
});

describe('needsCredentials and anyCountdown', () => {
  it('offers new credentials only where they can help', () => {
    expect(needsCredentials({ kind: 'credentials-rejected', message: '' })).toBe(true);
    expect(needsCredentials({ kind: 'no-permission', anonymous: true })).toBe(true);
    expect(needsCredentials({ kind: 'error', message: '' })).toBe(false);
    expect(needsCredentials({ kind: 'connected' })).toBe(false);
  });

  it('ticks only while something counts down', () => {
    expect(anyCountdown([{ kind: 'connected' }, { kind: 'no-permission', anonymous: false }])).toBe(false);
    expect(anyCountdown([{ kind: 'connected' }, { kind: 'reconnecting', nextAttemptAt: 1, reason: '' }])).toBe(true);
  });
});

describe('describeTestResult', () => {
  it('heads each outcome and keeps main’s detail', () => {
    expect(describeTestResult({ outcome: 'ok', detail: 'The server accepts this subscription.' }, server)).toEqual({
      label: 'Connected: the server accepts this subscription',
      detail: 'The server accepts this subscription.',
      tone: 'ok',
    });
    expect(describeTestResult({ outcome: 'wrong-credentials', detail: 'd' }, server).label).toBe(
      'Credentials not accepted',
    );
    expect(describeTestResult({ outcome: 'no-permission', detail: 'd' }, server).label).toBe('No permission');
    expect(describeTestResult({ outcome: 'unreachable', detail: 'd' }, server)).toMatchObject({
      label: "Can't reach the server",
      tone: 'problem',
    });
  });

  it("words a server it could not reach from the core's code, as the server banner does, not main's catch-all", () => {
    const unreachable = (trouble: ConnectionTrouble, at = server) =>
      describeTestResult({ outcome: 'unreachable', detail: 'could not be reached', trouble }, at).detail;
    expect(unreachable({ kind: 'network', failure: 'dns' })).toBe(
      'The server name could not be found: check it and the network.',
    );
    expect(unreachable({ kind: 'network', failure: 'refused' })).toBe(
      'Nothing answers at that address: the server may be down.',
    );
    expect(unreachable({ kind: 'network', failure: 'timeout' })).toBe('The server stopped answering in time.');
    expect(unreachable({ kind: 'http', status: 404 })).toBe('The server gave an unexpected answer.');
    // https assumed on a port of its own: the plain-HTTP address is offered, named as the banner names it.
    expect(unreachable({ kind: 'network', failure: 'tls' }, 'https://127.0.0.1:8080')).toBe(
      "The server's secure connection could not be trusted (certificate problem). If this server speaks plain HTTP " +
        'on that port, subscribe to http://127.0.0.1:8080 instead.',
    );
    expect(unreachable({ kind: 'network', failure: 'tls' }, 'https://ntfy.example.com')).toBe(
      "The server's secure connection could not be trusted (certificate problem).",
    );
  });
});
