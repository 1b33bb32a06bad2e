/**
 * The address guard's rules, one case each, over real sockets to a publisher's host on 127.0.0.1. Names, their
 * answers and this machine's interfaces are the test's (an injected resolver and interface list), so every case says
 * which address plays the internet; nothing here leaves 127.0.0.1.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadImage } from '../../../../main/core/delivery/attachment-cache.ts';
import { type AddressClass, classifyAddress } from '../../../../main/core/net/address-class.ts';
import { type AddressGuard, guardedRequest } from '../../../../main/core/net/guarded-request.ts';
import { startPublisherHost, type PublisherHost } from '../../../server/publisher-host.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let host: PublisherHost;
let dir: string;
const port = (): string => new URL(host.url).port;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-guard-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  host = await startPublisherHost();
  host.respond('/pic.png', { type: 'image/png', body: PNG });
});

afterEach(async () => {
  await host.close();
});

/** Names as the test's DNS answers them; a name it does not know does not resolve. */
function resolverOf(answers: Readonly<Record<string, readonly string[]>>): NonNullable<AddressGuard['resolve']> {
  return (name) => {
    const found = answers[name];
    return found === undefined ? Promise.reject(new Error(`${name} not found`)) : Promise.resolve(found);
  };
}

/** 127.0.0.1 plays a public address on the internet; every other address keeps its real class. */
const localhostPlaysInternet = (address: string): AddressClass =>
  address === '127.0.0.1' ? 'public' : (classifyAddress(address) ?? 'public');

async function get(url: string, guard: AddressGuard & { mayReachInternal?: (hop: URL) => boolean }) {
  const answer = await guardedRequest(url, {
    mayReachInternal: () => false,
    maxRedirects: 0,
    signal: AbortSignal.timeout(30_000),
    ...guard,
  });
  // Read to the end: the socket is then free for another request (were it pooled).
  if (answer.ok) await once(answer.response.resume(), 'end');
  return answer;
}

describe("this machine's own addresses are internal, whatever their range", () => {
  it('refuses an interface’s address, as an IP literal or behind a name, and sends nothing', async () => {
    const guard = {
      classify: localhostPlaysInternet,
      interfaces: () => ['10.20.30.40', '127.0.0.1'],
      resolve: resolverOf({ 'me.example': ['127.0.0.1'] }),
    };
    for (const url of [`${host.url}/pic.png`, `http://me.example:${port()}/pic.png`])
      expect(await get(url, guard)).toMatchObject({ ok: false, kind: 'refused' });
    expect(host.requests).toEqual([]);
  });

  it('knows an interface address in its IPv4-mapped IPv6 form', async () => {
    const guard = { classify: localhostPlaysInternet, interfaces: () => ['::ffff:127.0.0.1'] };
    expect(await get(`${host.url}/pic.png`, guard)).toMatchObject({ ok: false, kind: 'refused' });
    expect(host.requests).toEqual([]);
  });

  it('lets the same address through when it is not one of this machine’s', async () => {
    const guard = { classify: localhostPlaysInternet, interfaces: () => ['10.20.30.40'] };
    expect(await get(`${host.url}/pic.png`, guard)).toMatchObject({ ok: true });
    expect(host.requests.map((request) => request.path)).toEqual(['/pic.png']);
  });
});

describe('every address a name resolves to is checked', () => {
  it('refuses a name with one internal address beside a public one', async () => {
    const guard = {
      classify: localhostPlaysInternet,
      interfaces: () => [],
      resolve: resolverOf({ 'mixed.example': ['127.0.0.1', '10.0.0.1'] }),
    };
    expect(await get(`http://mixed.example:${port()}/pic.png`, guard)).toMatchObject({ ok: false, kind: 'refused' });
    expect(host.requests).toEqual([]);
  });

  it('connects to the address that was checked: the name is resolved once, a second answer never counts', async () => {
    let lookups = 0;
    const guard = {
      classify: localhostPlaysInternet,
      interfaces: () => [],
      // The internet on the first answer, this machine (127.0.0.9, loopback) on any later one: DNS rebinding.
      resolve: () => Promise.resolve(lookups++ === 0 ? ['127.0.0.1'] : ['127.0.0.9']),
    };
    expect(await get(`http://flaky.example:${port()}/pic.png`, guard)).toMatchObject({ ok: true });
    expect(lookups).toBe(1);
    expect(host.requests).toHaveLength(1);
  });

  it('resolves the subscription’s server once for an image from it', async () => {
    let lookups = 0;
    const server = `http://flaky.example:${port()}`;
    const result = await downloadImage(`${server}/pic.png`, {
      dir,
      server,
      from: 'any-server',
      classify: (address) => (address === '127.0.0.1' ? 'public' : 'loopback'),
      interfaces: () => [],
      resolve: () => Promise.resolve(lookups++ === 0 ? ['127.0.0.1'] : ['127.0.0.9']),
    });
    expect(result).toMatchObject({ ok: true });
    expect(lookups).toBe(1);
  });
});

describe('one check per request', () => {
  it('does not reuse a socket opened for a request that could reach internal addresses', async () => {
    const guard = { interfaces: () => [], resolve: resolverOf({ 'printer.lan.example': ['127.0.0.1'] }) };
    const target = `http://printer.lan.example:${port()}/pic.png`;
    expect(await get(target, { ...guard, mayReachInternal: () => true })).toMatchObject({ ok: true });
    expect(await get(target, { ...guard, mayReachInternal: () => false })).toMatchObject({
      ok: false,
      kind: 'refused',
    });
    expect(host.requests).toHaveLength(1);
  });
});

describe('"any server" images reach internal addresses only on the subscription’s own server', () => {
  const downloadFrom = (url: string, server: string, answers: Readonly<Record<string, readonly string[]>>) =>
    downloadImage(url, { dir, server, from: 'any-server', interfaces: () => [], resolve: resolverOf(answers) });

  it('with a server on this network: its own images yes, another internal host no', async () => {
    const answers = { 'ntfy.lan.example': ['127.0.0.1'], 'printer.lan.example': ['127.0.0.1'] };
    const server = `http://ntfy.lan.example:${port()}`;
    expect(await downloadFrom(`${server}/pic.png`, server, answers)).toMatchObject({ ok: true });
    expect(await downloadFrom(`http://printer.lan.example:${port()}/pic.png`, server, answers)).toMatchObject({
      ok: false,
    });
    // Another port on the server's own host is another origin: a service beside ntfy, not ntfy.
    expect(await downloadFrom(`http://ntfy.lan.example:1/pic.png`, server, answers)).toMatchObject({ ok: false });
    expect(host.requests).toHaveLength(1);
  });

  it('with a server whose name also has an internal record: no internal host is reached through it', async () => {
    const answers = { 'ntfy.example': ['192.0.2.10', '10.0.0.1'], 'cdn.example': ['127.0.0.1'] };
    const result = await downloadFrom(`http://cdn.example:${port()}/pic.png`, 'http://ntfy.example', answers);
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('internal address') as string });
    expect(host.requests).toEqual([]);
  });
});
