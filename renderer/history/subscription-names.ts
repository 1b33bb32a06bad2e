/**
 * The names the user gave their subscriptions, for the list rows: a context, so the virtualized list between
 * HistoryView (which has the subscriptions) and the rows does not pass them through every level.
 */
import { createContext, useContext } from 'react';
import type { SubscriptionDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { subscriptionKey } from './format.ts';

/** subscriptionKey → display name; only subscriptions that have one. */
export type SubscriptionNames = ReadonlyMap<string, string>;

export const SubscriptionNamesContext = createContext<SubscriptionNames>(new Map());

export function subscriptionNames(subscriptions: readonly SubscriptionDto[] | undefined): SubscriptionNames {
  const names = new Map<string, string>();
  for (const subscription of subscriptions ?? []) {
    const name = subscription.displayName?.trim();
    if (name !== undefined && name.length > 0) names.set(subscriptionKey(subscription), name);
  }
  return names;
}

/** The subscription's display name, or its topic when it has none (or is not subscribed any more). */
export function useSubscriptionName(ref: SubscriptionRefDto): string {
  return useContext(SubscriptionNamesContext).get(subscriptionKey(ref)) ?? ref.topic;
}
