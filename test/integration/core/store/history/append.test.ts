import { describe, expect, it } from 'vitest';
import type { NtfyMessage } from '../../../../../main/core/protocol/types.ts';
import { STORED_BOUNDS } from '../../../../../main/core/store/history/stored-bounds.ts';
import { commandLineSubscriber } from '../../../../../main/core/store/subscriber.ts';
import { changeEvent, messageWithEverything, sampleMessages, simpleMessage } from './sample-messages.ts';
import {
  checkIntegrity,
  openRaw,
  openStore,
  openTempStore,
  request,
  RESUME_KEY,
  SERVER,
  storedResumePoint,
} from './temp-store.ts';

const ids = (messages: readonly { readonly id: string }[]): string[] => messages.map((message) => message.id);

describe('SqliteHistoryStore.append', () => {
  it('stores new messages and reports only those, deduplicating by (server, id) within and across appends', async () => {
    const { store } = await openTempStore();
    const a = simpleMessage({ id: 'a' });
    const b = simpleMessage({ id: 'b' });
    const c = simpleMessage({ id: 'c' });
    const first = await store.append(request({ messages: [a, b, a] }));
    expect(ids(first.newMessages)).toEqual(['a', 'b']);
    const second = await store.append(request({ messages: [b, c] }));
    expect(ids(second.newMessages)).toEqual(['c']);
    expect(ids(store.listMessages().messages.map((stored) => stored.message))).toEqual(['c', 'b', 'a']);
  });

  it('scopes ids to their server: the same id from two servers is two messages', async () => {
    const { store } = await openTempStore();
    const message = simpleMessage({ id: 'same' });
    await store.append(request({ messages: [message], server: 'https://one.example' }));
    const other = await store.append(request({ messages: [message], server: 'https://two.example' }));
    expect(ids(other.newMessages)).toEqual(['same']);
    expect(store.listMessages().messages.map((stored) => stored.server)).toEqual([
      'https://two.example',
      'https://one.example',
    ]);
  });

  it('keeps recognizing duplicates after the file is closed and opened again', async () => {
    const { store, dir } = await openTempStore();
    await store.append(request({ messages: [simpleMessage({ id: 'a' })], changes: [changeEvent(change('x'))] }));
    await store.close();
    const reopened = await openStore(dir);
    const again = await reopened.append(
      request({ messages: [simpleMessage({ id: 'a' })], changes: [changeEvent(change('x'))] }),
    );
    expect(again).toEqual({ newMessages: [], newChanges: [] });
  });

  it('gives back every field as the parser produced it, including raw with fields it does not know', async () => {
    const { store } = await openTempStore({ clock: { now: () => 1_234_567 } });
    const message = messageWithEverything();
    await store.append(request({ messages: [message] }));
    expect(store.getMessage({ server: SERVER, id: message.id })).toEqual({
      server: SERVER,
      message,
      receivedAt: 1_234_567,
      read: false,
    });
  });

  it('stores hostile text verbatim: parameters only, nothing is interpolated into SQL', async () => {
    const { store, dir } = await openTempStore();
    const hostile = "'); DROP TABLE messages; --";
    const message = simpleMessage({
      id: `x'"`,
      topic: "t'1",
      title: '"; DELETE FROM resume_points; --',
      message: hostile,
    });
    const key = "g'; --";
    await store.append({
      ...request({ messages: [message] }),
      resume: { targets: [{ key, topic: "t'1" }], lastId: `x'"`, lastTime: 7 },
    });
    const stored = store.getMessage({ server: SERVER, id: `x'"` });
    expect(stored?.message.message).toBe(hostile);
    expect(stored?.message.title).toBe('"; DELETE FROM resume_points; --');
    // Stored verbatim, but an id that is not ntfy's form is never handed out as a resume id.
    expect(openRaw(dir).prepare('SELECT last_id FROM resume_points WHERE resume_key = ?').get(key)?.['last_id']).toBe(
      `x'"`,
    );
    expect(await storedResumePoint(store, key)).toEqual({ lastTime: 7 });
    expect(checkIntegrity(openRaw(dir))).toBe('ok');
  });

  it('stores and reports change events once, in their own dedupe scope', async () => {
    const { store } = await openTempStore();
    const first = await store.append(request({ changes: [changeEvent(change('d1')), changeEvent(change('d1'))] }));
    expect(ids(first.newChanges)).toEqual(['d1']);
    const second = await store.append(request({ changes: [changeEvent(change('d1')), changeEvent(change('d2'))] }));
    expect(ids(second.newChanges)).toEqual(['d2']);
  });

  it('writes nothing — neither messages nor resume point — when any part of an append fails', async () => {
    const { store, dir } = await openTempStore();
    await store.append(request({ messages: [simpleMessage({ id: 'before' })], resumeTo: { lastId: 'before123456' } }));
    // A priority the parser never produces breaks the CHECK constraint halfway through the batch.
    const broken = { ...simpleMessage({ id: 'broken' }), priority: 9 } as unknown as NtfyMessage;
    await expect(
      store.append(request({ messages: [simpleMessage({ id: 'ok' }), broken], resumeTo: { lastId: 'broken123456' } })),
    ).rejects.toThrow(/CHECK constraint/);
    expect(ids(store.listMessages().messages.map((stored) => stored.message))).toEqual(['before']);
    expect(await storedResumePoint(store)).toEqual({ lastId: 'before123456' });
    // The connection is usable afterwards: no transaction was left open.
    expect(ids((await store.append(request({ messages: [simpleMessage({ id: 'ok' })] }))).newMessages)).toEqual(['ok']);
    expect(checkIntegrity(openRaw(dir))).toBe('ok');
  });

  it('stores a 10,000-message catch-up with its resume point in one append', async () => {
    const { store, dir } = await openTempStore();
    const messages = sampleMessages({ count: 10_000 });
    const lastId = messages.at(-1)?.id ?? '';
    const result = await store.append(request({ messages, resumeTo: { lastId } }));
    expect(result.newMessages).toHaveLength(10_000);
    const raw = openRaw(dir);
    expect(raw.prepare('SELECT count(*) AS n FROM messages').get()?.['n']).toBe(10_000);
    expect(raw.prepare('SELECT count(*) AS n FROM messages_search').get()?.['n']).toBe(10_000);
    expect((await storedResumePoint(store))?.lastId).toBe(lastId);
    expect(checkIntegrity(raw)).toBe('ok');
  });
});

