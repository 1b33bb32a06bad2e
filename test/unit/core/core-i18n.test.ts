/**
 * The core's own failure texts in German (common/i18n/core.*.ts): each converted part driven through its real entry
 * point — the AccountService against test/server, the transports and polls against a hostile loopback server, the
 * engine as createEngine builds it, the bridge's argument guards and publish check — with codes, kinds and reasons
 * unchanged.
 */
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../common/clock.ts';
import { setLocale } from '../../../common/i18n/translate.ts';
import { NO_ACCOUNT_REQUESTS } from '../../../main/core/account/account-requests.ts';
import {
  credentialsInput,
  InvalidArgument,
  messageQuery,
  subscriptionInput,
} from '../../../main/core/bridge/guards.ts';
import { publishInput } from '../../../main/core/bridge/publish-guard.ts';
import { decideEnd, narrowForbidden } from '../../../main/core/engine/connection-decisions.ts';
import { findForbiddenTopics } from '../../../main/core/engine/forbidden-topics.ts';
import { checkTopicAccess, createPoll, pollOnce } from '../../../main/core/engine/http-requests.ts';
import type { AppendResult } from '../../../main/core/ports.ts';
import { httpGet, type GetResult } from '../../../main/core/transports/http-get.ts';
import { openTransport } from '../../../main/core/transports/index.ts';
import type { TransportKind } from '../../../main/core/protocol/subscribe-request.ts';
import type { TransportEnd } from '../../../main/core/transports/transport.ts';
import { createDevice, type Device } from '../../integration/core/account/account-device.ts';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type EngineHarness, startEngine } from '../../support/engine-harness.ts';
import {
  type HostileServer,
  type HostileServerOptions,
  recordingHandlers,
  startHostileServer,
} from '../../support/hostile-server.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { MemoryHistoryStore } from '../../support/memory-history.ts';

const PASSWORD = 'correct horse battery staple';
const AWAY = 'https://ntfy.example.invalid';
const NDJSON = { 'Content-Type': 'application/x-ndjson; charset=utf-8' };

const cleanups: (() => unknown)[] = [];

