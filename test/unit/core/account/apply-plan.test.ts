import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../../../main/core/account/apply-plan.ts';
import type { MergePlan } from '../../../../main/core/account/merge.ts';
import {
  defaultSettings,
  type Settings,
  type SubscriptionSettings,
} from '../../../../main/core/store/settings/schema.ts';

const S = 'https://ntfy.example.com';
const sub = (id: string, topic: string, displayName?: string): SubscriptionSettings => ({
  id,
  server: S,
  topic,
  ...(displayName === undefined ? {} : { displayName }),
  transport: 'sse',
  filters: { tags: ['x'] },
  muted: true,
  minPriority: 3,
});
const emptyPlan: MergePlan = {
  addRemote: [],
  renameRemote: [],
  removeRemote: [],
  addLocal: [],
  renameLocal: [],
  removeLocal: [],
  result: [],
  notes: [],
};
const earlier = { server: S, topic: 'old', changedAt: 10, removed: false };
const during = { server: S, topic: 'during', changedAt: 20, removed: false };

function signedIn(subscriptions: SubscriptionSettings[]): Settings {
  return {
    ...defaultSettings(),
    subscriptions,
    account: { server: S, user: 'phil', synced: [], localChanges: [earlier, during] },
  };
}

describe('applyPlan', () => {
  it('adds with the app defaults, renames and removes every subscription of the topic, keeps the rest as they are', () => {
    const settings = signedIn([sub('1', 'a', 'A'), sub('2', 'a'), sub('3', 'b'), sub('4', 'c', 'C')]);
    const plan: MergePlan = {
      ...emptyPlan,
      addLocal: [{ server: S, topic: 'new', displayName: 'N'.repeat(150) }],
      renameLocal: [{ server: S, topic: 'a' }],
      removeLocal: [{ server: S, topic: 'b' }],
    };
    const next = applyPlan(settings, { plan, consumedChanges: [], syncedAt: 99, newId: () => 'fresh' });
    expect(next.subscriptions).toEqual([
      sub('1', 'a'),
      sub('2', 'a'),
      sub('4', 'c', 'C'),
      {
        id: 'fresh',
        server: S,
        topic: 'new',
        displayName: 'N'.repeat(100),
        transport: 'json',
        filters: {},
        muted: false,
        minPriority: 1,
      },
    ]);
  });

  it('moves the sync state on and keeps local changes recorded while the sync ran', () => {
    const plan: MergePlan = { ...emptyPlan, result: [{ server: S, topic: 'a', displayName: 'A' }] };
    const next = applyPlan(signedIn([]), { plan, consumedChanges: [earlier], syncedAt: 99, newId: () => 'x' });
    expect(next.account).toEqual({
      server: S,
      user: 'phil',
      lastSyncAt: 99,
      synced: [{ server: S, topic: 'a', displayName: 'A' }],
      localChanges: [during],
    });
  });

  it('does nothing once signed out', () => {
    const settings = { ...defaultSettings(), subscriptions: [sub('1', 'a')] };
    const plan: MergePlan = { ...emptyPlan, removeLocal: [{ server: S, topic: 'a' }] };
    expect(applyPlan(settings, { plan, consumedChanges: [], syncedAt: 1, newId: () => 'x' })).toBe(settings);
  });
});
