import { describe, expect, it } from 'vitest';
import { jsonLines, openStream, request, serverForTest } from './testing/fixtures.ts';
import type { TestServer } from './types.ts';

async function poll(server: TestServer, topics: string, query = ''): Promise<string[]> {
  const response = await request(server, `/${topics}/json?poll=1${query}`);
  expect(response.status).toBe(200);
  return jsonLines(response.text).map((event) => String(event.message));
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

describe('since', () => {
  it('defaults to none on a live stream and to all with poll=1', async () => {
    const server = await serverForTest();
    await server.publish('a', 'cached');
    const stream = await openStream(server, '/a/json');
    const live = await server.publish('a', 'live');
    await stream.waitForChunks(2);
    expect(stream.events().map((event) => event.message ?? event.event)).toEqual(['open', live.message]);
    expect(await poll(server, 'a')).toEqual(['cached', 'live']);
  });

  it('all replays the cache after open on a live stream', async () => {
    const server = await serverForTest();
    await server.publish('a', 'one');
    await server.publish('a', 'two');
    const stream = await openStream(server, '/a/json?since=all');
    await stream.waitForChunks(3);
    expect(stream.events().map((event) => event.message ?? event.event)).toEqual(['open', 'one', 'two']);
  });

  it('latest is the newest cached message of each topic', async () => {
    const server = await serverForTest();
    for (const [topic, message] of [
      ['a', 'a1'],
      ['b', 'b1'],
      ['a', 'a2'],
      ['b', 'b2'],
    ] as const) {
      await server.publish(topic, message);
    }
    expect((await poll(server, 'a,b', '&since=latest')).sort()).toEqual(['a2', 'b2']);
  });

  it('an id returns what was stored after it on any requested topic, even with an id from another topic', async () => {
    const server = await serverForTest();
    const base = nowSeconds() - 100;
    const a1 = await server.publish('a', { message: 'a1', time: base });
    await server.publish('b', { message: 'b1', time: base + 1 });
    const c1 = await server.publish('c', { message: 'c1', time: base + 2 });
    await server.publish('a', { message: 'a2', time: base + 3 });
    await server.publish('b', { message: 'b2', time: base + 4 });
    expect(await poll(server, 'a,b', `&since=${a1.id}`)).toEqual(['b1', 'a2', 'b2']);
    expect(await poll(server, 'a,b', `&since=${c1.id}`)).toEqual(['a2', 'b2']);
  });

  it('an unknown id returns everything cached', async () => {
    const server = await serverForTest();
    await server.publish('a', 'one');
    await server.publish('a', 'two');
    expect(await poll(server, 'a', '&since=AAAAAAAAAAAA')).toEqual(['one', 'two']);
  });

  it('a Unix timestamp is inclusive (time >= t)', async () => {
    const server = await serverForTest();
    const base = nowSeconds() - 100;
    for (const offset of [0, 10, 20]) await server.publish('a', { message: `t${offset}`, time: base + offset });
    expect(await poll(server, 'a', `&since=${base + 10}`)).toEqual(['t10', 't20']);
  });

  it('since=1 replays nothing, like none: the "no messages" marker of ntfy is the time Unix(1)', async () => {
    const server = await serverForTest();
    await server.publish('a', { message: 'old', time: nowSeconds() - 100 });
    await server.publish('a', 'now');
    expect(await poll(server, 'a', '&since=1')).toEqual([]);
    const viaHeader = await request(server, '/a/json?poll=1', { headers: { 'X-Since': '1' } });
    expect(jsonLines(viaHeader.text)).toEqual([]);
    const stream = await openStream(server, '/a/json?since=1');
    const live = await server.publish('a', 'live');
    await stream.waitForChunks(2);
    expect(stream.events().map((event) => event.message ?? event.event)).toEqual(['open', live.message]);
    // Only 1 is special: 0 is ntfy's "all" marker, 2 an ordinary (inclusive) timestamp.
    expect(await poll(server, 'a', '&since=0')).toEqual(['old', 'now', 'live']);
    expect(await poll(server, 'a', '&since=2')).toEqual(['old', 'now', 'live']);
  });

  it.each([
    ['30m', ['10m ago', 'now']],
    ['1h30m', ['1h ago', '10m ago', 'now']],
    ['1.5h', ['1h ago', '10m ago', 'now']],
    ['5400s', ['1h ago', '10m ago', 'now']],
    ['20m', ['10m ago', 'now']],
  ])('a Go duration %s counts back from now', async (since, expected) => {
    const server = await serverForTest();
    const now = nowSeconds();
    await server.publish('a', { message: '1h ago', time: now - 3600 });
    await server.publish('a', { message: '10m ago', time: now - 600 });
    await server.publish('a', { message: 'now', time: now });
    expect(await poll(server, 'a', `&since=${since}`)).toEqual(expected);
  });

  it.each(['1d', 'abc', '-', '1h1d'])('rejects since=%s with 400 (40008) before streaming', async (since) => {
    const server = await serverForTest();
    const response = await request(server, `/a/json?since=${since}`);
    expect(response.status).toBe(400);
    expect(response.text).toBe(
      '{"code":40008,"http":400,"error":"invalid since parameter","link":"https://ntfy.sh/docs/subscribe/api/#fetch-cached-messages"}\n',
    );
  });

  it('replays sorted by time, not by insertion', async () => {
    const server = await serverForTest();
    const base = nowSeconds() - 100;
    for (const offset of [30, 10, 20]) await server.publish('a', { message: `t${offset}`, time: base + offset });
    expect(await poll(server, 'a')).toEqual(['t10', 't20', 't30']);
  });
});

describe('cache', () => {
  it('never replays expired messages', async () => {
    const server = await serverForTest({ cacheDurationMs: 30 * 60_000 });
    await server.publish('a', { message: 'old', time: nowSeconds() - 3600 });
    await server.publish('a', 'fresh');
    expect(await poll(server, 'a')).toEqual(['fresh']);
    expect(server.cachedMessages().map((message) => message.message)).toEqual(['fresh']);
  });

  it('sets expires to time + cache duration', async () => {
    const server = await serverForTest({ cacheDurationMs: 3_600_000 });
    const message = await server.publish('a', 'x');
    expect(message.expires).toBe(message.time + 3600);
  });

  it('Cache: no delivers live without expires and never caches', async () => {
    const server = await serverForTest();
    const stream = await openStream(server, '/a/json');
    const response = await request(server, '/a', { method: 'PUT', headers: { Cache: 'no' }, body: 'ephemeral' });
    const published = JSON.parse(response.text) as Record<string, unknown>;
    expect(published).not.toHaveProperty('expires');
    await stream.waitForChunks(2);
    expect(stream.events()[1]).toEqual(published);
    expect(await poll(server, 'a')).toEqual([]);
  });

  it('a cache duration of 0 caches nothing', async () => {
    const server = await serverForTest({ cacheDurationMs: 0 });
    const message = await server.publish('a', 'x');
    expect(message.expires).toBeUndefined();
    expect(await poll(server, 'a')).toEqual([]);
  });
});

describe('delayed messages', () => {
  it('are not replayed before they are due unless scheduled=1 (or sched=1)', async () => {
    const server = await serverForTest();
    await server.publish('a', 'now');
    await server.publish('a', { message: 'later', delay: 60_000 });
    expect(await poll(server, 'a')).toEqual(['now']);
    expect(await poll(server, 'a', '&scheduled=1')).toEqual(['now', 'later']);
    expect(await poll(server, 'a', '&sched=yes')).toEqual(['now', 'later']);
  });

  it('are published live when due, carrying their scheduled time, and replayed afterwards', async () => {
    const server = await serverForTest({ delayedCheckIntervalMs: 10, minDelayMs: 0 });
    const stream = await openStream(server, '/a/json');
    const response = await request(server, '/a', { method: 'POST', headers: { Delay: '300ms' }, body: 'delayed' });
    const scheduled = JSON.parse(response.text) as { id: string; time: number };
    expect(scheduled.time).toBeGreaterThan(nowSeconds() - 1);
    await stream.waitForChunks(2, 4000);
    expect(stream.events()[1]).toEqual(scheduled);
    expect(await poll(server, 'a')).toEqual(['delayed']);
  });
});
