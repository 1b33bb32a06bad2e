import { describe, expect, it } from 'vitest';
import type { ListMessagesOptions, StoredMessage } from '../../../../../main/core/store/history/index.ts';
import { buildListQuery } from '../../../../../main/core/store/history/queries.ts';
import type { SqliteHistoryStore } from '../../../../../main/core/store/history/sqlite-history-store.ts';
import { sampleMessages, simpleMessage } from './sample-messages.ts';
import { checkIntegrity, openRaw, openTempStore, request, SERVER } from './temp-store.ts';

const ids = (messages: readonly StoredMessage[]): string[] => messages.map((stored) => stored.message.id);

/** Every page until the end, following `next`. */
function allPages(store: SqliteHistoryStore, options: ListMessagesOptions): StoredMessage[][] {
  const pages: StoredMessage[][] = [];
  let page = store.listMessages(options);
  pages.push([...page.messages]);
  while (page.next !== undefined) {
    page = store.listMessages({ ...options, before: page.next });
    pages.push([...page.messages]);
  }
  return pages;
}

describe('listMessages', () => {
  it('pages newest first by (time, arrival), with ties inside one second split across pages exactly', async () => {
    const { store } = await openTempStore();
    // Seven messages in the same second, then three later ones, appended out of time order.
    const sameSecond = Array.from({ length: 7 }, (_, i) => simpleMessage({ id: `s${i}`, time: 100 }));
    const later = [simpleMessage({ id: 'l2', time: 102 }), simpleMessage({ id: 'l1', time: 101 })];
    await store.append(request({ messages: [...later, ...sameSecond, simpleMessage({ id: 'l3', time: 103 })] }));
    const pages = allPages(store, { limit: 3 });
    expect(pages.map(ids)).toEqual([['l3', 'l2', 'l1'], ['s6', 's5', 's4'], ['s3', 's2', 's1'], ['s0']]);
  });

  it('walks 2,000 messages in pages without missing or repeating one, while new ones arrive', async () => {
    const { store } = await openTempStore();
    const messages = sampleMessages({ count: 2000 });
    await store.append(request({ messages }));
    const seen: string[] = [];
    let page = store.listMessages({ limit: 70 });
    let arrivals = 0;
    for (;;) {
      seen.push(...ids(page.messages));
      // Newer messages arriving while the user scrolls must not shift what the next page holds.
      const arrival = simpleMessage({ id: `new${arrivals++}`, time: 2_000_000_000 });
      await store.append(request({ messages: [arrival] }));
      if (page.next === undefined) break;
      page = store.listMessages({ limit: 70, before: page.next });
    }
    expect(seen).toHaveLength(2000);
    expect(new Set(seen).size).toBe(2000);
  });

  it('returns no `next` on the last page, and clamps the limit to 1..500', async () => {
    const { store } = await openTempStore();
    await store.append(request({ messages: sampleMessages({ count: 600 }) }));
    expect(store.listMessages({ limit: 600 }).messages).toHaveLength(500);
    expect(store.listMessages({ limit: 0 }).messages).toHaveLength(1);
    expect(store.listMessages({ limit: Number.NaN }).messages).toHaveLength(50);
    const exact = await openTempStore();
    await exact.store.append(request({ messages: sampleMessages({ count: 10 }) }));
    expect(exact.store.listMessages({ limit: 10 })).toEqual({ messages: expect.any(Array) as unknown });
    expect(exact.store.listMessages({ limit: 10 }).next).toBeUndefined();
  });

  it('filters by subscription (server URL normalized), minimum priority and unread', async () => {
    const { store } = await openTempStore();
    await store.append(
      request({
        messages: [
          simpleMessage({ id: 'a-low', topic: 'a', priority: 2, time: 1 }),
          simpleMessage({ id: 'a-high', topic: 'a', priority: 5, time: 2 }),
          simpleMessage({ id: 'b-high', topic: 'b', priority: 4, time: 3 }),
        ],
      }),
    );
    await store.append(
      request({ server: 'https://other.example', messages: [simpleMessage({ id: 'x', topic: 'a' })] }),
    );
    store.setRead({ server: SERVER, id: 'a-high', read: true });
    const subscription = { server: 'https://NTFY.example/', topic: 'a' };
    expect(ids(store.listMessages({ subscription }).messages)).toEqual(['a-high', 'a-low']);
    expect(ids(store.listMessages({ minPriority: 4 }).messages)).toEqual(['b-high', 'a-high']);
    expect(ids(store.listMessages({ unreadOnly: true, subscription }).messages)).toEqual(['a-low']);
    expect(ids(store.listMessages({ unreadOnly: true, minPriority: 4 }).messages)).toEqual(['b-high']);
  });

  it('pages in index order, never sorting all matches, for every combination of filters', async () => {
    const { store, dir } = await openTempStore();
    await store.append(request({ messages: sampleMessages({ count: 500 }) }));
    const raw = openRaw(dir);
    raw.exec('ANALYZE');
    const subscription = { server: SERVER, topic: 'alerts' };
    const before = { time: 1_700_000_100, rowid: 100 };
    const cases: [ListMessagesOptions, string][] = [
      [{}, 'messages_time'],
      [{ before }, 'messages_time'],
      [{ minPriority: 4, before }, 'messages_time'],
      [{ subscription }, 'messages_subscription_time'],
      [{ subscription, before }, 'messages_subscription_time'],
      [{ unreadOnly: true }, 'messages_unread_time'],
      [{ unreadOnly: true, minPriority: 4, before }, 'messages_unread_time'],
      [{ subscription, unreadOnly: true, before }, 'messages_unread'],
    ];
    for (const [options, index] of cases) {
      const { sql, params } = buildListQuery(options, 51);
      const plan = raw
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(params)
        .map((row) => String(row['detail']))
        .join('; ');
      expect(plan, JSON.stringify(options)).toMatch(new RegExp(`USING INDEX ${index}\\b`));
      // A sort would read every match before returning the first row.
      expect(plan, JSON.stringify(options)).not.toMatch(/TEMP B-TREE/);
    }
  });
});

