/** `up=1` publishing as ntfy's handleBodyAsMessageAutoDetect does it (server/server.go); docs/protocol.md#unifiedpush. */
import { describe, expect, it } from 'vitest';
import { request, serverForTest } from './testing/fixtures.ts';
import type { NtfyMessage } from './types.ts';

async function publish(
  path: string,
  body: Uint8Array | string,
  headers: Record<string, string> = {},
): Promise<NtfyMessage> {
  const server = await serverForTest();
  const response = await request(server, path, { method: 'POST', headers, body });
  expect(response.status).toBe(200);
  return JSON.parse(response.text) as NtfyMessage;
}

describe('publishing with up=1 (UnifiedPush)', () => {
  it('keeps a text body exactly as sent: no trimming of spaces or newlines', async () => {
    const message = await publish('/upAbCdEfGhIjKl?up=1', '  {"a":1}\n\n');
    expect(message.message).toBe('  {"a":1}\n\n');
    expect(message.encoding).toBeUndefined();
  });

  it('sends a binary body as base64 with encoding "base64", the bytes unchanged', async () => {
    const bytes = Uint8Array.from([0, 255, 1, 254, 0x80, 10, 32]);
    const message = await publish('/upAbCdEfGhIjKl?up=1', bytes);
    expect(message.encoding).toBe('base64');
    expect(Buffer.from(message.message ?? '', 'base64')).toEqual(Buffer.from(bytes));
  });

  it('reads the X-UnifiedPush header and a Content-Encoding: aes128gcm body as UnifiedPush too', async () => {
    const viaHeader = await publish('/upAbCdEfGhIjKl', ' x ', { 'X-UnifiedPush': '1' });
    expect(viaHeader.message).toBe(' x ');
    const webPush = await publish('/upAbCdEfGhIjKl', Uint8Array.from([0xff, 0xfe]), {
      'Content-Encoding': 'aes128gcm',
    });
    expect(webPush).toMatchObject({ message: '//4=', encoding: 'base64' });
  });

  it('cuts a body over the 4096-byte message limit there instead of refusing it (ntfy peeks that much)', async () => {
    const bytes = Buffer.alloc(5000, 0xff);
    const message = await publish('/upAbCdEfGhIjKl?up=1', bytes);
    expect(Buffer.from(message.message ?? '', 'base64')).toEqual(bytes.subarray(0, 4096));
  });

  it('lets an empty body win over the message parameter: it becomes "triggered"', async () => {
    const message = await publish('/upAbCdEfGhIjKl?up=1&m=hello', '');
    expect(message.message).toBe('triggered');
  });

  it('still trims a body published without up=1', async () => {
    const message = await publish('/upAbCdEfGhIjKl', '  text\n');
    expect(message.message).toBe('text');
  });
});
