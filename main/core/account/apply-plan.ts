/**
 * Carrying out the local half of a merge plan (merge.ts) on the current settings: subscriptions added from the
 * account get the app's defaults, renames and removals apply to every local subscription of that base URL + topic,
 * and the account's sync state moves on to the merge result. Pure: the service runs it inside SettingsStore.update,
 * on whatever the settings are by then (an edit made while the sync talked to the server is kept for the next one).
 */
import type { LocalSubscriptionChange, Settings, SubscriptionSettings } from '../store/settings/schema.ts';
import { LIMITS } from '../store/settings/schema.ts';
import { syncKey, type MergePlan, type SyncEntry } from './merge.ts';

interface ApplyPlanInput {
  readonly plan: MergePlan;
  /** The local changes the merge took into account; changes recorded since stay for the next sync. */
  readonly consumedChanges: readonly LocalSubscriptionChange[];
  readonly syncedAt: number;
  readonly newId: () => string;
}

/** ntfy allows longer names than the settings do; a longer one is cut rather than refused. */
function displayNameOf(entry: SyncEntry): { displayName?: string } {
  const name = entry.displayName?.trim().slice(0, LIMITS.displayNameLength).trim();
  return name === undefined || name === '' ? {} : { displayName: name };
}

function fromAccount(entry: SyncEntry, id: string): SubscriptionSettings {
  return {
    id,
    server: entry.server,
    topic: entry.topic,
    ...displayNameOf(entry),
    transport: 'json',
    filters: {},
    muted: false,
    minPriority: 1,
  };
}

function sameChange(a: LocalSubscriptionChange, b: LocalSubscriptionChange): boolean {
  return syncKey(a) === syncKey(b) && a.changedAt === b.changedAt && a.removed === b.removed;
}

export function applyPlan(settings: Settings, input: ApplyPlanInput): Settings {
  const account = settings.account;
  if (account === undefined) return settings; // signed out while the sync ran: nothing to apply
  const { plan } = input;
  const removed = new Set(plan.removeLocal.map(syncKey));
  const renamed = new Map(plan.renameLocal.map((entry) => [syncKey(entry), entry]));
  const kept = settings.subscriptions
    .filter((subscription) => !removed.has(syncKey(subscription)))
    .map((subscription) => {
      const entry = renamed.get(syncKey(subscription));
      if (entry === undefined) return subscription;
      const { displayName: _old, ...rest } = subscription;
      return { ...rest, ...displayNameOf(entry) };
    });
  const present = new Set(kept.map(syncKey));
  const added = plan.addLocal
    .filter((entry) => !present.has(syncKey(entry)))
    .map((entry) => fromAccount(entry, input.newId()));
  return {
    ...settings,
    subscriptions: [...kept, ...added],
    account: {
      ...account,
      lastSyncAt: input.syncedAt,
      synced: plan.result.map((entry) => ({ server: entry.server, topic: entry.topic, ...displayNameOf(entry) })),
      localChanges: account.localChanges.filter(
        (change) => !input.consumedChanges.some((consumed) => sameChange(consumed, change)),
      ),
    },
  };
}
