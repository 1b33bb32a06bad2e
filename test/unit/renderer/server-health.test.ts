import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../common/i18n/translate.ts';
import type { ConnectionDto, ConnectionStateDto } from '../../../common/ipc.ts';
import {
  anyRetryCountdown,
  describeServerHealth,
  serverHealth,
  summarizeServers,
  troubledServers,
} from '../../../renderer/history/server-health.ts';
import { explainConnectionTrouble } from '../../../renderer/history/trouble-words.ts';

const example = 'https://ntfy.example.com';
const other = 'http://127.0.0.1:18300';

function connection(server: string, state: ConnectionStateDto, topics: readonly string[] = ['alerts']): ConnectionDto {
  return { server, topics, forbiddenTopics: [], transport: 'json', state };
}

const refused = (nextAttemptAt: number): ConnectionStateDto => ({
  kind: 'backoff',
  nextAttemptAt,
  reason: 'connect ECONNREFUSED 127.0.0.1:18300',
  trouble: { kind: 'network', failure: 'refused' },
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
        trouble: { kind: 'network', failure: 'refused' },
        detail: 'connect ECONNREFUSED 127.0.0.1:18300',
      },
      { server: example, name: 'ntfy.example.com', kind: 'connected' },
    ]);
  });

  it('shows the worst connection of a server and ignores stopped ones (being replaced)', () => {
    const health = serverHealth([
      connection(example, { kind: 'open' }),
      connection(example, { kind: 'auth-failed', cause: 'credentials', message: 'HTTP 401' }),
      connection(example, refused(1)),
      connection(other, { kind: 'stopped' }),
    ]);
    expect(health).toEqual([{ server: example, name: 'ntfy.example.com', kind: 'credentials', detail: 'HTTP 401' }]);
  });

  it('words a 403 or a refused topic as no permission, a 401 as credentials not accepted', () => {
    const forbidden = serverHealth([
      connection(example, { kind: 'auth-failed', cause: 'permission', message: 'forbidden' }),
    ]);
    expect(forbidden).toEqual([{ server: example, name: 'ntfy.example.com', kind: 'permission', detail: 'forbidden' }]);
    expect(troubledServers(forbidden)).toHaveLength(1);
    expect(forbidden.map((health) => describeServerHealth(health, 0))).toEqual([
      {
        headline: 'No permission for topics on ntfy.example.com',
        why: 'Their messages are not arriving; enter the credentials of an account that may read them.',
        tone: 'problem',
      },
    ]);
    expect(summarizeServers(forbidden).headline).toBe('No permission for topics on ntfy.example.com');
    const narrowed = serverHealth([{ ...connection(example, { kind: 'open' }, ['a']), forbiddenTopics: ['b', 'c'] }]);
    expect(narrowed).toEqual([{ server: example, name: 'ntfy.example.com', kind: 'permission', detail: 'b, c' }]);
    const rejected = serverHealth([
      connection(example, { kind: 'auth-failed', cause: 'credentials', message: 'unauthorized' }),
    ]);
    expect(rejected.map((health) => describeServerHealth(health, 0).headline)).toEqual([
      'Credentials not accepted by ntfy.example.com',
    ]);
  });

  it('puts only servers in trouble in banners, and ticks only while one counts down', () => {
    const health = serverHealth([connection(example, { kind: 'connecting' }), connection(other, refused(1))]);
    expect(troubledServers(health).map((item) => item.server)).toEqual([other]);
    expect(anyRetryCountdown(troubledServers(health))).toBe(true);
    expect(anyRetryCountdown(serverHealth([connection(example, { kind: 'open' })]))).toBe(false);
  });
});

