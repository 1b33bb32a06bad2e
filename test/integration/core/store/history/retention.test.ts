import { describe, expect, it } from 'vitest';
import { RETENTION_SQL } from '../../../../../main/core/store/history/retention.ts';
import { changeEvent, simpleMessage } from './sample-messages.ts';
import { checkIntegrity, openRaw, openTempStore, request, RESUME_KEY, SERVER } from './temp-store.ts';

const DAY = 86_400;
const NOW_SECONDS = 1_800_000_000;
const NOW_MS = NOW_SECONDS * 1000;

describe('applyRetention', () => {
  it('removes messages and change events older than maxAgeDays by message time, nothing newer', async () => {
    const { store, dir } = await openTempStore();
    await store.append(
      request({
        messages: [
          simpleMessage({ id: 'old', time: NOW_SECONDS - 31 * DAY, message: 'ancient words' }),
          simpleMessage({ id: 'edge', time: NOW_SECONDS - 30 * DAY }),
          simpleMessage({ id: 'new', time: NOW_SECONDS - DAY }),
        ],
        changes: [changeEvent({ kind: 'message_clear', id: 'c-old', sequenceId: 'x', time: NOW_SECONDS - 40 * DAY })],
      }),
    );
    expect(store.applyRetention({ now: NOW_MS })).toEqual({ removedByAge: 1, removedByCount: 0 });
    expect(store.listMessages().messages.map((stored) => stored.message.id)).toEqual(['new', 'edge']);
    expect(store.search({ text: 'ancient' })).toEqual([]);
    const raw = openRaw(dir);
    expect(raw.prepare('SELECT count(*) AS n FROM message_changes').get()?.['n']).toBe(0);
    expect(checkIntegrity(raw)).toBe('ok');
    expect(store.applyRetention({ now: NOW_MS })).toEqual({ removedByAge: 0, removedByCount: 0 });
  });

  it('keeps exactly the newest maxPerSubscription rows of each subscription, ties in one second by arrival', async () => {
    const { store, dir } = await openTempStore();
    const busy = Array.from({ length: 12 }, (_, i) =>
      simpleMessage({ id: `a${String(i).padStart(2, '0')}`, topic: 'busy', time: NOW_SECONDS - (i < 6 ? 100 : 50) }),
    );
    await store.append(request({ messages: [...busy, simpleMessage({ id: 'q', topic: 'quiet', time: NOW_SECONDS })] }));
    expect(store.applyRetention({ now: NOW_MS, maxPerSubscription: 4 })).toEqual({
      removedByAge: 0,
      removedByCount: 8,
    });
    const busyLeft = store.listMessages({ subscription: { server: SERVER, topic: 'busy' } }).messages;
    expect(busyLeft.map((stored) => stored.message.id)).toEqual(['a11', 'a10', 'a09', 'a08']);
    expect(store.listMessages({ subscription: { server: SERVER, topic: 'quiet' } }).messages).toHaveLength(1);
    expect(checkIntegrity(openRaw(dir))).toBe('ok');
  });

  it('leaves a resume point usable when the row it names is gone: it is only an id sent as since=', async () => {
    const { store } = await openTempStore();
    const time = NOW_SECONDS - 60 * DAY;
    await store.append(
      request({
        messages: [simpleMessage({ id: 'last00000000', time })],
        resumeTo: { lastId: 'last00000000', lastTime: time },
      }),
    );
    store.applyRetention({ now: NOW_MS });
    expect(store.listMessages().messages).toEqual([]);
    expect((await store.getResumePoints([RESUME_KEY])).get(RESUME_KEY)).toEqual({
      lastId: 'last00000000',
      lastTime: time,
    });
  });

  it('uses the defaults of 30 days and 10,000 per subscription, and refuses nonsense', async () => {
    const { store } = await openTempStore({ clock: { now: () => NOW_MS } });
    await store.append(request({ messages: [simpleMessage({ id: 'old', time: NOW_SECONDS - 30 * DAY - 1 })] }));
    expect(store.applyRetention()).toEqual({ removedByAge: 1, removedByCount: 0 });
    expect(() => store.applyRetention({ maxAgeDays: 0 })).toThrow(RangeError);
    expect(() => store.applyRetention({ maxAgeDays: Number.NaN })).toThrow(RangeError);
    expect(() => store.applyRetention({ maxPerSubscription: 0.5 })).toThrow(RangeError);
  });

  it('walks indexes, not the table', async () => {
    const { store, dir } = await openTempStore();
    await store.append(request({ messages: [simpleMessage({ id: 'x' })] }));
    const raw = openRaw(dir);
    const plan = (sql: string, ...params: (string | number)[]): string =>
      raw
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((row) => String(row['detail']))
        .join('; ');
    expect(plan(RETENTION_SQL.deleteOldMessages, 1)).toMatch(/SEARCH messages USING COVERING INDEX messages_time/);
    expect(plan(RETENTION_SQL.deleteOldChanges, 1)).toMatch(
      /SEARCH message_changes USING (COVERING )?INDEX message_changes_time/,
    );
    expect(plan(RETENTION_SQL.oversized, 1)).toMatch(/SCAN messages USING COVERING INDEX messages_subscription_time/);
    expect(plan(RETENTION_SQL.oversized, 1)).not.toMatch(/TEMP B-TREE/);
    expect(plan(RETENTION_SQL.oldestKept, SERVER, 't', 1)).toMatch(/SEARCH messages USING COVERING INDEX/);
    expect(plan(RETENTION_SQL.deleteBefore, SERVER, 't', 1, 1)).toMatch(/SEARCH messages USING COVERING INDEX/);
  });
});
