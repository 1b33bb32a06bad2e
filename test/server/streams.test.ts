import { describe, expect, it } from 'vitest';
import { openStream, request, serverForTest } from './testing/fixtures.ts';
import { encodeMessageLine } from './wire-format.ts';

const openLine = /^\{"id":"[A-Za-z0-9]{12}","time":\d+,"event":"open","topic":"a,b"\}\n$/;

describe('/json streams', () => {
  it('sends open first (topic = raw path list), then one chunk per event, byte-identical to Go encoding', async () => {
    const server = await serverForTest();
    const stream = await openStream(server, '/a,b/json');
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(stream.headers['transfer-encoding']).toBe('chunked');
    const first = await server.publish('a', { message: 'one <&>', title: 'T', tags: ['x'] });
    const second = await server.publish('b', 'two');
    await server.publish('c', 'not subscribed');
    await stream.waitForChunks(3);
    const [open, ...messages] = stream.chunkTexts();
    expect(open).toMatch(openLine);
    expect(messages).toEqual([encodeMessageLine(first), encodeMessageLine(second)]);
    expect(messages[0]).toContain('"message":"one \\u003c\\u0026\\u003e"');
  });

  it('sends a keepalive every interval, even while messages flow, and never a blank line', async () => {
    const server = await serverForTest({ keepaliveIntervalMs: 40 });
    const stream = await openStream(server, '/a/json');
    const publisher = setInterval(() => {
      void server.publish('a', 'traffic');
    }, 5);
    try {
      await stream.waitFor(() => stream.events().filter((e) => e.event === 'keepalive').length >= 3, '3 keepalives');
    } finally {
      clearInterval(publisher);
    }
    for (const chunk of stream.chunkTexts()) expect(chunk).toMatch(/^\{.*\}\n$/);
    const keepalive = stream.chunkTexts().find((chunk) => chunk.includes('"keepalive"'));
    expect(keepalive).toMatch(/^\{"id":"[A-Za-z0-9]{12}","time":\d+,"event":"keepalive","topic":"a"\}\n$/);
  });

  it('accepts duplicate topics and then delivers each message twice', async () => {
    const server = await serverForTest();
    const stream = await openStream(server, '/a,a/json');
    const message = await server.publish('a', 'twice');
    await stream.waitForChunks(3);
    expect(stream.chunkTexts().slice(1)).toEqual([encodeMessageLine(message), encodeMessageLine(message)]);
  });

  it('accepts 64-character topics of [-_A-Za-z0-9] and is case-sensitive', async () => {
    const server = await serverForTest();
    const topic = `Ab-_9${'x'.repeat(59)}`;
    const stream = await openStream(server, `/${topic}/json`);
    await server.publish(topic.toLowerCase(), 'other topic');
    const message = await server.publish(topic, 'mine');
    await stream.waitForChunks(2);
    expect(stream.chunkTexts()).toHaveLength(2);
    expect(stream.chunkTexts()[1]).toBe(encodeMessageLine(message));
  });
});

describe('publishRaw', () => {
  it('delivers and caches exactly the event given, unknown kinds and server-upload attachments included', async () => {
    const server = await serverForTest();
    const stream = await openStream(server, '/a/json');
    const unknown = { id: 'Unknown00001', time: 1, event: 'future_event', topic: 'a' };
    const upload = {
      id: 'Upload000001',
      time: Math.floor(Date.now() / 1000),
      event: 'message',
      topic: 'a',
      message: 'aGk=',
      encoding: 'base64',
      attachment: { name: 'f.bin', type: 'application/octet-stream', size: 2, expires: 9, url: 'https://x.test/f' },
    };
    await server.publishRaw(unknown, { cache: false });
    await server.publishRaw(upload);
    await stream.waitForChunks(3);
    expect(stream.chunkTexts().slice(1)).toEqual([encodeMessageLine(unknown), encodeMessageLine(upload)]);
    expect(stream.chunkTexts()[2]).toContain(
      '"attachment":{"name":"f.bin","type":"application/octet-stream","size":2,"expires":9,"url":"https://x.test/f"}',
    );
    expect(server.cachedMessages()).toEqual([upload]);
  });
});

describe('/sse and /raw streams', () => {
  it('SSE: open and keepalive carry an event line, messages only data; no id or retry lines', async () => {
    const server = await serverForTest({ keepaliveIntervalMs: 30 });
    const stream = await openStream(server, '/a,b/sse');
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const message = await server.publish('b', 'hello');
    await stream.waitFor(
      () => stream.chunkTexts().some((chunk) => chunk.startsWith('event: keepalive\n')),
      'keepalive',
    );
    const [open, data] = stream.chunkTexts();
    expect(open).toMatch(/^event: open\ndata: \{"id":"[A-Za-z0-9]{12}","time":\d+,"event":"open","topic":"a,b"\}\n\n$/);
    expect(data).toBe(`data: ${encodeMessageLine(message)}\n`);
    expect(stream.text()).not.toMatch(/^(id|retry):/m);
  });

  it('SSE: poll_request events (X-Poll-ID) are sent live with an event line', async () => {
    const server = await serverForTest();
    const stream = await openStream(server, '/a/sse');
    await request(server, '/a', { method: 'POST', headers: { 'X-Poll-ID': 'p123' }, body: '' });
    await stream.waitForChunks(2);
    expect(stream.chunkTexts()[1]).toMatch(
      /^event: poll_request\ndata: \{.*"event":"poll_request".*"poll_id":"p123"\}\n\n$/,
    );
  });

  it('raw: a bare newline for open and keepalive, the body with newlines as spaces for messages', async () => {
    const server = await serverForTest({ keepaliveIntervalMs: 30 });
    const stream = await openStream(server, '/a/raw');
    expect(stream.headers['content-type']).toBe('text/plain; charset=utf-8');
    await server.publish('a', 'line one\nline two');
    await stream.waitForChunks(3);
    expect(stream.chunkTexts().slice(0, 3)).toEqual(['\n', 'line one line two\n', '\n']);
  });
});

describe('paths and polling', () => {
  it.each(['/a.b/json', `/${'x'.repeat(65)}/json`, '/a,,b/json', '/a,/json', '/a/xml', '/a/json/extra'])(
    'answers %s with 404 and the JSON error body',
    async (path) => {
      const server = await serverForTest();
      const response = await request(server, path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.has('www-authenticate')).toBe(false);
      expect(response.text).toBe('{"code":40401,"http":404,"error":"page not found"}\n');
    },
  );

  it('rejects topic names ntfy reserves with 400 (40010)', async () => {
    const server = await serverForTest();
    const response = await request(server, '/docs/json');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({ code: 40010, http: 400 });
  });

  it('poll=1 sends no open, one chunk per cached message, then ends the response', async () => {
    const server = await serverForTest();
    const first = await server.publish('a', 'one');
    const second = await server.publish('a', 'two');
    const stream = await openStream(server, '/a/json?poll=1');
    await stream.waitForEnd();
    expect(stream.ended).toBe(true);
    expect(stream.chunkTexts()).toEqual([encodeMessageLine(first), encodeMessageLine(second)]);
  });

  it('an empty poll answers 200 with an empty body', async () => {
    const server = await serverForTest();
    const stream = await openStream(server, '/a/json?poll=1');
    await stream.waitForEnd();
    expect(stream.status).toBe(200);
    expect(stream.headers['content-length']).toBe('0');
    expect(stream.text()).toBe('');
  });

  it('GET /v1/health answers {"healthy":true}', async () => {
    const server = await serverForTest();
    const response = await request(server, '/v1/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.text).toBe('{"healthy":true}\n');
  });
});
