import { describe, expect, it } from 'vitest';
import type { ConnectionDto, ConnectionStateDto } from '../../../common/ipc.ts';
import {
  anyRetryCountdown,
  describeServerHealth,
  explainConnectionError,
  serverHealth,
  summarizeServers,
  troubledServers,
} from '../../../renderer/history/server-health.ts';

const example = 'https://ntfy.example.com';
const other = 'http://127.0.0.1:18300';

function connection(server: string, state: ConnectionStateDto, topics: readonly string[] = ['alerts']): ConnectionDto {
  return { server, topics, forbiddenTopics: [], transport: 'json', state };
}

const refused = (nextAttemptAt: number): ConnectionStateDto => ({
  kind: 'backoff',
  nextAttemptAt,
  reason: 'connect ECONNREFUSED 127.0.0.1:18300',
});

describe('serverHealth', () => {
  it('gives one entry per server, however many connections (topics, credentials) it has', () => {
    const health = serverHealth([
      connection(other, refused(9000), ['a']),
      connection(other, refused(4000), ['b']),
      connection(other, refused(7000), ['c']),
      connection(example, { kind: 'open' }),
    ]);
    expect(health).toEqual([
      {
        server: other,
        name: '127.0.0.1:18300',
        kind: 'unreachable',
        nextAttemptAt: 4000,
        detail: 'connect ECONNREFUSED 127.0.0.1:18300',
      },
      { server: example, name: 'ntfy.example.com', kind: 'connected' },
    ]);
  });

  it('shows the worst connection of a server and ignores stopped ones (being replaced)', () => {
    const health = serverHealth([
      connection(example, { kind: 'open' }),
      connection(example, { kind: 'auth-failed', message: 'HTTP 401' }),
      connection(example, refused(1)),
      connection(other, { kind: 'stopped' }),
    ]);
    expect(health).toEqual([{ server: example, name: 'ntfy.example.com', kind: 'credentials', detail: 'HTTP 401' }]);
  });

  it('puts only servers in trouble in banners, and ticks only while one counts down', () => {
    const health = serverHealth([connection(example, { kind: 'connecting' }), connection(other, refused(1))]);
    expect(troubledServers(health).map((item) => item.server)).toEqual([other]);
    expect(anyRetryCountdown(troubledServers(health))).toBe(true);
    expect(anyRetryCountdown(serverHealth([connection(example, { kind: 'open' })]))).toBe(false);
  });
});

describe('explainConnectionError', () => {
  it('says in words what errno codes, TLS errors and HTTP statuses mean', () => {
    expect(explainConnectionError('connect ECONNREFUSED 127.0.0.1:18300')).toBe(
      'Nothing answers at that address: the server may be down.',
    );
    expect(explainConnectionError('ENOTFOUND: getaddrinfo ENOTFOUND ntfy.nowhere')).toMatch(/name could not be found/);
    expect(explainConnectionError('no data for 90 s')).toBe('The server stopped answering in time.');
    expect(explainConnectionError('ETIMEDOUT: connect ETIMEDOUT 10.0.0.1:443')).toBe(
      'The server stopped answering in time.',
    );
    expect(explainConnectionError('CERT_HAS_EXPIRED: certificate has expired')).toMatch(/certificate problem/);
    expect(explainConnectionError('self-signed certificate in certificate chain')).toMatch(/certificate problem/);
    expect(explainConnectionError('HTTP 502 Bad Gateway')).toBe('The server has a problem of its own right now.');
    expect(explainConnectionError('too many requests (HTTP 429)')).toBe(
      'The server is limiting requests from this computer.',
    );
    expect(explainConnectionError('the server closed the stream')).toBe('The connection to the server was cut.');
    expect(explainConnectionError('something else entirely')).toBe('The connection failed.');
  });
});

describe('describeServerHealth', () => {
  it('words an unreachable server with its countdown, the errno code kept out of the headline', () => {
    const [health] = serverHealth([connection(other, refused(20_000))]);
    if (health === undefined) throw new Error('no health');
    expect(describeServerHealth(health, 3_500)).toEqual({
      headline: "Can't reach 127.0.0.1:18300 — retrying in 17 s",
      why: 'Nothing answers at that address: the server may be down.',
      tone: 'problem',
    });
    expect(describeServerHealth(health, 20_000).headline).toBe("Can't reach 127.0.0.1:18300 — retrying now");
  });
});

describe('summarizeServers', () => {
  it('names the worst server for the header, without a countdown', () => {
    expect(summarizeServers([])).toEqual({ headline: 'No servers to connect to', tone: 'ok' });
    expect(summarizeServers(serverHealth([connection(example, { kind: 'open' })]))).toEqual({
      headline: 'Connected to ntfy.example.com',
      tone: 'ok',
    });
    expect(
      summarizeServers(serverHealth([connection(example, { kind: 'open' }), connection(other, { kind: 'open' })])),
    ).toEqual({ headline: 'Connected to 2 servers', tone: 'ok' });
    expect(
      summarizeServers(serverHealth([connection(example, { kind: 'open' }), connection(other, refused(9))])),
    ).toEqual({ headline: "Can't reach 127.0.0.1:18300", tone: 'problem' });
    expect(
      summarizeServers(
        serverHealth([
          connection(example, { kind: 'auth-failed', message: 'HTTP 401' }),
          connection(other, refused(9)),
        ]),
      ).headline,
    ).toBe('ntfy.example.com did not accept the sign-in (and 1 more)');
  });
});
