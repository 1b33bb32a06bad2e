import { describe, expect, it } from 'vitest';
import { jsonLines, openStream, request, serverForTest } from './testing/fixtures.ts';
import type { NtfyMessage, TestServer } from './types.ts';

async function post(
  server: TestServer,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string; message: NtfyMessage }> {
  const response = await request(server, path, { method: 'POST', ...init });
  const message = (response.status === 200 ? JSON.parse(response.text) : {}) as NtfyMessage;
  return { status: response.status, text: response.text, message };
}

const emailDisabled =
  '{"code":40001,"http":400,"error":"e-mail notifications are not enabled",' +
  '"link":"https://ntfy.sh/docs/config/#e-mail-notifications"}\n';
const attachmentsDisallowed =
  '{"code":40014,"http":400,"error":"invalid request: attachments not allowed",' +
  '"link":"https://ntfy.sh/docs/config/#attachments"}\n';

describe('the RFC 9218 Priority header', () => {
  it('is ignored when publishing: the priority stays unset (default), not 3', async () => {
    const server = await serverForTest();
    const published = await post(server, '/a', { headers: { Priority: 'u=1, i' }, body: 'x' });
    expect(published.status).toBe(200);
    expect(published.message.priority).toBeUndefined();
    expect(published.text).not.toContain('"priority"');
  });

  it('does not hide another priority name or the query', async () => {
    const server = await serverForTest();
    expect((await post(server, '/a?p=4', { headers: { Priority: 'u=3' } })).message.priority).toBe(4);
    expect((await post(server, '/a', { headers: { Priority: 'u=0, 1', Prio: 'low' } })).message.priority).toBe(2);
  });

  it('other u= values, or u= under another name, are still an invalid priority (40007)', async () => {
    const server = await serverForTest();
    expect(JSON.parse((await post(server, '/a', { headers: { Priority: 'u=1, j' } })).text)).toMatchObject({
      code: 40007,
    });
    expect(JSON.parse((await post(server, '/a', { headers: { 'X-Priority': 'u=1' } })).text)).toMatchObject({
      code: 40007,
    });
  });

  it('is ignored as a subscribe filter too', async () => {
    const server = await serverForTest();
    await server.publish('a', { message: 'low', priority: 2 });
    const response = await request(server, '/a/json?poll=1', { headers: { Priority: 'u=1, i' } });
    expect(response.status).toBe(200);
    expect(jsonLines(response.text).map((event) => event.message)).toEqual(['low']);
  });
});

describe('e-mail without SMTP', () => {
  it.each([
    ['Email', { Email: 'me@x.test' }, ''],
    ['X-Email', { 'X-Email': 'me@x.test' }, ''],
    ['e', { e: 'me@x.test' }, ''],
    ['mail', { mail: 'me@x.test' }, ''],
    ['the email query parameter', {}, '?email=me@x.test'],
  ])('answers %s with 400 (40001) and publishes nothing', async (_what, headers, query) => {
    const server = await serverForTest();
    const stream = await openStream(server, '/a/json');
    const published = await post(server, `/a${query}`, { headers, body: 'x' });
    expect(published.status).toBe(400);
    expect(published.text).toBe(emailDisabled);
    expect(server.cachedMessages()).toEqual([]);
    expect(stream.events()).toHaveLength(1);
  });

  it('answers a JSON "email" with 400 (40001)', async () => {
    const server = await serverForTest();
    const published = await post(server, '/', {
      body: JSON.stringify({ topic: 'a', message: 'x', email: 'me@x.test' }),
    });
    expect(published.text).toBe(emailDisabled);
  });
});

