import { describe, expect, it } from 'vitest';
import type { MessageDto } from '../../../common/ipc.ts';
import {
  heldCount,
  holdArrivals,
  isAtTop,
  matchesFilter,
  newestFirst,
  placeArrivals,
} from '../../../renderer/history/live-arrival.ts';

const server = 'http://127.0.0.1:8080';

function dto(overrides: Partial<MessageDto> & Pick<MessageDto, 'id'>): MessageDto {
  return {
    server,
    topic: 'alerts',
    time: 1_700_000_000,
    message: `message ${overrides.id}`,
    priority: 3,
    tags: [],
    tagEmoji: [],
    tagLabels: [],
    actions: [],
    read: false,
    receivedAt: 1_700_000_000_000,
    ...overrides,
  };
}

const ids = (messages: readonly MessageDto[]) => messages.map((message) => message.id);

describe('isAtTop', () => {
  it('counts the reader at the top within 8 px of it, and not from 8 px down', () => {
    expect(isAtTop(0)).toBe(true);
    expect(isAtTop(7.5)).toBe(true);
    expect(isAtTop(8)).toBe(false);
    expect(isAtTop(400)).toBe(false);
  });
});

describe('matchesFilter', () => {
  it('lets everything through an empty filter', () => {
    expect(matchesFilter({}, dto({ id: 'a', read: true, priority: 1 }))).toBe(true);
  });

  it('keeps read messages out of an unread-only list', () => {
    expect(matchesFilter({ unreadOnly: true }, dto({ id: 'a', read: true }))).toBe(false);
    expect(matchesFilter({ unreadOnly: true }, dto({ id: 'b' }))).toBe(true);
    expect(matchesFilter({ unreadOnly: false }, dto({ id: 'c', read: true }))).toBe(true);
  });

  it('keeps messages below the minimum priority out, and lets that priority in', () => {
    expect(matchesFilter({ minPriority: 4 }, dto({ id: 'a', priority: 3 }))).toBe(false);
    expect(matchesFilter({ minPriority: 4 }, dto({ id: 'b', priority: 4 }))).toBe(true);
  });

  it('keeps other subscriptions out: another topic, or the same topic on another server', () => {
    const filter = { subscription: { server, topic: 'alerts' } };
    expect(matchesFilter(filter, dto({ id: 'a' }))).toBe(true);
    expect(matchesFilter(filter, dto({ id: 'b', topic: 'backups' }))).toBe(false);
    expect(matchesFilter(filter, dto({ id: 'c', server: 'http://127.0.0.1:9090' }))).toBe(false);
  });
});

describe('newestFirst', () => {
  it('orders a batch by time, newest first, and same-second messages by arrival, last first', () => {
    const batch = [
      dto({ id: 'old', time: 100 }),
      dto({ id: 'same-1', time: 200 }),
      dto({ id: 'same-2', time: 200 }),
      dto({ id: 'newest', time: 300 }),
    ];
    expect(ids(newestFirst(batch))).toEqual(['newest', 'same-2', 'same-1', 'old']);
    // The batch itself is left as it came.
    expect(ids(batch)).toEqual(['old', 'same-1', 'same-2', 'newest']);
  });
});

describe('placeArrivals', () => {
  const batch = [
    dto({ id: 'a', time: 100 }),
    dto({ id: 'b', time: 100, topic: 'backups' }),
    dto({ id: 'c', time: 200 }),
  ];

  it('shows the matching messages on top, newest first, to a reader at the top', () => {
    const placement = placeArrivals(batch, {
      filter: { subscription: { server, topic: 'alerts' } },
      readerAtTop: true,
    });
    expect(placement.kind).toBe('show');
    expect(placement.kind === 'ignore' ? [] : ids(placement.messages)).toEqual(['c', 'a']);
  });

  it('holds them for the pill when the reader is further down', () => {
    const placement = placeArrivals(batch, { filter: {}, readerAtTop: false });
    expect(placement.kind).toBe('hold');
    expect(placement.kind === 'ignore' ? [] : ids(placement.messages)).toEqual(['c', 'b', 'a']);
  });

  it('ignores a batch with nothing for this list, wherever the reader is', () => {
    const filter = { minPriority: 5 } as const;
    expect(placeArrivals(batch, { filter, readerAtTop: true })).toEqual({ kind: 'ignore' });
    expect(placeArrivals(batch, { filter, readerAtTop: false })).toEqual({ kind: 'ignore' });
    expect(placeArrivals([], { filter: {}, readerAtTop: false })).toEqual({ kind: 'ignore' });
  });
});

describe('held messages', () => {
  it('puts a later batch above the earlier ones', () => {
    const first = [dto({ id: 'b' }), dto({ id: 'a' })];
    expect(ids(holdArrivals(holdArrivals([], first), [dto({ id: 'c' })]))).toEqual(['c', 'b', 'a']);
  });

  it('counts a message pushed twice once, as the list shows it once', () => {
    const held = holdArrivals([dto({ id: 'a' }), dto({ id: 'b' })], [dto({ id: 'a' })]);
    expect(heldCount(held)).toBe(2);
    // The same id on another server is another message.
    expect(heldCount([...held, dto({ id: 'a', server: 'http://127.0.0.1:9090' })])).toBe(3);
    expect(heldCount([])).toBe(0);
  });
});
