import { describe, expect, it } from 'vitest';
import { jsonLines, openStream, request, serverForTest } from './testing/fixtures.ts';
import { encodeMessageLine } from './wire-format.ts';

describe('newer events off (default, like ntfy 2.13)', () => {
  it('has no sequence endpoints and ignores sequence id headers', async () => {
    const server = await serverForTest();
    expect((await request(server, '/a/seq1', { method: 'PUT', body: 'x' })).status).toBe(404);
    expect((await request(server, '/a/seq1', { method: 'DELETE' })).status).toBe(404);
    const published = await request(server, '/a', { method: 'POST', headers: { 'X-Sequence-ID': 's' }, body: 'x' });
    expect(published.text).not.toContain('sequence_id');
    await expect(server.deleteMessage('a', 's')).rejects.toThrow('newerEvents');
  });
});

describe('newer events on', () => {
  it('publishes with a sequence id from the path, X-Sequence-ID or sid, written right after id', async () => {
    const server = await serverForTest({ newerEvents: true });
    const viaPath = await request(server, '/a/download-1', { method: 'PUT', body: '10%' });
    expect(viaPath.text).toMatch(/^\{"id":"[A-Za-z0-9]{12}","sequence_id":"download-1","time":\d+,/);
    const viaHeader = await request(server, '/a', { method: 'POST', headers: { 'X-Sequence-ID': 'h1' }, body: 'x' });
    expect(JSON.parse(viaHeader.text)).toMatchObject({ sequence_id: 'h1' });
    const viaQuery = await request(server, '/a?sid=q1', { method: 'POST', body: 'x' });
    expect(JSON.parse(viaQuery.text)).toMatchObject({ sequence_id: 'q1' });
  });

  it('DELETE /<topic>/<sequence_id> sends message_delete: new id, the sequence id, no message; cached', async () => {
    const server = await serverForTest({ newerEvents: true });
    const stream = await openStream(server, '/a/sse');
    await request(server, '/a/s1', { method: 'PUT', body: 'first' });
    const deleted = await request(server, '/a/s1', { method: 'DELETE' });
    const event = JSON.parse(deleted.text) as Record<string, unknown>;
    expect(Object.keys(event)).toEqual(['id', 'sequence_id', 'time', 'expires', 'event', 'topic']);
    expect(event).toMatchObject({ sequence_id: 's1', event: 'message_delete', topic: 'a' });
    await stream.waitForChunks(3);
    // SSE: no event: line for message_delete, the kind is only in the JSON.
    expect(stream.chunkTexts()[2]).toBe(`data: ${deleted.text}\n`);
    const poll = await request(server, '/a/json?poll=1');
    expect(jsonLines(poll.text).map((e) => e.event)).toEqual(['message', 'message_delete']);
  });

  it('PUT /<topic>/<sequence_id>/clear sends message_clear, and the in-process helpers do the same', async () => {
    const server = await serverForTest({ newerEvents: true });
    const stream = await openStream(server, '/a/json');
    const cleared = await request(server, '/a/s1/clear', { method: 'PUT' });
    expect(JSON.parse(cleared.text)).toMatchObject({ sequence_id: 's1', event: 'message_clear' });
    const clearEvent = await server.clearMessage('a', 's2');
    const deleteEvent = await server.deleteMessage('a', 's3');
    await stream.waitForChunks(4);
    expect(stream.chunkTexts().slice(1)).toEqual([
      cleared.text,
      encodeMessageLine(clearEvent),
      encodeMessageLine(deleteEvent),
    ]);
    expect(server.cachedMessages().map((message) => message.event)).toEqual([
      'message_clear',
      'message_clear',
      'message_delete',
    ]);
  });
});
