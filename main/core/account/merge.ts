/**
 * The subscription sync as a pure three-way merge: what the server listed after the last sync (`base`), what this
 * device has now (`local`) and what the server lists now (`remote`), per subscription (base URL + topic).
 *
 * A side that differs from `base` changed it. When only one side changed, its change goes to the other. When both
 * did, the newer change wins (a tie goes to this device), with two exceptions that keep subscriptions: one changed
 * here and removed on the server is kept and put back there, and one removed here but renamed or added on the
 * server later is kept too. Every change to this device's list and every conflict is reported, so nothing
 * disappears silently.
 *
 * Times: ntfy keeps no change times, so a change found on the server is dated `remoteSeenAt` (when this sync read
 * the account). Local changes carry the time they were made (LocalSubscriptionChange); one without a record counts
 * from the last sync.
 */
import type { AccountSubscriptionSnapshot, LocalSubscriptionChange } from '../store/settings/schema.ts';

export interface SyncEntry extends AccountSubscriptionSnapshot {
  /**
   * On entries read from the server: every `base_url` it stores for this base URL + topic, exactly as stored (the
   * web app may keep `https://NTFY.example.com/`). `server` is the normalized form everything is compared by;
   * PATCH and DELETE must name the stored strings, or the server finds nothing (docs/protocol.md#accounts).
   */
  readonly remoteBaseUrls?: readonly string[];
}

export interface MergeInput {
  readonly base: readonly SyncEntry[];
  readonly local: readonly SyncEntry[];
  readonly remote: readonly SyncEntry[];
  readonly localChanges: readonly LocalSubscriptionChange[];
  /** Milliseconds since the epoch; the date of every change found on the server. */
  readonly remoteSeenAt: number;
  /** Milliseconds since the epoch; the date of a local difference without a change record. */
  readonly lastSyncAt: number;
}

/** What the user hears about; `name` is the display name kept (undefined: none). */
export type SyncNote =
  | { readonly kind: 'added-here' | 'renamed-here' | 'removed-here'; readonly entry: SyncEntry }
  | { readonly kind: 'kept-removed-on-server'; readonly entry: SyncEntry }
  | { readonly kind: 'kept-removed-here'; readonly entry: SyncEntry }
  | {
      readonly kind: 'rename-conflict';
      readonly entry: SyncEntry;
      readonly winner: 'this-device' | 'server';
      readonly lostName: string | undefined;
    };

export interface MergePlan {
  readonly addRemote: readonly SyncEntry[];
  readonly renameRemote: readonly SyncEntry[];
  readonly removeRemote: readonly SyncEntry[];
  readonly addLocal: readonly SyncEntry[];
  readonly renameLocal: readonly SyncEntry[];
  readonly removeLocal: readonly SyncEntry[];
  /** What both sides hold once the plan is carried out: the next sync's `base`. */
  readonly result: readonly SyncEntry[];
  readonly notes: readonly SyncNote[];
}

export function syncKey(entry: { readonly server: string; readonly topic: string }): string {
  return `${entry.server} ${entry.topic}`;
}

/** The first entry per key wins; the stored base URLs of all entries with that key are kept on it. */
function byKey(entries: readonly SyncEntry[]): Map<string, SyncEntry> {
  const map = new Map<string, SyncEntry>();
  for (const entry of entries) {
    const key = syncKey(entry);
    const first = map.get(key);
    if (first === undefined) map.set(key, entry);
    else if (entry.remoteBaseUrls !== undefined) {
      const remoteBaseUrls = [...new Set([...(first.remoteBaseUrls ?? []), ...entry.remoteBaseUrls])];
      map.set(key, { ...first, remoteBaseUrls });
    }
  }
  return map;
}

function same(a: SyncEntry | undefined, b: SyncEntry | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.displayName === b.displayName;
}

interface Plan {
  addRemote: SyncEntry[];
  renameRemote: SyncEntry[];
  removeRemote: SyncEntry[];
  addLocal: SyncEntry[];
  renameLocal: SyncEntry[];
  removeLocal: SyncEntry[];
  result: SyncEntry[];
  notes: SyncNote[];
}

/** Carries `to` over to the side that still has `from`. */
function bringTo(plan: Plan, side: 'local' | 'remote', from: SyncEntry | undefined, to: SyncEntry | undefined): void {
  const here = side === 'local';
  if (to === undefined && from !== undefined) {
    (here ? plan.removeLocal : plan.removeRemote).push(from);
    if (here) plan.notes.push({ kind: 'removed-here', entry: from });
  } else if (to !== undefined && from === undefined) {
    (here ? plan.addLocal : plan.addRemote).push(to);
    if (here) plan.notes.push({ kind: 'added-here', entry: to });
  } else if (to !== undefined && !same(from, to)) {
    // A rename on the server names the entry as the server stores it.
    const stored = here || from?.remoteBaseUrls === undefined ? {} : { remoteBaseUrls: from.remoteBaseUrls };
    (here ? plan.renameLocal : plan.renameRemote).push({ ...to, ...stored });
    if (here) plan.notes.push({ kind: 'renamed-here', entry: to });
  }
  if (to !== undefined) plan.result.push(to);
}

function mergeOne(plan: Plan, input: MergeInput, entries: Record<'b' | 'l' | 'r', SyncEntry | undefined>): void {
  const { b, l, r } = entries;
  const localChanged = !same(b, l);
  const remoteChanged = !same(b, r);
  if (!remoteChanged) {
    bringTo(plan, 'remote', r, l);
    return;
  }
  if (!localChanged || same(l, r)) {
    bringTo(plan, 'local', l, r);
    return;
  }
  const key = syncKey((l ?? r ?? b) as SyncEntry);
  const change = input.localChanges.find((item) => syncKey(item) === key);
  const localAt = change?.changedAt ?? input.lastSyncAt;
  const localWins = localAt >= input.remoteSeenAt;
  if (r === undefined && l !== undefined) {
    // Changed here, removed on the server: never dropped; it goes back to the server.
    bringTo(plan, 'remote', r, l);
    plan.notes.push({ kind: 'kept-removed-on-server', entry: l });
  } else if (l === undefined && r !== undefined) {
    if (localWins) {
      bringTo(plan, 'remote', r, l);
      return;
    }
    bringTo(plan, 'local', l, r);
    plan.notes.push({ kind: 'kept-removed-here', entry: r });
  } else if (l !== undefined && r !== undefined) {
    if (localWins) bringTo(plan, 'remote', r, l);
    else bringTo(plan, 'local', l, r);
    const lostName = localWins ? r.displayName : l.displayName;
    const entry = localWins ? l : r;
    plan.notes.push({ kind: 'rename-conflict', entry, winner: localWins ? 'this-device' : 'server', lostName });
  }
}

export function mergeSubscriptions(input: MergeInput): MergePlan {
  const base = byKey(input.base);
  const local = byKey(input.local);
  const remote = byKey(input.remote);
  const plan: Plan = {
    addRemote: [],
    renameRemote: [],
    removeRemote: [],
    addLocal: [],
    renameLocal: [],
    removeLocal: [],
    result: [],
    notes: [],
  };
  // Local order first, then what only the server or the base knows, so the result reads like the local list.
  const keys = new Set([...local.keys(), ...remote.keys(), ...base.keys()]);
  for (const key of keys) mergeOne(plan, input, { b: base.get(key), l: local.get(key), r: remote.get(key) });
  return plan;
}
