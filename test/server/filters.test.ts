import { describe, expect, it } from 'vitest';
import { jsonLines, openStream, request, serverForTest } from './testing/fixtures.ts';
import type { TestServer } from './types.ts';

async function seed(server: TestServer): Promise<void> {
  await server.publish('a', { message: 'plain' });
  await server.publish('a', { message: 'Hello', title: 'Alert', priority: 4, tags: ['a', 'b', 'c'] });
  await server.publish('a', { message: 'low', priority: 1, tags: ['a'] });
  await server.publish('a', { message: 'explicit three', priority: 3, tags: ['a', ' b'] });
  await server.publish('a', { message: 'max', priority: 5 });
}

async function poll(server: TestServer, query: string, headers: Record<string, string> = {}): Promise<string[]> {
  const response = await request(server, `/a/json?poll=1&${query}`, { headers });
  expect(response.status).toBe(200);
  return jsonLines(response.text).map((event) => String(event.message));
}

describe('filters', () => {
  it('id, message and title match exactly and case-sensitively', async () => {
    const server = await serverForTest();
    await seed(server);
    const hello = server.cachedMessages()[1];
    expect(await poll(server, `id=${hello?.id ?? ''}`)).toEqual(['Hello']);
    expect(await poll(server, 'message=Hello')).toEqual(['Hello']);
    expect(await poll(server, 'm=hello')).toEqual([]);
    expect(await poll(server, 'title=Alert')).toEqual(['Hello']);
    expect(await poll(server, 't=alert')).toEqual([]);
  });

  it('priority is an OR list of numbers and names; an unset priority counts as 3', async () => {
    const server = await serverForTest();
    await seed(server);
    expect(await poll(server, 'priority=1,high')).toEqual(['Hello', 'low']);
    expect(await poll(server, 'prio=default')).toEqual(['plain', 'explicit three']);
    expect(await poll(server, 'p=urgent')).toEqual(['max']);
    expect(await poll(server, 'p=MIN,max')).toEqual(['low', 'max']);
  });

  it('an invalid priority is 400 (40007) before anything is streamed', async () => {
    const server = await serverForTest();
    const response = await request(server, '/a/json?priority=6');
    expect(response.status).toBe(400);
    expect(response.text).toBe(
      '{"code":40007,"http":400,"error":"invalid priority parameter","link":"https://ntfy.sh/docs/publish/#message-priority"}\n',
    );
  });

  it('tags are an exact AND list whose elements are not trimmed', async () => {
    const server = await serverForTest();
    await seed(server);
    expect(await poll(server, 'tags=a,b')).toEqual(['Hello']);
    expect(await poll(server, 'tag=a')).toEqual(['Hello', 'low', 'explicit three']);
    expect(await poll(server, `ta=${encodeURIComponent('a, b')}`)).toEqual(['explicit three']);
    expect(await poll(server, 'tags=A')).toEqual([]);
  });

  it('apply to message events only: open and keepalive still arrive', async () => {
    const server = await serverForTest({ keepaliveIntervalMs: 30 });
    const stream = await openStream(server, '/a/json?title=nothing-matches');
    await server.publish('a', 'filtered out');
    await stream.waitFor(() => stream.events().some((event) => event.event === 'keepalive'), 'a keepalive');
    expect(stream.events().every((event) => event.event === 'open' || event.event === 'keepalive')).toBe(true);
  });
});

describe('parameter names', () => {
  it('reads headers case-insensitively and lets a header win over the query', async () => {
    const server = await serverForTest();
    await seed(server);
    expect(await poll(server, '', { 'x-PRIORITY': '5' })).toEqual(['max']);
    expect(await poll(server, 'priority=1', { 'X-Priority': '5' })).toEqual(['max']);
    expect(await poll(server, 'since=all', { 'X-Since': 'none' })).toEqual([]);
  });

  it('ignores query names that are not lowercase', async () => {
    const server = await serverForTest();
    await server.publish('a', 'cached');
    const stream = await openStream(server, '/a/json?Since=all&Poll=1&PRIORITY=5');
    // Poll=1 ignored: a live stream (open first); Since=all ignored: no replay before the next live message.
    const live = await server.publish('a', { message: 'live', priority: 3 });
    await stream.waitForChunks(2);
    expect(stream.events().map((event) => event.message ?? event.event)).toEqual(['open', live.message]);
  });

  it('accepts the short query aliases', async () => {
    const server = await serverForTest();
    await seed(server);
    await server.publish('a', { message: 'scheduled', delay: 60_000 });
    const stream = await openStream(server, '/a/json?po=1&si=all&sched=1&prio=5');
    await stream.waitForEnd();
    expect(jsonLines(stream.text()).map((event) => event.message)).toEqual(['max']);
    expect(await poll(server, 'sched=1&m=scheduled')).toEqual(['scheduled']);
  });

  it.each(['1', 'yes', 'true', 'TRUE', 'Yes'])('reads poll=%s as true', async (value) => {
    const server = await serverForTest();
    await server.publish('a', 'cached');
    const stream = await openStream(server, `/a/json?poll=${value}`);
    await stream.waitForEnd();
    expect(jsonLines(stream.text()).map((event) => event.event)).toEqual(['message']);
  });

  it.each(['0', 'no', 'false', 'on'])('reads poll=%s as false (a live stream)', async (value) => {
    const server = await serverForTest();
    const stream = await openStream(server, `/a/json?poll=${value}`);
    await stream.waitForChunks(1);
    expect(stream.events()[0]?.event).toBe('open');
    expect(stream.ended).toBe(false);
  });
});
