/**
 * Our own subscriptions file: a versioned JSON envelope with what it takes to subscribe again, never a secret
 * (subscriptions-json-import.ts reads it back).
 */
import type { FiltersDto, SubscriptionDto } from '../../common/ipc.ts';

export const SUBSCRIPTIONS_FILE_FORMAT = 'ntfy-tray-subscriptions';
export const SUBSCRIPTIONS_FILE_VERSION = 1;
export const SUBSCRIPTIONS_FILE_NAME = 'ntfy-tray-subscriptions.json';

/** One subscription as exported: what it takes to subscribe again, nothing about credentials. */
type ExportedSubscription = Pick<
  SubscriptionDto,
  'server' | 'topic' | 'displayName' | 'transport' | 'filters' | 'muted' | 'minPriority'
>;

interface SubscriptionsFile {
  readonly format: typeof SUBSCRIPTIONS_FILE_FORMAT;
  readonly version: typeof SUBSCRIPTIONS_FILE_VERSION;
  readonly subscriptions: readonly ExportedSubscription[];
}

/** Picks the exported fields one by one, so nothing the DTO gains later (or holds about auth) can slip out. */
function toExportedSubscription(subscription: SubscriptionDto): ExportedSubscription {
  return {
    server: subscription.server,
    topic: subscription.topic,
    ...(subscription.displayName === undefined ? {} : { displayName: subscription.displayName }),
    transport: subscription.transport,
    filters: pickFilters(subscription.filters),
    muted: subscription.muted,
    minPriority: subscription.minPriority,
  };
}

function pickFilters(filters: FiltersDto): FiltersDto {
  return {
    ...(filters.id === undefined ? {} : { id: filters.id }),
    ...(filters.message === undefined ? {} : { message: filters.message }),
    ...(filters.title === undefined ? {} : { title: filters.title }),
    ...(filters.priority === undefined ? {} : { priority: [...filters.priority] }),
    ...(filters.tags === undefined ? {} : { tags: [...filters.tags] }),
  };
}

/** The export file's text (pretty-printed, ending in a newline). */
export function serializeSubscriptions(subscriptions: readonly SubscriptionDto[]): string {
  const file: SubscriptionsFile = {
    format: SUBSCRIPTIONS_FILE_FORMAT,
    version: SUBSCRIPTIONS_FILE_VERSION,
    subscriptions: subscriptions.map(toExportedSubscription),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
