import { describe, expect, it } from 'vitest';
import { jsonLines, openStream, request, serverForTest } from './testing/fixtures.ts';
import { RawHttpStream } from './testing/raw-http.ts';
import type { NtfyAction, NtfyMessage, TestServer } from './types.ts';
import { encodeMessageLine } from './wire-format.ts';

async function publishHttp(
  server: TestServer,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; message: NtfyMessage; text: string; contentType: string | null }> {
  const response = await request(server, path, { method: 'POST', ...init });
  const message = (response.status === 200 ? JSON.parse(response.text) : {}) as NtfyMessage;
  return { status: response.status, message, text: response.text, contentType: response.headers.get('content-type') };
}

describe('publishing with headers', () => {
  it('stores and answers the message as Go-encoded JSON, identical to what subscribers receive', async () => {
    const server = await serverForTest();
    const stream = await openStream(server, '/mytopic/json');
    const published = await publishHttp(server, '/mytopic', {
      method: 'PUT',
      headers: { Title: 'Disk <full>', Priority: 'high', Tags: 'warning, skull', Click: 'https://x.test/c' },
      body: '  Backup failed\n',
    });
    expect(published.status).toBe(200);
    expect(published.contentType).toBe('application/json');
    expect(published.message).toMatchObject({
      event: 'message',
      topic: 'mytopic',
      title: 'Disk <full>',
      message: 'Backup failed',
      priority: 4,
      tags: ['warning', 'skull'],
      click: 'https://x.test/c',
    });
    expect(published.message.id).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(Math.abs(published.message.time - Date.now() / 1000)).toBeLessThan(5);
    expect(published.message.expires).toBe(published.message.time + 12 * 3600);
    expect(published.text).toBe(encodeMessageLine(published.message));
    await stream.waitForChunks(2);
    expect(stream.chunkTexts()[1]).toBe(published.text);
  });

  it('reads the X- header names and the lowercase query parameters', async () => {
    const server = await serverForTest();
    const viaHeaders = await publishHttp(server, '/a', {
      headers: { 'X-Title': 't1', 'X-Priority': '2', 'X-Tags': 'x', 'X-Click': 'https://c', 'X-Markdown': 'yes' },
      body: 'b',
    });
    expect(viaHeaders.message).toMatchObject({ title: 't1', priority: 2, tags: ['x'], content_type: 'text/markdown' });
    const query = 't=t2&p=max&ta=y,z&click=https://c&icon=https://i.test/i.png&md=1&m=from%5Cnquery';
    const viaQuery = await publishHttp(server, `/a?${query}`);
    expect(viaQuery.message).toMatchObject({
      title: 't2',
      priority: 5,
      tags: ['y', 'z'],
      icon: 'https://i.test/i.png',
      content_type: 'text/markdown',
      message: 'from\nquery',
    });
  });

  it('turns an empty body into "triggered" and keeps an explicit priority 3', async () => {
    const server = await serverForTest();
    const published = await publishHttp(server, '/a', { headers: { Priority: '3' } });
    expect(published.message.message).toBe('triggered');
    expect(published.text).toContain('"priority":3');
  });

  it('marks Content-Type: text/markdown bodies as markdown', async () => {
    const server = await serverForTest();
    const published = await publishHttp(server, '/a', { headers: { 'Content-Type': 'text/markdown' }, body: '**x**' });
    expect(published.message.content_type).toBe('text/markdown');
  });

  it('publishes with GET /<topic>/publish (webhook style)', async () => {
    const server = await serverForTest();
    const published = await publishHttp(server, '/a/publish?message=hook&priority=low', { method: 'GET' });
    expect(published.message).toMatchObject({ message: 'hook', priority: 2 });
  });

  it('decodes raw UTF-8 and RFC 2047 encoded header values', async () => {
    const server = await serverForTest();
    const encoded = `=?UTF-8?B?${Buffer.from('Grüße').toString('base64')}?=`;
    expect((await publishHttp(server, '/a', { headers: { Title: encoded } })).message.title).toBe('Grüße');
    // fetch refuses non-Latin-1 header values: send the raw UTF-8 bytes on a socket.
    const raw = await RawHttpStream.open({
      port: server.port,
      method: 'POST',
      path: '/a',
      headers: { Title: 'Grüße' },
      body: 'x',
    });
    await raw.waitForEnd();
    expect((JSON.parse(raw.text()) as NtfyMessage).title).toBe('Grüße');
  });

  it('answers an invalid priority with 400 (40007)', async () => {
    const server = await serverForTest();
    const published = await publishHttp(server, '/a', { headers: { Priority: 'extreme' } });
    expect(published.status).toBe(400);
    expect(JSON.parse(published.text)).toMatchObject({ code: 40007 });
  });
});

