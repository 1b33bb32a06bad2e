import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../support/manual-clock.ts';
import { jsonLines, openStream, openWs, request, serverForTest } from './testing/fixtures.ts';
import { RawHttpStream } from './testing/raw-http.ts';
import { opcodes } from './testing/raw-ws.ts';

describe('dropAll', () => {
  it('cuts HTTP streams mid-response (no terminating chunk) and logs them as server-dropped', async () => {
    const server = await serverForTest();
    const json = await openStream(server, '/a/json');
    const sse = await openStream(server, '/a/sse');
    server.faults.dropAll();
    await Promise.all([json.waitForClose(), sse.waitForClose()]);
    expect([json.ended, sse.ended]).toEqual([false, false]);
    await server.waitForNoSubscribers();
    expect(server.requests.map((entry) => entry.end)).toEqual(['server-dropped', 'server-dropped']);
  });
});

describe('stall', () => {
  it('keeps streams open but silent (no events, keepalives or pings) until unstalled', async () => {
    const clock = new ManualClock();
    const server = await serverForTest({ keepaliveIntervalMs: 20, wsPongGraceMs: 20, keepaliveTimers: clock });
    const stream = await openStream(server, '/a/json');
    const ws = await openWs(server, '/a/ws', { autoPong: true });
    await server.waitForSubscribers(2);
    const pong = once(server.events, 'pong');
    clock.advance(20);
    await stream.waitFor(() => stream.chunks.length === 2, 'a keepalive');
    await pong;
    const [chunks, frames] = [stream.chunks.length, ws.frames.length];
    server.faults.stall();
    await server.publish('a', 'lost while stalled');
    // Several keepalive intervals, and more than interval + pong grace: the timers fire and send nothing.
    clock.advance(150);
    server.faults.unstall();
    // The first thing either client gets after the stall is this message, so nothing came during it.
    await server.publish('a', 'after the stall');
    await stream.waitFor(() => stream.chunks.length > chunks, 'the message after the stall');
    await ws.waitFor(() => ws.messages().length > 1, 'the message after the stall');
    expect(
      stream
        .chunkTexts()
        .slice(chunks)
        .map((chunk) => JSON.parse(chunk) as { message: string }),
    ).toEqual([expect.objectContaining({ message: 'after the stall' })]);
    expect(ws.frames.slice(frames).map((frame) => frame.opcode)).toEqual([opcodes.text]);
    expect([stream.closed, ws.closed]).toEqual([false, false]);
    clock.advance(20);
    await stream.waitFor(() => stream.events().at(-1)?.event === 'keepalive', 'a keepalive after unstall');
    await ws.waitFor(() => ws.framesOf(opcodes.ping).length > 1, 'a ping after unstall');
    expect(stream.text()).not.toContain('lost while stalled');
  });

  it('holds new requests unanswered while stalled and answers them after unstall', async () => {
    const server = await serverForTest();
    server.faults.stall();
    expect(server.faults.stalled).toBe(true);
    const pending = request(server, '/v1/health');
    const entry = await server.waitForRequest((e) => e.path === '/v1/health');
    expect([entry.status, entry.end]).toEqual([undefined, 'open']);
    server.faults.unstall();
    expect((await pending).status).toBe(200);
  });

  it('ends with dropAll: held requests are cut and later ones are served', async () => {
    const server = await serverForTest();
    server.faults.stall();
    const held = RawHttpStream.open({ port: server.port, path: '/v1/health' });
    await server.waitForRequest((e) => e.path === '/v1/health');
    server.faults.dropAll();
    expect(server.faults.stalled).toBe(false);
    await expect(held).rejects.toThrow('connection closed before a response');
    expect((await request(server, '/v1/health')).status).toBe(200);
  });
});

describe('restart', () => {
  it('refuses connections during the pause, then listens on the same port with the cache intact', async () => {
    const server = await serverForTest();
    const cached = await server.publish('a', 'survives');
    const stream = await openStream(server, '/a/json');
    // The pause lasts until the test has seen the refusal, however slowly the machine runs.
    let endPause = (): void => undefined;
    const paused = new Promise<void>((resolve) => (endPause = resolve));
    const restarted = server.faults.restart({ until: paused });
    await expect(fetch(`${server.url}/v1/health`)).rejects.toThrow();
    await stream.waitForClose();
    endPause();
    await restarted;
    const poll = await request(server, '/a/json?poll=1');
    expect(jsonLines(poll.text).map((event) => event.id)).toEqual([cached.id]);
  });
});

