import { describe, expect, it } from 'vitest';
import { RETENTION_SQL } from '../../../../../main/core/store/history/retention.ts';
import { RESUME_OVERLAP_SECONDS } from '../../../../../main/core/protocol/resume-window.ts';
import { changeEvent, simpleMessage } from './sample-messages.ts';
import { checkIntegrity, openRaw, openTempStore, request, RESUME_KEY, SERVER } from './temp-store.ts';

const DAY = 86_400;
const NOW_SECONDS = 1_800_000_000;
const NOW_MS = NOW_SECONDS * 1000;
const DAY_MS = DAY * 1000;

describe('applyRetention', () => {
  it('removes messages and change events that arrived more than maxAgeDays ago, nothing newer', async () => {
    const clock = { now: NOW_MS - 31 * DAY_MS };
    const { store, dir } = await openTempStore({ clock: { now: () => clock.now } });
    const arrive = async (fields: Parameters<typeof request>[0]): Promise<void> => {
      await store.append(request(fields));
    };
    await arrive({
      messages: [simpleMessage({ id: 'old', time: NOW_SECONDS - 31 * DAY, message: 'ancient words' })],
      changes: [changeEvent({ kind: 'message_clear', id: 'c-old', sequenceId: 'x', time: NOW_SECONDS - 40 * DAY })],
    });
    // Dated by its server a year ahead, yet it arrived 31 days ago: it ages like the others.
    await arrive({ messages: [simpleMessage({ id: 'future', time: NOW_SECONDS + 365 * DAY })] });
    clock.now = NOW_MS - 30 * DAY_MS;
    await arrive({ messages: [simpleMessage({ id: 'edge', time: NOW_SECONDS - 30 * DAY })] });
    clock.now = NOW_MS - DAY_MS;
    // Dated long ago by its server, but it only just arrived (a server with a long cache): kept.
    await arrive({ messages: [simpleMessage({ id: 'new', time: NOW_SECONDS - 90 * DAY })] });
    expect(store.applyRetention({ now: NOW_MS })).toEqual({ removedByAge: 2, removedByCount: 0 });
    expect(
      store
        .listMessages()
        .messages.map((stored) => stored.message.id)
        .sort(),
    ).toEqual(['edge', 'new']);
    expect(store.search({ text: 'ancient' })).toEqual([]);
    const raw = openRaw(dir);
    expect(raw.prepare('SELECT count(*) AS n FROM message_changes').get()?.['n']).toBe(0);
    expect(checkIntegrity(raw)).toBe('ok');
    expect(store.applyRetention({ now: NOW_MS })).toEqual({ removedByAge: 0, removedByCount: 0 });
  });

  it('keeps exactly the newest maxPerSubscription rows of each subscription, ties in one second by arrival', async () => {
    const { store, dir } = await openTempStore({ clock: { now: () => NOW_MS } });
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

  it("keeps every row its topic's next resume may replay, whatever its age or count, and the point itself", async () => {
    const { store } = await openTempStore();
    const point = NOW_SECONDS - 60 * DAY; // a laptop that was off for two months
    const before = point - RESUME_OVERLAP_SECONDS - 1;
    await store.append(
      request({
        messages: [
          simpleMessage({ id: 'gone00000001', topic: 't', time: before }),
          simpleMessage({ id: 'kept00000001', topic: 't', time: point - RESUME_OVERLAP_SECONDS }),
          simpleMessage({ id: 'kept00000002', topic: 't', time: point }),
          simpleMessage({ id: 'kept00000003', topic: 't', time: point + 1 }),
          // Another topic with no resume point keeps nothing beyond the limits.
          simpleMessage({ id: 'other0000001', topic: 'other', time: point }),
        ],
        changes: [changeEvent({ kind: 'message_clear', id: 'c-kept', sequenceId: 'x', topic: 't', time: point })],
        resumeTo: { lastId: 'kept00000002', lastTime: point },
      }),
    );
    // By age (30 days) everything would go, by count (1) all but the newest row of `t`.
    expect(store.applyRetention({ now: NOW_MS, maxPerSubscription: 1 })).toEqual({
      removedByAge: 2,
      removedByCount: 0,
    });
    const left = store.listMessages().messages.map((stored) => stored.message.id);
    expect(left.sort()).toEqual(['kept00000001', 'kept00000002', 'kept00000003']);
    expect(
      await store.unseen(
        request({
          changes: [changeEvent({ kind: 'message_clear', id: 'c-kept', sequenceId: 'x', topic: 't', time: point })],
        }),
      ),
    ).toMatchObject({ newChanges: [] });
    expect((await store.getResumePoints([RESUME_KEY])).get(RESUME_KEY)).toEqual({
      lastId: 'kept00000002',
      lastTime: point,
    });
  });

  it("keeps a whole topic whose id-only point (an older version's) names a row that is gone", async () => {
    const { store } = await openTempStore();
    const old = NOW_SECONDS - 60 * DAY;
    await store.append(
      request({
        messages: [simpleMessage({ id: 'old000000001', topic: 't', time: old })],
        resumeTo: { lastId: 'unknown00001' },
      }),
    );
    // The server answers an unknown id with everything it has: dedupe needs every row of the topic.
    expect(store.applyRetention({ now: NOW_MS })).toEqual({ removedByAge: 0, removedByCount: 0 });
    expect(store.listMessages().messages.map((stored) => stored.message.id)).toEqual(['old000000001']);
  });

  it('uses the defaults of 30 days and 10,000 per subscription, and refuses nonsense', async () => {
    const clock = { now: NOW_MS - 30 * DAY_MS - 1 };
    const { store } = await openTempStore({ clock: { now: () => clock.now } });
    await store.append(request({ messages: [simpleMessage({ id: 'old', time: NOW_SECONDS })] }));
    clock.now = NOW_MS;
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
    expect(plan(RETENTION_SQL.deleteOldMessages, 1)).toMatch(/SEARCH messages USING INDEX messages_received/);
    // Whether a row is in its topic's resume window: one probe of the resume points of that subscription.
    expect(plan(RETENTION_SQL.deleteOldMessages, 1)).toMatch(/SEARCH r USING INDEX resume_points_subscription/);
    expect(plan(RETENTION_SQL.deleteBefore, SERVER, 't', 1, 1)).toMatch(
      /SEARCH r USING INDEX resume_points_subscription/,
    );
    expect(plan(RETENTION_SQL.deleteOldChanges, 1)).toMatch(
      /SEARCH message_changes USING (COVERING )?INDEX message_changes_received/,
    );
    expect(plan(RETENTION_SQL.oversized, 1)).toMatch(/SCAN messages USING COVERING INDEX messages_subscription_time/);
    expect(plan(RETENTION_SQL.oversized, 1)).not.toMatch(/TEMP B-TREE/);
    expect(plan(RETENTION_SQL.oldestKept, SERVER, 't', 1)).toMatch(/SEARCH messages USING COVERING INDEX/);
    expect(plan(RETENTION_SQL.deleteBefore, SERVER, 't', 1, 1)).toMatch(/SEARCH messages USING COVERING INDEX/);
  });
});
