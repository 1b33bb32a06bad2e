/**
 * Many new subscriptions saved at once (a client.yml import): each checked as one save checks it
 * (subscription-input.ts), then all written in one settings update. One save per item rewrote and re-validated the
 * whole settings file each time, and restarted the engine's reconcile each time: 2,000 entries took 32 s and grew
 * with the square of the count. Here the work is one pass over the items and one write (two when the settings
 * validation refuses some item: the others are written without it).
 */
import type { BridgeResult, SubscriptionInput } from '../../../common/ipc.ts';
import type { SettingsIssue } from '../store/settings/field-reader.ts';
import type { Settings, SubscriptionSettings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { validationFailed } from './request-results.ts';
import { checkedSubscription, subscriptionAddressKey } from './subscription-input.ts';

/** Per item, in the order given: saved, or the error one save of it would have answered. */
/** A saved item names its new subscription's id (an import gives it the entry's own credentials after). */
type BatchOutcome = BridgeResult<{ readonly id: string }>;

/** New subscriptions only: an item names no id. */
export type SaveSubscriptions = (inputs: readonly Omit<SubscriptionInput, 'id'>[]) => Promise<BatchOutcome[]>;

/** The subscriptions appended, with a server entry (no credentials) for each server not known yet. */
function appendSubscriptions(settings: Settings, added: readonly SubscriptionSettings[]): Settings {
  const servers = [...settings.servers];
  const known = new Set(servers.map((server) => server.url));
  for (const { server } of added) {
    if (known.has(server)) continue;
    known.add(server);
    servers.push({ url: server, auth: { kind: 'none' } });
  }
  return { ...settings, servers, subscriptions: [...settings.subscriptions, ...added] };
}

const NOT_AN_ITEM = -1;

/** Which of the appended items (by their place among them) the settings validation refused, with its issues. */
function issuesByItem(issues: readonly SettingsIssue[], first: number): Map<number, SettingsIssue[]> {
  const byItem = new Map<number, SettingsIssue[]>();
  for (const issue of issues) {
    const match = /^subscriptions\[(\d+)\]/.exec(issue.path);
    const place = match === null ? -1 : Number(match[1]) - first;
    const index = place < 0 ? NOT_AN_ITEM : place;
    const list = byItem.get(index) ?? [];
    list.push(issue);
    byItem.set(index, list);
  }
  return byItem;
}

export function createSaveSubscriptions(options: {
  readonly settings: SettingsStore;
  readonly newId: () => string;
}): SaveSubscriptions {
  const { settings, newId } = options;

  /** One write of `items`; answers the issues of the items it refused (keyed by place in `items`), else none. */
  async function write(items: readonly SubscriptionSettings[]): Promise<Map<number, SettingsIssue[]>> {
    let first = 0;
    const result = await settings.update((latest) => {
      first = latest.subscriptions.length;
      return appendSubscriptions(latest, items);
    });
    return result.ok ? new Map() : issuesByItem(result.issues, first);
  }

  return async (inputs) => {
    const current = settings.get();
    const taken = new Set(current.subscriptions.map((item) => subscriptionAddressKey(item.server, item.topic)));
    const isTaken = (server: string, topic: string) => taken.has(subscriptionAddressKey(server, topic));
    const outcomes: BatchOutcome[] = [];
    const checked: { index: number; subscription: SubscriptionSettings }[] = [];
    inputs.forEach((input, index) => {
      const result = checkedSubscription(input, { current, newId, isTaken });
      if (!result.ok) {
        outcomes[index] = result;
        return;
      }
      taken.add(subscriptionAddressKey(result.value.server, result.value.topic));
      outcomes[index] = { ok: true, value: { id: result.value.id } };
      checked.push({ index, subscription: result.value });
    });
    const refused = await write(checked.map((item) => item.subscription));
    if (refused.size === 0) return outcomes;
    // The items the settings validation named are not imported; the others are written without them, once more.
    const general = refused.get(NOT_AN_ITEM);
    const rest = checked.filter((item, place) => {
      const issues = refused.get(place) ?? general;
      if (issues !== undefined) outcomes[item.index] = validationFailed(issues);
      return issues === undefined;
    });
    if (rest.length === 0) return outcomes;
    const again = await write(rest.map((item) => item.subscription));
    const issues = [...again.values()].flat();
    if (issues.length > 0) for (const item of rest) outcomes[item.index] = validationFailed(issues);
    return outcomes;
  };
}