describe('explainConnectionTrouble', () => {
  afterEach(() => {
    setLocale(['en-US']);
  });

  it('says in words what each network failure, HTTP status and stream end means', () => {
    const cases: readonly (readonly [Parameters<typeof explainConnectionTrouble>[0], string])[] = [
      [{ kind: 'network', failure: 'refused' }, 'Nothing answers at that address: the server may be down.'],
      [{ kind: 'network', failure: 'dns' }, 'The server name could not be found: check it and the network.'],
      [{ kind: 'network', failure: 'unreachable' }, 'The network cannot get there: check the connection.'],
      [{ kind: 'network', failure: 'reset' }, 'The connection to the server was cut.'],
      [{ kind: 'network', failure: 'timeout' }, 'The server stopped answering in time.'],
      [
        { kind: 'network', failure: 'tls' },
        "The server's secure connection could not be trusted (certificate problem).",
      ],
      [{ kind: 'network', failure: 'unknown' }, 'The connection failed.'],
      [{ kind: 'http', status: 429 }, 'The server is limiting requests from this computer.'],
      [{ kind: 'http', status: 502 }, 'The server has a problem of its own right now.'],
      [{ kind: 'http', status: 418 }, 'The server gave an unexpected answer.'],
      [{ kind: 'silent' }, 'The server stopped answering in time.'],
      [{ kind: 'ended' }, 'The connection to the server was cut.'],
      [
        { kind: 'not-ntfy' },
        'Something else answers at that address: a Wi-Fi or proxy login page? Sign in there, or check the address.',
      ],
      [{ kind: 'local' }, 'Messages could not be stored on this computer; they will be fetched again.'],
      [undefined, 'The connection failed.'],
    ];
    expect(cases.map(([trouble]) => explainConnectionTrouble(trouble))).toEqual(cases.map(([, words]) => words));
  });

  it('words the same code in German, whatever language the core wrote its reason in', () => {
    setLocale(['de-DE']);
    const [health] = serverHealth([
      connection(other, {
        kind: 'backoff',
        nextAttemptAt: 20_000,
        // The core's own words (here English, as from a core in another language): never read for the "why".
        reason: 'no data for 90 s',
        trouble: { kind: 'silent' },
      }),
    ]);
    if (health === undefined) throw new Error('no health');
    expect(describeServerHealth(health, 3_500).why).toBe('Der Server hat nicht rechtzeitig geantwortet.');
    expect(explainConnectionTrouble({ kind: 'http', status: 503 })).toBe('Der Server hat gerade selbst ein Problem.');
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
    expect(summarizeServers([])).toEqual({ headline: 'No servers to connect to', tone: 'idle' });
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
          connection(example, { kind: 'auth-failed', cause: 'credentials', message: 'HTTP 401' }),
          connection(other, refused(9)),
        ]),
      ).headline,
    ).toBe('Credentials not accepted by ntfy.example.com (and 1 more)');
  });
});

describe('servers named exactly (issue 25 §7)', () => {
  const tls = (server: string): ConnectionDto =>
    connection(server, {
      kind: 'backoff',
      nextAttemptAt: 5_000,
      reason: 'ERR_SSL_WRONG_VERSION_NUMBER',
      trouble: { kind: 'network', failure: 'tls' },
    });

  it('keeps the scheme of two servers that differ only by it, and drops it otherwise', () => {
    const both = serverHealth([tls('https://127.0.0.1:18090'), connection('http://127.0.0.1:18090', { kind: 'open' })]);
    expect(both.map((health) => health.name)).toEqual(['https://127.0.0.1:18090', 'http://127.0.0.1:18090']);
    expect(serverHealth([connection(example, { kind: 'open' })]).map((health) => health.name)).toEqual([
      'ntfy.example.com',
    ]);
  });

  it('suggests http:// for a TLS failure on an https address with a port of its own', () => {
    const [withPort] = serverHealth([tls('https://127.0.0.1:18090')]);
    expect(withPort && describeServerHealth(withPort, 0).why).toBe(
      "The server's secure connection could not be trusted (certificate problem). If this server speaks plain HTTP on that port, subscribe to http://127.0.0.1:18090 instead.",
    );
    const [standard] = serverHealth([tls('https://ntfy.example.com')]);
    expect(standard && describeServerHealth(standard, 0).why).toBe(
      "The server's secure connection could not be trusted (certificate problem).",
    );
  });
});
