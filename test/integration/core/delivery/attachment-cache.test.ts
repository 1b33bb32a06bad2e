import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadImage } from '../../../../main/core/delivery/attachment-cache.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let base: string;
let files: http.Server;
let dir: string;

beforeAll(async () => {
  files = http.createServer((request, response) => {
    switch (new URL(request.url ?? '/', 'http://localhost').pathname) {
      case '/ok.png':
        response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length }).end(PNG);
        return;
      case '/big.png':
        response
          .writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': 6 * 1024 * 1024 })
          .end(Buffer.alloc(6 * 1024 * 1024));
        return;
      case '/big-chunked.png':
        // No Content-Length: the cap must hold while streaming.
        response.writeHead(200, { 'Content-Type': 'image/png' });
        for (let i = 0; i < 12; i++) response.write(Buffer.alloc(512 * 1024));
        response.end();
        return;
      case '/page':
        response.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>alert(1)</script>');
        return;
      case '/run.exe':
        response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end('MZ');
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-attachments-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) =>
    files.close(() => {
      resolve();
    }),
  );
  await rm(dir, { recursive: true, force: true });
});

describe('downloadImage', () => {
  it('stores an image under a name of its own choosing with the right extension', async () => {
    const result = await downloadImage(`${base}/ok.png?name=../../evil.sh`, { dir });
    expect(result).toMatchObject({ ok: true, bytes: PNG.length });
    if (!result.ok) return;
    expect(path.dirname(result.path)).toBe(dir);
    expect(path.basename(result.path)).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await readFile(result.path)).toEqual(PNG);
  });

  it('refuses images over the cap, declared or streamed, and leaves nothing behind', async () => {
    for (const file of ['big.png', 'big-chunked.png']) {
      expect(await downloadImage(`${base}/${file}`, { dir })).toEqual({
        ok: false,
        reason: 'larger than 5242880 bytes',
      });
    }
    expect((await readdir(dir)).filter((name) => !name.endsWith('.png') || name.includes('part'))).toEqual([]);
  });

  it('refuses what is not an image, errors and non-http URLs', async () => {
    expect(await downloadImage(`${base}/page`, { dir })).toEqual({ ok: false, reason: 'not an image (text/html)' });
    expect(await downloadImage(`${base}/run.exe`, { dir })).toEqual({
      ok: false,
      reason: 'not an image (application/octet-stream)',
    });
    expect(await downloadImage(`${base}/missing.png`, { dir })).toEqual({ ok: false, reason: 'HTTP 404' });
    expect(await downloadImage('file:///etc/passwd', { dir })).toEqual({
      ok: false,
      reason: 'scheme file: is not allowed',
    });
  });
});
