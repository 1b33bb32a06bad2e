import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttachmentCache, downloadImage } from '../../../../main/core/delivery/attachment-cache.ts';
import { classifyAddress } from '../../../../main/core/net/address-class.ts';
import { startPublisherHost, type PublisherHost } from '../../../server/publisher-host.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

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
    const result = await downloadImage(`${base}/ok.png?name=../../evil.sh`, { dir, server: base });
    expect(result).toMatchObject({ ok: true, bytes: PNG.length });
    if (!result.ok) return;
    expect(path.dirname(result.path)).toBe(dir);
    expect(path.basename(result.path)).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await readFile(result.path)).toEqual(PNG);
  });

  it('refuses images over the cap, declared or streamed, and leaves nothing behind', async () => {
    for (const file of ['big.png', 'big-chunked.png']) {
      expect(await downloadImage(`${base}/${file}`, { dir, server: base })).toEqual({
        ok: false,
        reason: 'larger than 5242880 bytes',
      });
    }
    expect((await readdir(dir)).filter((name) => !name.endsWith('.png') || name.includes('part'))).toEqual([]);
  });

  it('refuses what is not an image, errors and non-http URLs', async () => {
    expect(await downloadImage(`${base}/page`, { dir, server: base })).toEqual({
      ok: false,
      reason: 'not an image (text/html)',
    });
    expect(await downloadImage(`${base}/run.exe`, { dir, server: base })).toEqual({
      ok: false,
      reason: 'not an image (application/octet-stream)',
    });
    expect(await downloadImage(`${base}/missing.png`, { dir, server: base })).toEqual({
      ok: false,
      reason: 'HTTP 404',
    });
    expect(await downloadImage('file:///etc/passwd', { dir, server: base })).toEqual({
      ok: false,
      reason: 'scheme file: is not allowed',
    });
  });
});

/**
 * Everything here runs on 127.0.0.1, so names play the internet: `*.example` names resolve to 127.0.0.1 and
 * `public.example` names are classified as public addresses; every other address keeps its real class. None of this
 * machine's interfaces counts as its own here, or 127.0.0.1 could not play the internet.
 */
const guard = {
  interfaces: () => [],
  resolve: (host: string) => Promise.resolve(host.endsWith('.example') ? ['127.0.0.1'] : []),
  classify: (address: string, host: string) =>
    host.startsWith('public.') ? ('public' as const) : (classifyAddress(address) ?? 'public'),
};

describe('downloadImage from a publisher’s host', () => {
  let host: PublisherHost;
  const port = (): string => new URL(host.url).port;
  beforeAll(async () => {
    host = await startPublisherHost();
    host.respond('/internal/track.png', { type: 'image/png', body: PNG });
    host.respond('/pic.png', { type: 'image/png', body: PNG });
  });
  afterAll(async () => {
    await host.close();
  });

  it('does not fetch a loopback attachment when the subscription’s server is elsewhere', async () => {
    const result = await downloadImage(`${host.url}/internal/track.png`, {
      dir,
      server: 'https://public.ntfy.example',
      ...guard,
    });
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('internal address') as string });
    // A name that looks public but resolves to loopback is refused the same way: the address connected to counts.
    const named = await downloadImage(`http://sneaky.example:${port()}/internal/track.png`, {
      dir,
      server: 'https://public.ntfy.example',
      ...guard,
    });
    expect(named).toMatchObject({ ok: false, reason: expect.stringContaining('internal address') as string });
    expect(host.requests).toEqual([]);
  });

  it('checks a redirect again: into another host on loopback is refused, unasked', async () => {
    host.redirect('/r/elsewhere.png', `http://127.0.0.1:${port()}/internal/track.png`);
    const result = await downloadImage(`http://public.files.example:${port()}/r/elsewhere.png`, {
      dir,
      server: 'https://public.ntfy.example',
      ...guard,
    });
    expect(result).toMatchObject({ ok: false });
    expect(host.requests.map((request) => request.path)).toEqual(['/r/elsewhere.png']);
  });

  it('from the subscription’s server only: follows a redirect to another path there, not to another origin', async () => {
    const server = `http://public.ntfy.example:${port()}`;
    host.redirect('/r/same.png', '/pic.png');
    host.redirect('/r/other.png', `http://public.cdn.example:${port()}/pic.png`);
    const options = { dir, server, from: 'subscription-server' as const, ...guard };
    expect(await downloadImage(`${server}/r/same.png`, options)).toMatchObject({ ok: true });
    expect(await downloadImage(`${server}/r/other.png`, options)).toEqual({
      ok: false,
      reason: `http://public.cdn.example:${port()} is not the subscription's server`,
    });
    expect(await downloadImage(`http://public.cdn.example:${port()}/pic.png`, options)).toMatchObject({ ok: false });
    expect(await downloadImage(`${server}/pic.png`, { ...options, from: 'never' })).toMatchObject({ ok: false });
    expect(host.requests.map((request) => request.path).slice(-3)).toEqual(['/r/same.png', '/pic.png', '/r/other.png']);
  });
});

describe('AttachmentCache', () => {
  it('serves a cached file without fetching again, and drops the least recently used over its cap', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-cache-'));
    const host = await startPublisherHost();
    const clock = new ManualClock(1_700_000_000_000);
    try {
      for (const name of ['a', 'b', 'c']) host.respond(`/${name}.png`, { type: 'image/png', body: PNG });
      // Room for two of these files.
      const cache = new AttachmentCache({ dir: cacheDir, maxTotalBytes: PNG.length * 2, now: () => clock.now() });
      const request = { server: host.url, from: 'subscription-server' as const, maxBytes: 1024 };
      const get = async (name: string): Promise<void> => {
        clock.advance(1000);
        expect(await cache.get(`${host.url}/${name}.png`, request)).toMatchObject({ ok: true });
      };
      await get('a');
      await get('b');
      await get('a'); // from the cache: a is now the most recently used
      await get('c'); // b goes
      expect(host.requests.map((entry) => entry.path)).toEqual(['/a.png', '/b.png', '/c.png']);
      expect(await cache.cached(`${host.url}/b.png`)).toBeUndefined();
      expect(await cache.cached(`${host.url}/a.png`)).toBeDefined();
      // Deleting the messages of a leaves only c.
      expect(await cache.keepOnly([`${host.url}/c.png`])).toBe(1);
      expect(await readdir(cacheDir)).toHaveLength(1);
      expect(await cache.cached(`${host.url}/c.png`)).toBeDefined();
    } finally {
      await host.close();
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});
