/**
 * What the JSON importer produces (the ntfy CLI's client.yml is read by main: core/bridge/client-config-requests.ts): the subscriptions a file holds, ready to be
 * saved one by one, and what could not be read, item by item. A reader checks the shape the `SubscriptionInput`
 * type promises (an object, texts, lists, a known stream); the rules on the values (topic names, priority and tag
 * filters, lengths) are the core's, which checks every item when it is saved and answers with a code and the field
 * (import-subscriptions.ts turns that answer into the item's message).
 */
import { normalizeServerUrl, serverUrlError } from '../../common/server-url.ts';
import type { SubscriptionInput } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';

/** A subscription read from a file, with `label` naming where it came from (for messages about it). */
export interface PlannedSubscription {
  readonly label: string;
  readonly input: SubscriptionInput;
  /** The file asked for the raw stream, which the app no longer offers; `input` uses json instead. */
  readonly rawAsJson?: true;
}

export interface ItemProblem {
  readonly label: string;
  readonly message: string;
}

/** What a file holds, ready to be saved one by one. */
export interface ImportPlan {
  readonly subscriptions: readonly PlannedSubscription[];
  /** Items that could not be read. */
  readonly problems: readonly ItemProblem[];
  /** Items naming a server and topic that an earlier item of the same file already named. */
  readonly duplicates: number;
}

export type ImportParseResult =
  { readonly ok: true; readonly plan: ImportPlan } | { readonly ok: false; readonly error: string };

type JsonObject = Readonly<Record<string, unknown>>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Thrown inside an item's reader; `readItems` turns it into that item's problem. */
export class ItemError extends Error {}

/**
 * A problem with one field of an item, the field named as the file spells it: "server must be a text" /
 * "Feld „server“ muss ein Text sein". `problem` reads after the field's name (a rules.* field message, or
 * settings.import.problem.not-text and the like).
 */
export function fieldError(field: string, problem: string): ItemError {
  return new ItemError(t('settings.import.problem.field', { field, problem }));
}

/**
 * `https://Host/base/` → `https://host/base`: the form the core keys servers by, so that duplicates in a file are
 * found however they are spelled. A URL with a user or password is refused here, not only normalized: the core
 * would drop the credentials silently, and the user should learn they were not imported.
 */
export function normalizeServer(text: string): string {
  const error = serverUrlError(text);
  if (error !== undefined) throw fieldError('server', error.message);
  return normalizeServerUrl(text);
}

function subscriptionKey(input: SubscriptionInput): string {
  return `${input.server} ${input.topic}`;
}

/** Drops items naming the same server and topic as an earlier one, counting them. */
export function withoutDuplicates<T extends PlannedSubscription>(
  items: readonly T[],
): { kept: T[]; duplicates: number } {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const item of items) {
    const key = subscriptionKey(item.input);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(item);
  }
  return { kept, duplicates: items.length - kept.length };
}

function itemLabel(index: number, topic: unknown): string {
  const number = index + 1;
  return typeof topic === 'string' && topic !== ''
    ? t('settings.import.item-with-topic', { number, topic })
    : t('settings.import.item', { number });
}

/**
 * Reads every item with `read`, labelled by position and topic; an `ItemError` becomes that item's problem and the
 * others are still read. Any other exception is a bug and propagates.
 */
export function readItems<T>(
  items: readonly unknown[],
  read: (item: unknown, label: string) => T,
): { planned: T[]; problems: ItemProblem[] } {
  const planned: T[] = [];
  const problems: ItemProblem[] = [];
  items.forEach((item, index) => {
    const label = itemLabel(index, isObject(item) ? item['topic'] : undefined);
    try {
      planned.push(read(item, label));
    } catch (error) {
      if (!(error instanceof ItemError)) throw error;
      problems.push({ label, message: error.message });
    }
  });
  return { planned, problems };
}