afterEach(async () => {
  setLocale(['en-US']);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A test server closed after the test, unless the test closed it itself. */
async function testServer(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const server = await startTestServer(options);
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => (closed ??= server.close());
  cleanups.push(close);
  return { ...server, close };
}

async function hostile(options: HostileServerOptions): Promise<HostileServer> {
  const server = await startHostileServer(options);
  cleanups.push(() => server.close());
  return server;
}

function device(name: string): Device {
  const created = createDevice(name);
  cleanups.push(() => created.close());
  return created;
}

async function signedIn(url: string, name = 'laptop'): Promise<Device> {
  const laptop = device(name);
  expect(await laptop.service.signIn({ server: url, user: 'phil', password: PASSWORD })).toMatchObject({ ok: true });
  return laptop;
}

const accountServer = () => testServer({ auth: { users: [{ name: 'phil', password: PASSWORD }] } });

describe('the ntfy account in German', () => {
  it('refuses a sign-in in German: no password, a wrong one, and a second one', async () => {
    const { url } = await accountServer();
    setLocale(['de-DE']);
    const laptop = device('laptop');
    expect(await laptop.service.signIn({ server: url, user: 'phil', password: '' })).toEqual({
      ok: false,
      error: 'Benutzername und Passwort sind nötig',
    });
    expect(await laptop.service.signIn({ server: url, user: 'phil', password: 'wrong' })).toEqual({
      ok: false,
      error: 'nicht angemeldet: Zugangsdaten nicht akzeptiert; prüfen Sie Benutzername und Passwort',
    });
    await laptop.service.signIn({ server: url, user: 'phil', password: PASSWORD });
    expect(await laptop.service.signIn({ server: url, user: 'phil', password: PASSWORD })).toEqual({
      ok: false,
      error: 'bereits angemeldet; zuerst abmelden',
    });
  });

  it('says in German that the server revoked the token, and signs out anyway', async () => {
    const { url } = await accountServer();
    const laptop = await signedIn(url);
    const token = laptop.keychain.entries.get(`${url} token`) ?? '';
    await fetch(`${url}/v1/account/token`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    setLocale(['de-DE']);
    const refused =
      'Zugangsdaten nicht akzeptiert (HTTP 401): das Token des Kontos gilt nicht mehr; bitte erneut anmelden';
    expect(await laptop.service.syncNow()).toEqual({ ok: false, reason: 'token-rejected', message: refused });
    expect(await laptop.service.signOut()).toEqual({
      ok: true,
      tokenDeletedOnServer: false,
      message: `Abgemeldet; das Token konnte auf dem Server nicht gelöscht werden (${refused}).`,
    });
    expect(await laptop.service.signOut()).toEqual({ ok: false, error: 'nicht angemeldet' });
    expect(await laptop.service.syncNow()).toEqual({
      ok: false,
      reason: 'signed-out',
      message: 'nicht bei einem ntfy-Konto angemeldet',
    });
  });

  it('says in German what the keychain holds or does not', async () => {
    const { url } = await accountServer();
    const laptop = await signedIn(url);
    setLocale(['de-DE']);
    const get = laptop.keychain.get.bind(laptop.keychain);
    Object.assign(laptop.keychain, { get: () => Promise.reject(new Error('locked')) });
    expect(await laptop.service.syncNow()).toEqual({
      ok: false,
      reason: 'failed',
      message: 'das Token des Kontos kann nicht gelesen werden: locked',
    });
    expect(await laptop.service.signOut()).toEqual({
      ok: false,
      error: 'weiterhin angemeldet: der Schlüsselbund hat nicht geantwortet: locked',
    });
    Object.assign(laptop.keychain, { get });
    await laptop.keychain.delete({ server: url, kind: 'token' });
    expect(await laptop.service.syncNow()).toEqual({
      ok: false,
      reason: 'no-token',
      message: `kein Token für ${url} im Schlüsselbund; bitte erneut anmelden`,
    });
    expect(await laptop.service.signOut()).toMatchObject({
      ok: true,
      message: 'Abgemeldet; im Schlüsselbund war kein Token, also wurde auf dem Server keins gelöscht.',
    });
  });

  it('signs out and syncs against an unreachable server in German', async () => {
    const server = await accountServer();
    const laptop = await signedIn(server.url, 'laptop');
    const desktop = await signedIn(server.url, 'desktop');
    setLocale(['de-DE']);
    expect(await laptop.service.signOut()).toMatchObject({
      ok: true,
      message: 'Abgemeldet; das Token wurde auf dem Server gelöscht.',
    });
    await server.close();
    const result = await desktop.service.syncNow();
    expect(result).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(result.ok ? '' : result.message).toMatch(
      /^127\.0\.0\.1:\d+ ist nicht erreichbar: Verbindung (abgelehnt|zurückgesetzt)$/,
    );
  });

  it('says in German how a server answered a sign-in it cannot take', async () => {
    const answers: Record<string, (response: http.ServerResponse) => void> = {
      '/redirect': (response) => response.writeHead(302, { Location: '/elsewhere' }).end(),
      '/empty': (response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'),
      '/failing': (response) =>
        response
          .writeHead(500, { 'Content-Type': 'application/json' })
          .end('{"code":50001,"http":500,"error":"internal server error"}'),
    };
    const server = await hostile({
      onRequest: (request, response) => {
        answers[request.url?.replace('/v1/account/token', '') ?? '']?.(response);
      },
    });
    setLocale(['de-DE']);
    const laptop = device('laptop');
    const signIn = (path: string) =>
      laptop.service.signIn({ server: `${server.url}${path}`, user: 'phil', password: 'p' });
    expect(await signIn('/redirect')).toEqual({
      ok: false,
      error: 'nicht angemeldet: der Server hat umgeleitet (HTTP 302)',
    });
    expect(await signIn('/empty')).toEqual({
      ok: false,
      error: 'nicht angemeldet: der Server hat ohne Token geantwortet',
    });
    expect(await signIn('/failing')).toEqual({
      ok: false,
      error: 'nicht angemeldet: der Server antwortete mit HTTP 500: internal server error',
    });
  });

  it('says in German that the keychain refused the new token', async () => {
    const { url } = await accountServer();
    setLocale(['de-DE']);
    const laptop = device('laptop');
    Object.assign(laptop.keychain, { set: () => Promise.reject(new Error('no Secret Service')) });
    expect(await laptop.service.signIn({ server: url, user: 'phil', password: PASSWORD })).toEqual({
      ok: false,
      error: 'nicht angemeldet: das Token kann nicht gespeichert werden: no Secret Service',
    });
  });

  it('says in German where no account service runs', async () => {
    setLocale(['de-DE']);
    expect(await NO_ACCOUNT_REQUESTS.accountSignIn({ server: 'https://ntfy.sh', user: 'u', password: 'p' })).toEqual({
      ok: true,
      value: { ok: false, error: 'Konten sind hier nicht verfügbar' },
    });
    expect(await NO_ACCOUNT_REQUESTS.accountSignOut()).toEqual({
      ok: true,
      value: { ok: false, error: 'nicht angemeldet' },
    });
    expect(await NO_ACCOUNT_REQUESTS.accountSyncNow()).toEqual({
      ok: true,
      value: { ok: false, reason: 'signed-out', message: 'Konten sind hier nicht verfügbar' },
    });
  });
});

function get(url: string, headers: Record<string, string> = {}): Promise<GetResult> {
  return new Promise((resolve) => {
    httpGet({ url, headers, onResult: resolve });
  });
}

function streamEnd(url: string, kind: TransportKind = 'json'): Promise<TransportEnd> {
  const recorder = recordingHandlers();
  const transport = openTransport({ kind, request: { url, headers: {} }, handlers: recorder.handlers });
  cleanups.push(() => {
    transport.close();
  });
  return recorder.ended;
}

describe('the transports in German', () => {
  it('says in German which header cannot be sent, and which URL is not one', async () => {
    setLocale(['de-DE']);
    expect(await get('http://127.0.0.1:9/t/json', { Authorization: 'Bearer tk_x\r' })).toEqual({
      kind: 'fatal',
      message:
        'das Token oder Passwort enthält ein Zeichen, das nicht in einem HTTP-Header gesendet werden kann (ein Zeilenumbruch am Ende?)',
    });
    const other = await get('http://127.0.0.1:9/t/json', { 'X-Title': 'a\nb' });
    expect(other.kind === 'fatal' ? other.message : '').toMatch(
      /^der Header X-Title kann nicht gesendet werden \(.+\)$/,
    );
    expect(await get('not a url')).toEqual({ kind: 'fatal', message: 'keine gültige URL: not a url' });
  });

  it('says in German that a stream is a login page, or redirects away, too often or nowhere', async () => {
    const server = await hostile({
      onRequest: (request, response) => {
        if (request.url === '/portal/json') response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>');
        else if (request.url === '/plain/json') response.writeHead(200, { 'Content-Type': 'text/plain' }).end('');
        else if (request.url === '/away/json') response.writeHead(302, { Location: `${AWAY}/t/json` }).end();
        else if (request.url === '/broken/json') response.writeHead(302, { Location: 'http://[::1' }).end();
        else response.writeHead(307, { Location: '/loop/json' }).end();
      },
      onUpgrade: (_request, socket) => {
        socket.end(`HTTP/1.1 302 Found\r\nLocation: ${AWAY}/t/json\r\nContent-Length: 0\r\n\r\n`);
      },
    });
    setLocale(['de-DE']);
    expect(await streamEnd(`${server.url}/portal/json`)).toEqual({
      kind: 'network',
      message:
        'kein ntfy-Stream: der Server antwortete mit text/html (ein Captive Portal oder die Anmeldeseite eines Proxys?)',
      trouble: { kind: 'not-ntfy' },
    });
    expect(await streamEnd(`${server.url}/plain/json`)).toEqual({
      kind: 'network',
      message: 'kein ntfy-Stream: der Server antwortete mit text/plain',
      trouble: { kind: 'not-ntfy' },
    });
    const away =
      'der Server leitet auf https://ntfy.example.invalid/t/json um, einen anderen Server; stattdessen diese URL abonnieren';
    expect(await streamEnd(`${server.url}/away/json`)).toEqual({ kind: 'fatal', message: away });
    expect(await streamEnd(`${server.wsUrl}/away/json`, 'ws')).toEqual({ kind: 'fatal', message: away });
    expect(await streamEnd(`${server.url}/broken/json`)).toEqual({
      kind: 'fatal',
      message: 'der Server leitet auf eine ungültige Adresse um (http://[::1)',
    });
    expect(await streamEnd(`${server.url}/loop/json`)).toEqual({
      kind: 'fatal',
      message: `der Server hat mehr als 5 Mal umgeleitet (zuletzt auf ${server.url}/loop/json)`,
    });
  });
});

describe('the engine in German', () => {
  it('says in German that a poll answer is too large or a captive portal, with the number in German digits', async () => {
    const server = await hostile({
      onRequest: (request, response) => {
        if (request.url?.startsWith('/portal/') === true) {
          response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>');
          return;
        }
        response.writeHead(200, NDJSON);
        const line = (index: number) =>
          `{"id":"m${String(index).padStart(11, '0')}","time":1,"event":"message","topic":"t","message":"m"}\n`;
        response.end(Array.from({ length: 1200 }, (_, index) => line(index)).join(''));
      },
    });
    setLocale(['de-DE']);
    expect(await createPoll({ maxItems: 1000 })({ url: `${server.url}/t/json?poll=1`, headers: {} })).toEqual({
      ok: false,
      error: { status: 0, message: 'die Antwort auf den Abruf ist zu groß (mehr als 1.000 Einträge)' },
    });
    const portal = await pollOnce({ url: `${server.url}/portal/t/json?poll=1`, headers: {} });
    expect(portal.ok ? '' : portal.error.message).toMatch(/^kein ntfy-Stream: der Server antwortete mit text\/html/);
  });

  it('decides in German on a closed stream and on a 403 it could not narrow down', async () => {
    const server = await hostile({ onRequest: (_request, response) => response.writeHead(500).end() });
    setLocale(['de-DE']);
    const context = { server: 'https://ntfy.example', topics: ['a'], since: undefined, preferTime: false, now: 0 };
    expect(decideEnd({ kind: 'ended' }, context)).toEqual({
      kind: 'reconnect',
      reason: 'der Server hat den Stream beendet',
      trouble: { kind: 'ended' },
    });
    const decision = await narrowForbidden({
      error: { status: 403, code: 40301, message: 'forbidden (HTTP 403)' },
      topics: ['a', 'b'],
      clock: systemClock,
      probe: (topics) => checkTopicAccess({ url: `${server.url}/${topics.join(',')}/json`, headers: {} }),
    });
    expect(decision).toEqual({
      kind: 'reconnect',
      reason: 'forbidden (HTTP 403); eine Themenprüfung ist fehlgeschlagen',
      trouble: { kind: 'http', status: 403 },
    });
  });

  it('says in German why the search for forbidden topics stopped undecided, with German plurals', async () => {
    const server = await hostile({
      onRequest: (request, response) => {
        response.writeHead(request.url?.startsWith('/busy') === true ? 429 : 403).end();
      },
    });
    const probe = (prefix: string) => (topics: readonly string[]) =>
      checkTopicAccess({ url: `${server.url}/${prefix}${topics.join(',')}/json`, headers: {} });
    setLocale(['de-DE']);
    const find = (options: Partial<Parameters<typeof findForbiddenTopics>[0]>) =>
      findForbiddenTopics({ topics: ['a', 'b', 'c'], clock: systemClock, probe: probe(''), ...options });
    expect(await find({ topics: [] })).toEqual({ kind: 'undecided', reason: 'keine Themen zu prüfen' });
    expect(await find({ maxRequests: 1 })).toEqual({
      kind: 'undecided',
      reason: 'nach 1 Prüfung aufgegeben, ohne jedes verbotene Thema zu finden',
    });
    expect(await find({ maxRequests: 2 })).toMatchObject({
      reason: 'nach 2 Prüfungen aufgegeben, ohne jedes verbotene Thema zu finden',
    });
    expect(await find({ probe: probe('busy'), maxRateLimitRetries: 0 })).toMatchObject({
      kind: 'undecided',
      reason: 'weiterhin zu viele Anfragen (429) nach 1 Versuch einer Themenprüfung',
    });
    expect(await find({ probe: () => Promise.reject(new Error('ECONNRESET')) })).toEqual({
      kind: 'undecided',
      reason: 'eine Themenprüfung ist fehlgeschlagen: ECONNRESET',
    });
  });

  /** A history whose appends fail with SQLite's `errcode`, as on a full disk (13) or a damaged file (11). */
  class FailingHistory extends MemoryHistoryStore {
    readonly errcode: number;

    constructor(errcode: number) {
      super();
      this.errcode = errcode;
    }

    override append(): Promise<AppendResult> {
      return Promise.reject(Object.assign(new Error('SQLite failed'), { errcode: this.errcode }));
    }
  }

  async function engineOn(server: TestServer, options: Omit<Parameters<typeof startEngine>[0], 'subscriptions'>) {
    const engine: EngineHarness = startEngine({ subscriptions: [{ server: server.url, topic: 'alerts' }], ...options });
    cleanups.push(() => engine.stop());
    await engine.waitForStatus((status) => status.state.kind === 'open');
    return engine;
  }

  it('says in German that nothing arrived for 1,5 s', async () => {
    const server = await testServer();
    const clock = new ManualClock();
    setLocale(['de-DE']);
    const engine = await engineOn(server, { clock, timing: { keepaliveTimeoutMs: 1500 } });
    const backoff = engine.waitForNextStatus((status) => status.state.kind === 'backoff');
    clock.advance(1500);
    expect((await backoff).state).toMatchObject({ kind: 'backoff', reason: 'seit 1,5 s keine Daten' });
  });

  it('says in German that messages could not be stored, or that the history database is damaged', async () => {
    const server = await testServer();
    setLocale(['de-DE']);
    const full = await engineOn(server, { history: new FailingHistory(13), timing: { backoffInitialMs: 60_000 } });
    await server.publish('alerts', 'lost for now');
    const backoff = await full.waitForStatus((status) => status.state.kind === 'backoff');
    expect(backoff.state).toMatchObject({ reason: 'Nachrichten konnten nicht gespeichert werden' });
    const damaged = await engineOn(server, { history: new FailingHistory(11) });
    await server.publish('alerts', 'never stored');
    const error = await damaged.waitForStatus((status) => status.state.kind === 'error');
    expect(error.state).toEqual({
      kind: 'error',
      message:
        'die Verlaufsdatenbank ist beschädigt (SQLITE_CORRUPT): history.sqlite beiseitelegen, um einen neuen Verlauf zu beginnen',
    });
  });
});

/** The guard's refusal as the bridge answers it. */
function refusal(guard: () => unknown) {
  try {
    guard();
  } catch (error) {
    if (error instanceof InvalidArgument) return error.toBridgeError();
    throw error;
  }
  throw new Error('accepted');
}

describe('the bridge’s argument checks in German', () => {
  it('names the field and says the problem in German, the code and field unchanged', () => {
    setLocale(['de-DE']);
    const server = 'https://ntfy.example';
    expect(refusal(() => subscriptionInput({ server, topic: '' }))).toEqual({
      code: 'invalid-argument',
      message: 'subscription.topic: darf nicht leer sein',
      fields: { 'subscription.topic': 'subscription.topic: darf nicht leer sein' },
    });
    const cases: [() => unknown, string][] = [
      [() => subscriptionInput({ server, topic: 'x'.repeat(65) }), 'subscription.topic: ist zu lang'],
      [() => subscriptionInput({ server, topic: 't', password: 'p' }), 'subscription.password: ist nicht vorgesehen'],
      [
        () => subscriptionInput({ server, topic: 't', transport: 'raw2' }),
        'subscription.transport: muss einer dieser Werte sein: json, sse, ws, raw',
      ],
      [
        () => subscriptionInput({ server, topic: 't', minPriority: 6 }),
        'subscription.minPriority: muss eine ganze Zahl von 1 bis 5 sein',
      ],
      [() => subscriptionInput({ server, topic: 't', muted: 'yes' }), 'subscription.muted: muss true oder false sein'],
      [() => subscriptionInput({ server: 5, topic: 't' }), 'subscription.server: muss eine Zeichenkette sein'],
      [() => subscriptionInput([]), 'subscription: muss ein Objekt sein'],
      [
        () => subscriptionInput({ server, topic: 't', filters: { tags: Array.from({ length: 51 }, () => 'x') } }),
        'subscription.filters.tags: muss eine Liste mit höchstens 50 Einträgen sein',
      ],
      [() => credentialsInput({ server, kind: 'none' }), 'credentials.kind: muss basic oder token sein'],
      [() => messageQuery({ limit: 0 }), 'query.limit: muss eine ganze Zahl von 1 bis 500 sein'],
    ];
    for (const [guard, message] of cases) expect(refusal(guard).message).toBe(message);
  });

  it('refuses a message to send in German through the publish check, the code and field unchanged', () => {
    setLocale(['de-DE']);
    const base = { server: 'https://ntfy.example', topic: 't' };
    const call = (headers: unknown) => ({
      ...base,
      actions: [{ action: 'http', label: 'x', url: 'https://x', headers }],
    });
    expect(refusal(() => publishInput({ ...base, priority: 6 }))).toEqual({
      code: 'invalid-argument',
      message: 'input.priority: muss eine ganze Zahl von 1 bis 5 sein',
      fields: { 'input.priority': 'input.priority: muss eine ganze Zahl von 1 bis 5 sein' },
    });
    const headers = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`X-${index}`, 'v']));
    const cases: [unknown, string, string][] = [
      [new Date(), 'input', 'muss ein Objekt sein'],
      [{ ...base, colour: 'red' }, 'input.colour', 'ist nicht vorgesehen'],
      [{ ...base, markdown: 'yes' }, 'input.markdown', 'muss true oder false sein'],
      [{ ...base, title: 'x'.repeat(1025) }, 'input.title', 'ist zu lang'],
      [{ ...base, tags: 'a,b' }, 'input.tags', 'muss eine Liste mit höchstens 50 Einträgen sein'],
      [
        { ...base, actions: [{ action: 'jump', label: 'x' }] },
        'input.actions[0].action',
        'muss einer dieser Werte sein: view, http, broadcast, copy',
      ],
      [call(headers), 'input.actions[0].headers', 'darf höchstens 20 Einträge haben'],
      [call(null), 'input.actions[0].headers', 'muss ein Objekt sein'],
    ];
    for (const [input, field, problem] of cases) {
      const message = `${field}: ${problem}`;
      expect(refusal(() => publishInput(input))).toEqual({
        code: 'invalid-argument',
        message,
        fields: { [field]: message },
      });
    }
  });
});