describe('read state and unread counts', () => {
  it('counts unread per subscription and follows marking one or all read and unread', async () => {
    const { store } = await openTempStore();
    await store.append(
      request({
        messages: [
          simpleMessage({ id: 'a1', topic: 'a' }),
          simpleMessage({ id: 'a2', topic: 'a' }),
          simpleMessage({ id: 'b1', topic: 'b' }),
        ],
      }),
    );
    expect(store.unreadCounts()).toEqual([
      { server: SERVER, topic: 'a', unread: 2 },
      { server: SERVER, topic: 'b', unread: 1 },
    ]);
    expect(store.setRead({ server: SERVER, id: 'a1', read: true })).toBe(true);
    expect(store.setRead({ server: SERVER, id: 'a1', read: true })).toBe(false);
    expect(store.setRead({ server: SERVER, id: 'missing', read: true })).toBe(false);
    expect(store.unreadCounts()).toEqual([
      { server: SERVER, topic: 'a', unread: 1 },
      { server: SERVER, topic: 'b', unread: 1 },
    ]);
    expect(store.setSubscriptionRead({ server: SERVER, topic: 'a', read: true })).toBe(1);
    expect(store.unreadCounts()).toEqual([{ server: SERVER, topic: 'b', unread: 1 }]);
    expect(store.setSubscriptionRead({ server: SERVER, topic: 'a', read: false })).toBe(2);
    expect(store.getMessage({ server: SERVER, id: 'a1' })?.read).toBe(false);
    expect(store.unreadCounts()).toEqual([
      { server: SERVER, topic: 'a', unread: 2 },
      { server: SERVER, topic: 'b', unread: 1 },
    ]);
  });
});

describe('deleting', () => {
  it('hides a deleted message, wipes its content, and does not take it back when the server replays it', async () => {
    const { store, dir } = await openTempStore();
    const secret = simpleMessage({ id: 'gone', title: 'secret title', message: 'secret body' });
    await store.append(request({ messages: [secret, simpleMessage({ id: 'kept' })] }));
    expect(store.deleteMessage({ server: SERVER, id: 'gone' })).toBe(true);
    expect(store.deleteMessage({ server: SERVER, id: 'gone' })).toBe(false);
    expect(ids(store.listMessages().messages)).toEqual(['kept']);
    expect(store.getMessage({ server: SERVER, id: 'gone' })).toBeUndefined();
    expect(store.search({ text: 'secret' })).toEqual([]);
    expect(store.unreadCounts()).toEqual([{ server: SERVER, topic: 't', unread: 1 }]);
    const row = openRaw(dir).prepare("SELECT title, message, raw FROM messages WHERE id = 'gone'").get();
    expect(row).toEqual({ title: null, message: '', raw: '{}' });
    expect((await store.append(request({ messages: [secret] }))).newMessages).toEqual([]);
    expect(checkIntegrity(openRaw(dir))).toBe('ok');
  });

  it('deletes all messages of one subscription and leaves the others', async () => {
    const { store, dir } = await openTempStore();
    await store.append(
      request({
        messages: [
          simpleMessage({ id: 'a1', topic: 'a' }),
          simpleMessage({ id: 'a2', topic: 'a' }),
          simpleMessage({ id: 'b1', topic: 'b' }),
        ],
      }),
    );
    expect(store.deleteSubscriptionMessages({ server: `${SERVER}/`, topic: 'a' })).toBe(2);
    expect(ids(store.listMessages().messages)).toEqual(['b1']);
    expect(checkIntegrity(openRaw(dir))).toBe('ok');
  });
});