describe('what one stored message may take on disk', () => {
  it("cuts a body and a title far over ntfy's limit, keeps a small stand-in for the message as received, and dedupes it", async () => {
    const { store, dir } = await openTempStore();
    const huge = 'x'.repeat(1_000_000); // what a 1 MiB stream line can carry, twice (body and raw)
    const message = simpleMessage({ id: 'huge00000001', message: huge, title: huge });
    expect((await store.append(request({ messages: [message] }))).newMessages).toHaveLength(1);
    const raw = openRaw(dir);
    const row = raw
      .prepare('SELECT length(message) AS body, length(title) AS title, length(raw) AS raw, cut FROM messages')
      .get();
    expect(row?.['body']).toBe(STORED_BOUNDS.message);
    expect(row?.['title']).toBe(STORED_BOUNDS.title);
    expect(Number(row?.['raw'])).toBeLessThanOrEqual(STORED_BOUNDS.raw);
    expect(row?.['cut']).toBe('["title","message"]');
    const stored = store.getMessage({ server: SERVER, id: message.id })?.message;
    expect(stored?.message.endsWith('…')).toBe(true);
    expect(stored?.cut).toEqual(['title', 'message']);
    // The message as received was too big to keep: its stored fields stand in, as ntfy names them.
    expect(stored?.raw).toMatchObject({ id: message.id, event: 'message', message: stored?.message });
    expect((await store.append(request({ messages: [message] }))).newMessages).toEqual([]);
  });

  it('keeps an ordinary message and its raw JSON exactly', async () => {
    const { store } = await openTempStore();
    const message = simpleMessage({ id: 'small0000001', message: 'y'.repeat(4096) });
    await store.append(request({ messages: [message] }));
    expect(store.getMessage({ server: SERVER, id: message.id })?.message).toEqual(message);
  });
});

