import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { request, serverForTest } from './testing/fixtures.ts';
import type { NtfyMessage } from './types.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48]);

async function put(url: string, body: Buffer | string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'PUT', body, headers });
  const text = await response.text();
  return { status: response.status, text, message: (response.status === 200 ? JSON.parse(text) : {}) as NtfyMessage };
}

describe('uploads with the attachments option (ntfy with an attachment cache)', () => {
  it('stores a body that is not UTF-8 as attachment<ext>, typed by its bytes, and serves its exact bytes', async () => {
    const server = await serverForTest({ attachments: true });
    const { status, message } = await put(`${server.url}/a?title=Bild`, PNG);
    expect(status).toBe(200);
    expect(message).toMatchObject({
      title: 'Bild',
      message: 'You received a file: attachment.png',
      attachment: { name: 'attachment.png', type: 'image/png', size: PNG.length },
    });
    expect(message.attachment?.url).toBe(`${server.url}/file/${message.id}.png`);
    expect(message.attachment?.expires).toBeGreaterThan(message.time + 3 * 3600 - 5);
    const file = await fetch(message.attachment?.url ?? '');
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    expect(server.cachedMessages()).toEqual([message]);
  });

  it('stores text over 4096 bytes as attachment.txt, and any body with a Filename under that name', async () => {
    const server = await serverForTest({ attachments: true });
    const long = await put(`${server.url}/a`, 'x'.repeat(4097));
    expect(long.message.attachment).toMatchObject({ name: 'attachment.txt', type: 'text/plain; charset=utf-8' });
    const named = await put(`${server.url}/a`, 'short', { Filename: 'notes.md', Message: 'see the notes' });
    expect(named.message).toMatchObject({ message: 'see the notes', attachment: { name: 'notes.md', size: 5 } });
    expect(await (await fetch(named.message.attachment?.url ?? '')).text()).toBe('short');
  });

  it('answers a file over the size limit with 413 (41301), and an unknown file with 404', async () => {
    const server = await serverForTest({ attachments: { fileSizeLimitBytes: 8 } });
    const over = await put(`${server.url}/a`, PNG);
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text)).toMatchObject({
      code: 41301,
      error: 'attachment too large, or bandwidth limit reached',
    });
    expect(server.cachedMessages()).toEqual([]);
    expect((await request(server, '/file/abcdefghijkl.png')).status).toBe(404);
  });

  it("refuses a named upload whose Content-Length is over the limit before reading its body, as ntfy's early check", async () => {
    const server = await serverForTest({ attachments: { fileSizeLimitBytes: 1000 } });
    const outgoing = http.request(`${server.url}/a?filename=big.bin`, {
      method: 'PUT',
      headers: { 'Content-Length': '1000000' },
    });
    outgoing.on('error', () => undefined);
    outgoing.flushHeaders();
    // Not a byte of the body is sent: the answer can only be the early check's.
    const response = await new Promise<http.IncomingMessage>((resolve) => outgoing.once('response', resolve));
    expect(response.statusCode).toBe(413);
    const text = await new Promise<string>((resolve) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        resolve(body);
      });
    });
    expect(JSON.parse(text)).toMatchObject({ code: 41301 });
    outgoing.destroy();
    expect(server.cachedMessages()).toEqual([]);
  });

  it("tells its attachment limits in the account, with ntfy's visitor defaults for the totals", async () => {
    const server = await serverForTest({ attachments: { fileSizeLimitBytes: 1000, expiryMs: 7_200_000 } });
    const account = (await (await fetch(`${server.url}/v1/account`)).json()) as {
      limits: Record<string, unknown>;
      stats: Record<string, unknown>;
    };
    expect(account.limits).toMatchObject({
      attachment_total_size: 104_857_600,
      attachment_file_size: 1000,
      attachment_expiry_duration: 7200,
      attachment_bandwidth: 524_288_000,
    });
    expect(account.stats).toMatchObject({ attachment_total_size: 0, attachment_total_size_remaining: 104_857_600 });
  });

  it('holds uploads on request: one whose client went away is not published, one released is', async () => {
    const server = await serverForTest({ attachments: true });
    server.faults.holdUploads(true);
    const controller = new AbortController();
    const gone = fetch(`${server.url}/a?filename=gone.bin`, { method: 'PUT', body: PNG, signal: controller.signal });
    const first = await server.waitForRequest((entry) => entry.query['filename'] === 'gone.bin');
    controller.abort();
    await expect(gone).rejects.toThrow();
    expect((await server.waitForRequestEnd((entry) => entry.seq === first.seq)).end).toBe('client-closed');
    const kept = put(`${server.url}/a?filename=kept.bin`, PNG);
    await server.waitForRequest((entry) => entry.query['filename'] === 'kept.bin');
    server.faults.holdUploads(false);
    expect((await kept).status).toBe(200);
    expect(server.cachedMessages().map((message) => message.attachment?.name)).toEqual(['kept.bin']);
  });

  it('still refuses uploads with 40014 without the option', async () => {
    const server = await serverForTest();
    const refused = await put(`${server.url}/a`, PNG);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 40014 });
  });
});
