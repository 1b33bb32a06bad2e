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

  it('still refuses uploads with 40014 without the option', async () => {
    const server = await serverForTest();
    const refused = await put(`${server.url}/a`, PNG);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 40014 });
  });
});
