import { describe, expect, it } from 'vitest';
import { diffSubscriptions, recordChanges, syncEntriesOf } from '../../../../main/core/account/local-changes.ts';
import type { SubscriptionSettings } from '../../../../main/core/store/settings/schema.ts';

const S = 'https://ntfy.example.com';
const sub = (id: string, topic: string, extra: Partial<SubscriptionSettings> = {}): SubscriptionSettings => ({
  id,
  server: S,
  topic,
  transport: 'json',
  filters: {},
  muted: false,
  minPriority: 1,
  ...extra,
});

describe('diffSubscriptions', () => {
  it('dates adds, renames and removals by base URL and topic', () => {
    const before = [sub('1', 'kept'), sub('2', 'renamed', { displayName: 'Old' }), sub('3', 'gone')];
    const after = [sub('1', 'kept'), sub('2', 'renamed', { displayName: 'New' }), sub('4', 'new')];
    expect(diffSubscriptions(before, after, 42)).toEqual([
      { server: S, topic: 'renamed', changedAt: 42, removed: false },
      { server: S, topic: 'new', changedAt: 42, removed: false },
      { server: S, topic: 'gone', changedAt: 42, removed: true },
    ]);
  });

  it('ignores what an ntfy account does not keep: filters, transport, muting, priority', () => {
    const before = [sub('1', 'a')];
    const after = [sub('1', 'a', { transport: 'ws', muted: true, minPriority: 4, filters: { tags: ['x'] } })];
    expect(diffSubscriptions(before, after, 42)).toEqual([]);
  });

  it('treats two subscriptions of one topic (different filters) as one account entry', () => {
    const both = [sub('1', 'a', { displayName: 'First' }), sub('2', 'a', { filters: { priority: ['5'] } })];
    expect(syncEntriesOf(both)).toEqual([{ server: S, topic: 'a', displayName: 'First' }]);
    expect(diffSubscriptions(both, [both[0] as SubscriptionSettings], 42)).toEqual([]);
  });
});

describe('recordChanges', () => {
  it('keeps one record per subscription, the latest', () => {
    const earlier = [
      { server: S, topic: 'a', changedAt: 1, removed: false },
      { server: S, topic: 'b', changedAt: 1, removed: false },
    ];
    expect(recordChanges(earlier, [{ server: S, topic: 'a', changedAt: 9, removed: true }])).toEqual([
      { server: S, topic: 'b', changedAt: 1, removed: false },
      { server: S, topic: 'a', changedAt: 9, removed: true },
    ]);
  });
});