describe('inject', () => {
  it('writes bytes as they are into live streams (optionally one topic) and returns how many got them', async () => {
    const server = await serverForTest();
    const a = await openStream(server, '/a/json');
    const b = await openStream(server, '/b/sse');
    const ws = await openWs(server, '/a,b/ws');
    expect(server.faults.inject('{"broken":\n', { topic: 'a' })).toBe(2);
    expect(server.faults.inject(Buffer.from([0xff, 0x0a]))).toBe(3);
    await Promise.all([a.waitForChunks(3), b.waitForChunks(2), ws.waitForMessages(3)]);
    expect(a.chunks.slice(1).map((chunk) => chunk.toString('latin1'))).toEqual(['{"broken":\n', '\u00ff\n']);
    expect(b.chunks[1]).toEqual(Buffer.from([0xff, 0x0a]));
    expect(ws.frames.slice(1).map((frame) => [frame.opcode, frame.payload.toString('latin1')])).toEqual([
      [opcodes.text, '{"broken":\n'],
      [opcodes.text, '\u00ff\n'],
    ]);
  });
});

describe('failNext', () => {
  it('answers the next N requests with the status, body and Retry-After given, then behaves again', async () => {
    const server = await serverForTest();
    const page = '<html><body>502 Bad Gateway</body></html>';
    server.faults.failNext(2, { status: 502, body: page, retryAfter: 7 });
    for (let i = 0; i < 2; i++) {
      const failed = await request(server, '/a/json?poll=1');
      expect([failed.status, failed.text, failed.headers.get('retry-after')]).toEqual([502, page, '7']);
      expect(failed.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
    expect((await request(server, '/a/json?poll=1')).status).toBe(200);
  });

  it('can send a JSON body, match only some requests, and fail WebSocket upgrades', async () => {
    const server = await serverForTest();
    server.faults.failNext(2, {
      status: 429,
      body: { code: 42901, http: 429, error: 'limit reached: too many requests' },
      match: (entry) => entry.transport === 'ws' || entry.transport === 'json',
    });
    expect((await request(server, '/a', { method: 'POST', body: 'publish passes' })).status).toBe(200);
    const ws = await openWs(server, '/a/ws');
    expect(ws.status).toBe(429);
    expect(JSON.parse(ws.body.toString())).toMatchObject({ code: 42901 });
    const failed = await request(server, '/a/json?poll=0&since=none', { signal: AbortSignal.timeout(30_000) });
    expect([failed.status, failed.headers.get('content-type')]).toEqual([429, 'application/json']);
  });
});

describe('limitUrlLength', () => {
  it('answers 414 with nginx’s page to every request whose target is longer, WebSocket upgrades too', async () => {
    const server = await serverForTest();
    server.faults.limitUrlLength(40);
    const long = `/${'a'.repeat(28)}/json?poll=1`; // 41 bytes
    for (let i = 0; i < 2; i++) {
      const refused = await request(server, long);
      expect([refused.status, refused.headers.get('content-type')]).toEqual([414, 'text/html; charset=utf-8']);
      expect(refused.text).toContain('414 Request-URI Too Large');
    }
    expect((await openWs(server, `/${'a'.repeat(40)}/ws`)).status).toBe(414);
    expect((await request(server, `/${'a'.repeat(27)}/json?poll=1`)).status).toBe(200); // 40 bytes: let through
    server.faults.limitUrlLength(undefined);
    expect((await request(server, long)).status).toBe(200);
  });
});

describe('request log and subscribers', () => {
  it('records method, path, query, authorization, transport, status, end and timestamps', async () => {
    const server = await serverForTest();
    await request(server, '/a,b/json?poll=1&Since=all&since=none', { headers: { Authorization: 'Bearer tk_x' } });
    await request(server, '/a', { method: 'PUT', body: 'x' });
    await request(server, '/a/auth');
    await request(server, '/nope/xml');
    const stream = await openStream(server, '/a/sse?since=all');
    const ws = await openWs(server, '/a/ws');
    stream.close();
    ws.destroy();
    await server.waitForNoSubscribers();
    await server.waitForRequestEnd((entry) => entry.transport === 'ws');
    await server.waitForRequestEnd((entry) => entry.transport === 'sse');
    const [poll, ...rest] = server.requests;
    expect(poll).toMatchObject({
      method: 'GET',
      path: '/a,b/json',
      query: { poll: '1', Since: 'all', since: 'none' },
      authorization: 'Bearer tk_x',
      transport: 'poll',
      status: 200,
      end: 'completed',
    });
    expect(poll?.endedAt).toBeGreaterThanOrEqual(poll?.startedAt ?? Infinity);
    expect(rest.map((entry) => [entry.transport, entry.status, entry.end])).toEqual([
      ['publish', 200, 'completed'],
      ['auth', 200, 'completed'],
      ['other', 404, 'completed'],
      ['sse', 200, 'client-closed'],
      ['ws', 101, 'client-closed'],
    ]);
  });

  it('lists live subscribers with topics, transport, user, since and connection time', async () => {
    const server = await serverForTest({ auth: { users: [{ name: 'u', password: 'p' }] } });
    const before = Date.now();
    await openStream(server, '/a,b/raw?since=10m', { Authorization: `Basic ${Buffer.from('u:p').toString('base64')}` });
    await openWs(server, '/c/ws');
    const subscribers = await server.waitForSubscribers(2);
    expect(
      subscribers.map(({ topics, topicsRaw, transport, user, since }) => ({
        topics,
        topicsRaw,
        transport,
        user,
        since,
      })),
    ).toEqual([
      { topics: ['a', 'b'], topicsRaw: 'a,b', transport: 'raw', user: 'u', since: '10m' },
      { topics: ['c'], topicsRaw: 'c', transport: 'ws', user: undefined, since: 'none' },
    ]);
    expect(subscribers[0]?.connectedAt).toBeGreaterThanOrEqual(before);
    expect(await server.waitForSubscribers(1, { topic: 'c' })).toHaveLength(1);
  });
});

describe('limits', () => {
  it('limits open streams per visitor (429, 42903) and frees the slot when a stream ends', async () => {
    const server = await serverForTest({ subscriptionLimit: 2 });
    const first = await openStream(server, '/a/json');
    await openStream(server, '/b/json');
    const third = await request(server, '/c/json?poll=1');
    expect(third.status).toBe(429);
    expect(third.text).toBe(
      '{"code":42903,"http":429,"error":"limit reached: too many active subscriptions","link":"https://ntfy.sh/docs/publish/#limitations"}\n',
    );
    first.close();
    await expect.poll(() => server.subscribers().length).toBe(1);
    expect((await request(server, '/c/json?poll=1')).status).toBe(200);
  });

  it('applies the request rate limit (429, 42901) only when enabled, never to /v1/health', async () => {
    const server = await serverForTest({ requestLimit: { burst: 3, replenishMs: 60_000 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await request(server, '/a/json?poll=1')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await request(server, '/v1/health')).status).toBe(200);
    const unlimited = await serverForTest();
    for (let i = 0; i < 70; i++) expect((await request(unlimited, '/a/auth')).status).toBe(200);
  });
});

describe('fan-out before caching', () => {
  it('delivers live before the message is cached; beforeCache holds the window open', async () => {
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = await serverForTest({ beforeCache: () => held });
    const stream = await openStream(server, '/a/json');
    const publishing = server.publish('a', 'window');
    await stream.waitForChunks(2);
    expect(server.cachedMessages()).toEqual([]);
    expect(jsonLines((await request(server, '/a/json?poll=1')).text)).toEqual([]);
    release();
    const message = await publishing;
    expect(server.cachedMessages()).toEqual([message]);
  });

  it('cacheDelayMs answers the publisher only after the delay, live delivery first', async () => {
    const server = await serverForTest({ cacheDelayMs: 300 });
    const stream = await openStream(server, '/a/json');
    let answered = false;
    const publishing = request(server, '/a', { method: 'POST', body: 'x' }).then((response) => {
      answered = true;
      return response;
    });
    await stream.waitForChunks(2);
    expect(answered).toBe(false);
    expect((await publishing).status).toBe(200);
  });
});
