/** Messages, batches and a NotificationPolicy on a ManualClock, shared by the policy's unit tests. */
import type { DeliveredBatch, DeliveryMode } from '../../../../main/core/delivery/deliver.ts';
import {
  type GlobalNotifySettings,
  NotificationPolicy,
  type SubscriptionNotifySettings,
} from '../../../../main/core/delivery/notification-policy.ts';
import type { NtfyMessage, NtfyMessageChange } from '../../../../main/core/protocol/types.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

export const server = 'https://ntfy.sh';
let nextId = 0;

/** A message with a fresh id each call. */
export function message(fields: Partial<NtfyMessage> = {}): NtfyMessage {
  nextId++;
  return {
    id: `m${String(nextId).padStart(11, '0')}`,
    time: 1000 + nextId,
    topic: 'alerts',
    message: `body ${String(nextId)}`,
    priority: 3,
    tags: [],
    actions: [],
    raw: {},
    ...fields,
  };
}

export function batch(mode: DeliveryMode, messages: NtfyMessage[], changes: NtfyMessageChange[] = []): DeliveredBatch {
  return { groupKey: 'g', server, mode, messages, changes };
}

export function setup(
  options: {
    settings?: Partial<GlobalNotifySettings>;
    subscription?: Partial<SubscriptionNotifySettings>;
    /** Display names by topic. */
    names?: Readonly<Record<string, string>>;
    minute?: number;
  } = {},
) {
  const clock = new ManualClock();
  const policy = new NotificationPolicy({
    clock,
    settings: () => ({ enabled: true, ...options.settings }),
    subscription: (_server, topic) => {
      if (topic === 'unknown') return undefined;
      const displayName = options.names?.[topic];
      return {
        muted: false,
        minPriority: 1,
        ...(displayName === undefined ? {} : { displayName }),
        ...options.subscription,
      };
    },
    localMinuteOfDay: () => options.minute ?? 12 * 60,
  });
  return { clock, policy };
}