describe('SqliteHistoryStore.close', () => {
  it('closes once, refuses work afterwards, and keeps what was stored', async () => {
    const { store, dir } = await openTempStore();
    await store.append(request({ messages: [simpleMessage({ id: 'a' })] }));
    await store.close();
    await store.close();
    await expect(store.append(request({ messages: [simpleMessage({ id: 'b' })] }))).rejects.toThrow(/not open/);
    expect(ids((await openStore(dir)).listMessages().messages.map((stored) => stored.message))).toEqual(['a']);
  });
});

describe('SqliteHistoryStore resume points', () => {
  it('has none for a key it never saw', async () => {
    const { store } = await openTempStore();
    expect(await store.getResumePoints(['unknown'])).toEqual(new Map());
  });

  it('merges a partial update into the stored point; null clears the id', async () => {
    const { store } = await openTempStore();
    await store.append(request({ resumeTo: { lastTime: 100 } }));
    expect(await storedResumePoint(store)).toEqual({ lastTime: 100 });
    await store.append(
      request({ messages: [simpleMessage({ id: 'm00000000001' })], resumeTo: { lastId: 'm00000000001' } }),
    );
    expect(await storedResumePoint(store)).toEqual({ lastId: 'm00000000001', lastTime: 100 });
    await store.append(request({ resumeTo: {} }));
    expect(await storedResumePoint(store)).toEqual({ lastId: 'm00000000001', lastTime: 100 });
    await store.append(request({ resumeTo: { lastId: null, lastTime: 200 } }));
    expect(await storedResumePoint(store)).toEqual({ lastTime: 200 });
    expect(await store.getResumePoints(['other'])).toEqual(new Map());
  });

  it('only moves forward in time: an older batch (a late poll answer) leaves a newer point as it is', async () => {
    const { store } = await openTempStore();
    await store.append(request({ resumeTo: { lastId: 'new000000001', lastTime: 200 } }));
    await store.append(request({ resumeTo: { lastId: 'old000000001', lastTime: 150 } }));
    expect(await storedResumePoint(store)).toEqual({ lastId: 'new000000001', lastTime: 200 });
    await store.append(request({ resumeTo: { lastId: 'same00000001', lastTime: 200 } }));
    expect(await storedResumePoint(store)).toEqual({ lastId: 'same00000001', lastTime: 200 });
  });

  it('writes a first-connect time only where no point exists yet', async () => {
    const { store } = await openTempStore();
    const targets = [{ key: RESUME_KEY, topic: 't' }];
    await store.append({ ...request({}), resume: { targets, lastTime: 100, onlyIfMissing: true } });
    await store.append({ ...request({}), resume: { targets, lastTime: 999, onlyIfMissing: true } });
    // The first connect's time is also the topic's start: what lies before it was never wanted.
    expect(await storedResumePoint(store)).toEqual({ lastTime: 100, startTime: 100 });
    const message = simpleMessage({ id: 'm00000000003', time: 150 });
    await store.append(request({ messages: [message], resumeTo: { lastId: message.id, lastTime: 150 } }));
    expect(await storedResumePoint(store)).toEqual({ lastId: message.id, lastTime: 150, startTime: 100 });
  });

  it('gives a point without its own time the time of the message it names', async () => {
    const { store } = await openTempStore();
    const message = simpleMessage({ id: 'm00000000002', time: 1_700_000_123 });
    await store.append(request({ messages: [message], resumeTo: { lastId: message.id } }));
    expect(await storedResumePoint(store)).toEqual({ lastId: message.id, lastTime: 1_700_000_123 });
  });

  it('tells which items are not stored yet, without storing them', async () => {
    const { store } = await openTempStore();
    await store.append(request({ messages: [simpleMessage({ id: 'a' })], changes: [changeEvent(change('d1'))] }));
    const unseen = await store.unseen({
      server: SERVER,
      messages: [simpleMessage({ id: 'a' }), simpleMessage({ id: 'b' }), simpleMessage({ id: 'b' })],
      changes: [changeEvent(change('d1')), changeEvent(change('d2'))],
    });
    expect(ids(unseen.newMessages)).toEqual(['b']);
    expect(ids(unseen.newChanges)).toEqual(['d2']);
    expect(ids((await store.append(request({ messages: [simpleMessage({ id: 'b' })] }))).newMessages)).toEqual(['b']);
  });

  it('keeps the point across a reopen', async () => {
    const { store, dir } = await openTempStore();
    await store.append(
      request({ messages: [simpleMessage({ id: 'm00000000001' })], resumeTo: { lastId: 'm00000000001' } }),
    );
    await store.close();
    expect((await storedResumePoint(await openStore(dir)))?.lastId).toBe('m00000000001');
  });
});