describe('Filename without Attach (attachments off)', () => {
  it.each([
    ['the Filename header', '/a', { Filename: 'notes.txt' }],
    ['X-Filename', '/a', { 'X-Filename': 'notes.txt' }],
    ['the f query parameter', '/a?f=notes.txt', {}],
  ])('answers %s with 400 (40014): the body would be an upload', async (_what, path, headers) => {
    const server = await serverForTest();
    const published = await post(server, path, { headers, body: 'short text' });
    expect(published.status).toBe(400);
    expect(published.text).toBe(attachmentsDisallowed);
  });

  it('answers a JSON "filename" without "attach" with 400 (40014)', async () => {
    const server = await serverForTest();
    const published = await post(server, '/', {
      body: JSON.stringify({ topic: 'a', message: 'x', filename: 'n.txt' }),
    });
    expect(published.text).toBe(attachmentsDisallowed);
  });

  it('with an external Attach URL, Filename names it and a body over 4096 bytes is cut to 4096 bytes, not refused', async () => {
    const server = await serverForTest();
    const published = await post(server, '/a', {
      headers: { Attach: 'https://x.test/f', Filename: 'notes.txt' },
      body: 'y'.repeat(5000),
    });
    expect(published.status).toBe(200);
    expect(published.message.message).toBe('y'.repeat(4096));
    expect(published.message.attachment).toEqual({ name: 'notes.txt', url: 'https://x.test/f' });
  });
});

describe('JSON publishing limits', () => {
  it.each([
    ['not JSON', '{"topic":'],
    ['an array', '[]'],
    ['an empty body', ''],
    ['a string priority', '{"topic":"a","priority":"high"}'],
    ['a fractional priority', '{"topic":"a","priority":2.5}'],
    ['a string tags', '{"topic":"a","tags":"x"}'],
    [
      'an action with a string clear',
      '{"topic":"a","actions":[{"action":"view","label":"x","url":"https://x","clear":"yes"}]}',
    ],
  ])('answers %s with 400 (40024)', async (_what, body) => {
    const server = await serverForTest();
    const published = await post(server, '/', { body });
    expect(published.status).toBe(400);
    expect(published.text).toBe(
      '{"code":40024,"http":400,"error":"invalid request: request body must be valid JSON"}\n',
    );
  });

  it('answers a body over 8192 bytes with 413 (41303) and accepts exactly 8192', async () => {
    const server = await serverForTest();
    const shell = JSON.stringify({ topic: 'a', message: 'm', title: '' });
    const exact = JSON.stringify({ topic: 'a', message: 'm', title: 't'.repeat(8192 - shell.length) });
    expect(Buffer.byteLength(exact)).toBe(8192);
    expect((await post(server, '/', { body: exact })).status).toBe(200);
    const over = JSON.stringify({ topic: 'a', message: 'm', title: 't'.repeat(8193 - shell.length) });
    const tooLarge = await post(server, '/', { body: over });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.text).toBe('{"code":41303,"http":413,"error":"JSON body too large"}\n');
  });

  it('answers a message over 4096 bytes (UTF-8) with 400 (40014) and accepts exactly 4096', async () => {
    const server = await serverForTest();
    const exact = await post(server, '/', { body: JSON.stringify({ topic: 'a', message: 'ü'.repeat(2048) }) });
    expect(exact.status).toBe(200);
    expect(exact.message.message).toBe('ü'.repeat(2048));
    const over = await post(server, '/', { body: JSON.stringify({ topic: 'a', message: `${'ü'.repeat(2048)}x` }) });
    expect(over.status).toBe(400);
    expect(over.text).toBe(attachmentsDisallowed);
  });

  it('reads field names case-insensitively like Go, and trims the message like a body', async () => {
    const server = await serverForTest();
    const published = await post(server, '/', { body: '{"Topic":"a","MESSAGE":"  hi \\n","Priority":5}' });
    expect(published.message).toMatchObject({ topic: 'a', message: 'hi', priority: 5 });
  });

  it('an empty message with an attachment is "triggered", as ntfy fills it in before reading the body', async () => {
    const server = await serverForTest();
    const published = await post(server, '/', { body: JSON.stringify({ topic: 'a', attach: 'https://x.test/f.png' }) });
    expect(published.message).toMatchObject({ message: 'triggered', attachment: { name: 'f.png' } });
  });
});