describe('attachments and actions', () => {
  it('turns Attach into {name, url} with the name from Filename or the URL', async () => {
    const server = await serverForTest();
    const named = await publishHttp(server, '/a', { headers: { Attach: 'https://x.test/f/report.pdf' } });
    expect(named.message.attachment).toEqual({ name: 'report.pdf', url: 'https://x.test/f/report.pdf' });
    expect(named.message.message).toBe('You received a file: report.pdf');
    expect(named.text).toContain('"attachment":{"name":"report.pdf","url":"https://x.test/f/report.pdf"}');
    const renamed = await publishHttp(server, '/a?attach=https://x.test/&filename=r.pdf', { body: 'see file' });
    expect(renamed.message.attachment).toEqual({ name: 'r.pdf', url: 'https://x.test/' });
    expect((await publishHttp(server, '/a', { headers: { Attach: 'ftp://x' } })).status).toBe(400);
  });

  it('normalises JSON actions: an id each, clear false by default, method left out', async () => {
    const server = await serverForTest();
    const actions = [
      { action: 'view', label: 'Open', url: 'https://x.test' },
      { action: 'http', label: 'Post', url: 'https://y.test', headers: { b: '1', a: '2' }, body: 'x', clear: true },
    ];
    const published = await publishHttp(server, '/a', { headers: { Actions: JSON.stringify(actions) } });
    const [view, http] = published.message.actions ?? [];
    expect(view).toEqual({ id: expect.stringMatching(/^[A-Za-z0-9]{10}$/) as unknown, ...actions[0], clear: false });
    expect((http as NtfyAction).method).toBeUndefined();
    expect(published.text).toContain(
      `"actions":[{"id":"${view?.id ?? ''}","action":"view","label":"Open","clear":false,`,
    );
    expect(published.text).toContain('"headers":{"a":"2","b":"1"},"body":"x"');
  });

  it.each([
    ['more than 3 actions', Array.from({ length: 4 }, () => ({ action: 'view', label: 'x', url: 'https://x' }))],
    ['a missing label', [{ action: 'view', url: 'https://x' }]],
    ['an unknown action', [{ action: 'dance', label: 'x' }]],
    ['a view without url', [{ action: 'view', label: 'x' }]],
  ])('answers %s with 400 (40018)', async (_what, actions) => {
    const server = await serverForTest();
    const published = await publishHttp(server, '/a', { headers: { Actions: JSON.stringify(actions) } });
    expect(published.status).toBe(400);
    expect(JSON.parse(published.text)).toMatchObject({ code: 40018 });
  });
});

describe('publishing JSON to /', () => {
  it('publishes every supported field', async () => {
    const server = await serverForTest();
    const body = {
      topic: 'a',
      message: 'json body',
      title: 'T',
      priority: 4,
      tags: ['x', 'y'],
      click: 'https://c.test',
      icon: 'https://i.test/i.png',
      actions: [{ action: 'view', label: 'Open', url: 'https://x.test' }],
      attach: 'https://x.test/a.png',
      filename: 'b.png',
      markdown: true,
    };
    const published = await publishHttp(server, '/', { body: JSON.stringify(body) });
    expect(published.message).toMatchObject({
      topic: 'a',
      message: 'json body',
      title: 'T',
      priority: 4,
      tags: ['x', 'y'],
      click: 'https://c.test',
      icon: 'https://i.test/i.png',
      attachment: { name: 'b.png', url: 'https://x.test/a.png' },
      content_type: 'text/markdown',
    });
    expect(published.message.actions?.[0]).toMatchObject({ action: 'view', clear: false });
    const poll = await request(server, '/a/json?poll=1');
    expect(jsonLines(poll.text)).toEqual([published.message]);
  });

  it('turns an empty message into "triggered", delays, and honours cache', async () => {
    const server = await serverForTest({ minDelayMs: 0 });
    expect((await publishHttp(server, '/', { body: '{"topic":"a"}' })).message.message).toBe('triggered');
    const delayed = await publishHttp(server, '/', { body: '{"topic":"a","message":"later","delay":"1h"}' });
    expect(delayed.message.time).toBeGreaterThan(Date.now() / 1000 + 3500);
    const uncached = await publishHttp(server, '/', { body: '{"topic":"a","message":"x","cache":"no"}' });
    expect(uncached.message.expires).toBeUndefined();
  });

  it('answers an invalid topic with 400 (40009) and invalid JSON with 400 (40024)', async () => {
    const server = await serverForTest();
    const badTopic = await publishHttp(server, '/', { body: '{"topic":"no/slash","message":"x"}' });
    expect(badTopic.status).toBe(400);
    expect(badTopic.text).toBe('{"code":40009,"http":400,"error":"invalid request: topic invalid"}\n');
    const badJson = await publishHttp(server, '/', { body: '{"topic":' });
    expect(badJson.text).toBe('{"code":40024,"http":400,"error":"invalid request: request body must be valid JSON"}\n');
  });
});

describe('delays and poll requests', () => {
  it('validates Delay like ntfy: unparseable 40004, too small 40005, too large 40006, uncached 40002', async () => {
    const server = await serverForTest();
    const code = async (headers: Record<string, string>): Promise<unknown> =>
      (JSON.parse((await publishHttp(server, '/a', { headers, body: 'x' })).text) as { code: unknown }).code;
    expect(await code({ Delay: 'tomorrow-ish' })).toBe(40004);
    expect(await code({ Delay: '5s' })).toBe(40005);
    expect(await code({ Delay: '4d' })).toBe(40006);
    expect(await code({ Delay: '1m', Cache: 'no' })).toBe(40002);
    expect(await code({ In: '30 minutes' })).toBeUndefined();
    expect(await code({ At: String(Math.floor(Date.now() / 1000) + 3600) })).toBeUndefined();
  });

  it('sends poll_request events live only, never cached', async () => {
    const server = await serverForTest();
    const stream = await openStream(server, '/a/json');
    const published = await publishHttp(server, '/a', { headers: { 'X-Poll-ID': 'abc' } });
    expect(published.message).toMatchObject({ event: 'poll_request', poll_id: 'abc' });
    expect(published.message.expires).toBeUndefined();
    await stream.waitForChunks(2);
    expect(stream.events()[1]).toEqual(published.message);
    expect(server.cachedMessages()).toEqual([]);
  });
});