function change(id: string): Parameters<typeof changeEvent>[0] {
  return { kind: 'message_clear', id, sequenceId: 'nothing' };
}

describe('append with read: true (a new subscription’s cached history)', () => {
  it('stores the new messages as read, so they do not count as unread', async () => {
    const { store } = await openTempStore();
    await store.append({ ...request({ messages: [simpleMessage({ id: 'histor000001' })] }), read: true });
    await store.append(request({ messages: [simpleMessage({ id: 'livemsg00001' })] }));
    expect(store.listMessages({}).messages.map((m) => [m.message.id, m.read])).toEqual([
      ['livemsg00001', false],
      ['histor000001', true],
    ]);
    expect(store.unreadCounts().map((count) => count.unread)).toEqual([1]);
  });
});

describe('SqliteHistoryStore with several subscribers on one file', () => {
  it('stores a message once and gives it to each subscriber once, whoever stored it first', async () => {
    const { store: app, dir } = await openTempStore();
    const run = await openStore(dir, { subscriber: commandLineSubscriber('cli-test', 0) });
    const other = await openStore(dir, { subscriber: commandLineSubscriber('cli-test', 1) });
    const a = simpleMessage({ id: 'a' });
    const b = simpleMessage({ id: 'b' });
    const d1 = changeEvent(change('d1'));
    expect(ids((await app.append(request({ messages: [a], changes: [d1] }))).newMessages)).toEqual(['a']);
    expect(ids((await run.unseen(request({ messages: [a, b], changes: [d1] }))).newMessages)).toEqual(['a', 'b']);
    const forRun = await run.append(request({ messages: [a, b], changes: [d1] }));
    expect([ids(forRun.newMessages), ids(forRun.newChanges)]).toEqual([['a', 'b'], ['d1']]);
    expect(ids((await run.append(request({ messages: [a, b] }))).newMessages)).toEqual([]);
    expect(ids((await app.append(request({ messages: [a, b] }))).newMessages)).toEqual(['b']);
    expect(ids((await other.append(request({ messages: [b, a] }))).newMessages)).toEqual(['b', 'a']);
    // Stored once: the window and `ntfy-tray history` list each message once.
    expect(ids(app.listMessages().messages.map((stored) => stored.message))).toEqual(['b', 'a']);
  });

  it('keeps each subscriber’s resume points to itself', async () => {
    const { store: app, dir } = await openTempStore();
    const run = await openStore(dir, { subscriber: commandLineSubscriber('cli-test', 0) });
    const message = simpleMessage({ id: 'm00000000004', time: 200 });
    await run.append(request({ messages: [message], resumeTo: { lastId: message.id, lastTime: 200 } }));
    expect(await storedResumePoint(run)).toEqual({ lastId: message.id, lastTime: 200 });
    expect(await storedResumePoint(app)).toBeUndefined();
    await app.append(request({ resumeTo: { lastTime: 300 } }));
    expect(await storedResumePoint(run)).toEqual({ lastId: message.id, lastTime: 200 });
  });

  it('forgets deliveries with the rows retention deletes, and keeps those of tombstones', async () => {
    const { store: app, dir } = await openTempStore();
    const raw = openRaw(dir);
    const run = await openStore(dir, { subscriber: commandLineSubscriber('cli-test', 0) });
    await run.append(request({ messages: [simpleMessage({ id: 'old' }), simpleMessage({ id: 'kept' })] }));
    app.deleteMessage({ server: SERVER, id: 'kept' });
    raw.exec("DELETE FROM messages WHERE id = 'old'");
    const delivered = raw.prepare('SELECT id, subscriber FROM deliveries ORDER BY id').all();
    expect(delivered.map((row) => [row['id'], row['subscriber']])).toEqual([['kept', 'cli-test#0']]);
  });
});
