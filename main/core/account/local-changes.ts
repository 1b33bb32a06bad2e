/**
 * Dating this device's subscription edits for the sync (merge.ts): from two versions of the subscription list, which
 * subscriptions (base URL + topic) were added, renamed or removed, recorded with the time; a later edit of the same
 * subscription replaces the earlier record. Filters, transport or muting are not part of an ntfy account and do not
 * count.
 */
import type { LocalSubscriptionChange, SubscriptionSettings } from '../store/settings/schema.ts';
import { syncKey, type SyncEntry } from './merge.ts';

/** The account's view of a local list: one entry per base URL + topic (the first subscription's name). */
export function syncEntriesOf(subscriptions: readonly SubscriptionSettings[]): SyncEntry[] {
  const seen = new Set<string>();
  const entries: SyncEntry[] = [];
  for (const subscription of subscriptions) {
    const entry: SyncEntry = {
      server: subscription.server,
      topic: subscription.topic,
      ...(subscription.displayName === undefined ? {} : { displayName: subscription.displayName }),
    };
    if (seen.has(syncKey(entry))) continue;
    seen.add(syncKey(entry));
    entries.push(entry);
  }
  return entries;
}

export function diffSubscriptions(
  previous: readonly SubscriptionSettings[],
  next: readonly SubscriptionSettings[],
  changedAt: number,
): LocalSubscriptionChange[] {
  const before = new Map(syncEntriesOf(previous).map((entry) => [syncKey(entry), entry]));
  const after = new Map(syncEntriesOf(next).map((entry) => [syncKey(entry), entry]));
  const changes: LocalSubscriptionChange[] = [];
  for (const [key, entry] of after) {
    const old = before.get(key);
    if (old === undefined || old.displayName !== entry.displayName) {
      changes.push({ server: entry.server, topic: entry.topic, changedAt, removed: false });
    }
  }
  for (const [key, entry] of before) {
    if (!after.has(key)) changes.push({ server: entry.server, topic: entry.topic, changedAt, removed: true });
  }
  return changes;
}

export function recordChanges(
  existing: readonly LocalSubscriptionChange[],
  added: readonly LocalSubscriptionChange[],
): LocalSubscriptionChange[] {
  const keys = new Set(added.map(syncKey));
  return [...existing.filter((change) => !keys.has(syncKey(change))), ...added];
}
