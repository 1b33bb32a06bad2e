import { describe, expect, it } from 'vitest';
import type { SqliteHistoryStore } from '../../../../../main/core/store/history/sqlite-history-store.ts';
import { changeEvent, simpleMessage } from './sample-messages.ts';
import { checkIntegrity, openRaw, openTempStore, request, SERVER } from './temp-store.ts';

/** What the list shows: id and text, newest first. */
function shown(store: SqliteHistoryStore): string[] {
  return store.listMessages().messages.map((stored) => `${stored.message.id}:${stored.message.message}`);
}

describe('sequence ids: updates replace, delete and clear apply', () => {
  it('shows only the newest message of a sequence; the older one still counts as a duplicate', async () => {
    const { store } = await openTempStore();
    await store.append(request({ messages: [simpleMessage({ id: 'm1', sequenceId: 's', message: 'v1', time: 10 })] }));
    await store.append(request({ messages: [simpleMessage({ id: 'm2', sequenceId: 's', message: 'v2', time: 20 })] }));
    expect(shown(store)).toEqual(['m2:v2']);
    expect(store.unreadCounts()).toEqual([{ server: SERVER, topic: 't', unread: 1 }]);
    const replay = await store.append(request({ messages: [simpleMessage({ id: 'm1', sequenceId: 's', time: 10 })] }));
    expect(replay.newMessages).toEqual([]);
    expect(shown(store)).toEqual(['m2:v2']);
  });

  it('keeps the newest when versions arrive out of order', async () => {
    const { store } = await openTempStore();
    await store.append(request({ messages: [simpleMessage({ id: 'm2', sequenceId: 's', message: 'v2', time: 20 })] }));
    await store.append(request({ messages: [simpleMessage({ id: 'm1', sequenceId: 's', message: 'v1', time: 10 })] }));
    expect(shown(store)).toEqual(['m2:v2']);
  });

  it('replaces a message published without a sequence id by an update that uses its id, in either order', async () => {
    const first = await openTempStore();
    await first.store.append(request({ messages: [simpleMessage({ id: 'orig', message: 'v1', time: 10 })] }));
    await first.store.append(
      request({ messages: [simpleMessage({ id: 'upd', sequenceId: 'orig', message: 'v2', time: 20 })] }),
    );
    expect(shown(first.store)).toEqual(['upd:v2']);

    const reversed = await openTempStore();
    await reversed.store.append(
      request({ messages: [simpleMessage({ id: 'upd', sequenceId: 'orig', message: 'v2', time: 20 })] }),
    );
    await reversed.store.append(request({ messages: [simpleMessage({ id: 'orig', message: 'v1', time: 10 })] }));
    expect(shown(reversed.store)).toEqual(['upd:v2']);
  });

  it('keeps sequences apart per topic and per server', async () => {
    const { store } = await openTempStore();
    await store.append(
      request({
        messages: [
          simpleMessage({ id: 'a', topic: 'x', sequenceId: 's', time: 1 }),
          simpleMessage({ id: 'b', topic: 'y', sequenceId: 's', time: 2 }),
        ],
      }),
    );
    await store.append(
      request({ server: 'https://other.example', messages: [simpleMessage({ id: 'c', topic: 'x', sequenceId: 's' })] }),
    );
    expect(store.listMessages().messages.map((stored) => stored.message.id)).toEqual(['c', 'b', 'a']);
  });

  it('applies message_delete to every version up to its time, and a later update shows again', async () => {
    const { store, dir } = await openTempStore();
    await store.append(
      request({
        messages: [
          simpleMessage({ id: 'm1', sequenceId: 's', message: 'v1', time: 10 }),
          simpleMessage({ id: 'm2', sequenceId: 's', message: 'v2', time: 20 }),
          simpleMessage({ id: 'other', message: 'stays', time: 5 }),
        ],
      }),
    );
    const deleted = await store.append(
      request({ changes: [changeEvent({ kind: 'message_delete', id: 'd1', sequenceId: 's', time: 30 })] }),
    );
    expect(deleted.newChanges.map((change) => change.id)).toEqual(['d1']);
    expect(shown(store)).toEqual(['other:stays']);
    await store.append(request({ messages: [simpleMessage({ id: 'm3', sequenceId: 's', message: 'v3', time: 40 })] }));
    expect(shown(store)).toEqual(['m3:v3', 'other:stays']);
    expect(checkIntegrity(openRaw(dir))).toBe('ok');
  });

  it('applies message_clear as "read" to the sequence, leaving it in the list', async () => {
    const { store } = await openTempStore();
    await store.append(request({ messages: [simpleMessage({ id: 'm1', sequenceId: 's', time: 10 })] }));
    await store.append(
      request({ changes: [changeEvent({ kind: 'message_clear', id: 'c1', sequenceId: 's', time: 11 })] }),
    );
    expect(store.getMessage({ server: SERVER, id: 'm1' })?.read).toBe(true);
    expect(store.unreadCounts()).toEqual([]);
  });

  it('applies a change that arrived before the (older) message it targets, in the same append or later', async () => {
    const { store } = await openTempStore();
    await store.append(
      request({ changes: [changeEvent({ kind: 'message_delete', id: 'd1', sequenceId: 'late', time: 30 })] }),
    );
    await store.append(
      request({ changes: [changeEvent({ kind: 'message_clear', id: 'c1', sequenceId: 'late-read', time: 30 })] }),
    );
    await store.append(
      request({
        messages: [
          simpleMessage({ id: 'late', message: 'deleted before it came', time: 20 }),
          simpleMessage({ id: 'late-read', message: 'read before it came', time: 20 }),
        ],
      }),
    );
    expect(shown(store)).toEqual(['late-read:read before it came']);
    expect(store.getMessage({ server: SERVER, id: 'late-read' })?.read).toBe(true);
    // Both in one batch: the delete is applied after the messages, whatever the order in the stream.
    await store.append(
      request({
        messages: [simpleMessage({ id: 'same-batch', time: 20 })],
        changes: [changeEvent({ kind: 'message_delete', id: 'd2', sequenceId: 'same-batch', time: 21 })],
      }),
    );
    expect(shown(store)).toEqual(['late-read:read before it came']);
  });

  it('keeps an update published in the same second as a delete visible (ties favour showing)', async () => {
    const { store } = await openTempStore();
    await store.append(
      request({ changes: [changeEvent({ kind: 'message_delete', id: 'd1', sequenceId: 's', time: 30 })] }),
    );
    await store.append(request({ messages: [simpleMessage({ id: 'm1', sequenceId: 's', message: 'new', time: 30 })] }));
    expect(shown(store)).toEqual(['m1:new']);
  });
});
