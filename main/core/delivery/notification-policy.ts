/**
 * Decides which delivered messages become popups and how: per-subscription mute and minimum priority, a global
 * pause, quiet hours (priority-5 messages break through only when the user allows it), bursts collapsed into one "N new messages" popup, catch-up
 * batches summarized per subscription, and closing or replacing what newer servers delete, clear or update.
 *
 * It only decides; a Notifier shows. Notification ids are stable per message (`server|topic|sequence id`), so an
 * update reusing a sequence id replaces the popup it updates, and a clear/delete closes it.
 */
import type { Clock } from '../ports.ts';
import type { NtfyMessage, Priority } from '../protocol/types.ts';
import type { DeliveredBatch } from './deliver.ts';
import { buildNotificationContent, type NotificationContent } from './notification-content.ts';

export interface SubscriptionNotifySettings {
  readonly muted: boolean;
  readonly minPriority: Priority;
  readonly displayName?: string;
}

export interface QuietHours {
  /** Minutes after local midnight; start > end spans midnight (22:00–07:00). */
  readonly startMinute: number;
  readonly endMinute: number;
  /**
   * Priority 5 (ntfy's "max/urgent") still pops up inside quiet hours. Required, not defaulted: the caller must
   * pass the user's choice on, so dropping the setting on the way is a compile error, not a silent "yes".
   */
  readonly urgentBreaksThrough: boolean;
}

export interface GlobalNotifySettings {
  readonly enabled: boolean;
  /** Global floor: below it nothing pops up, whatever the subscription allows. */
  readonly minPriority?: Priority;
  /** Clock milliseconds until which nothing pops up; Infinity for "until resumed". */
  readonly pausedUntil?: number;
  readonly quietHours?: QuietHours;
}

export type NotificationCommand =
  | { readonly type: 'show'; readonly id: string; readonly content: NotificationContent; readonly message: NtfyMessage }
  | {
      readonly type: 'summary';
      readonly id: string;
      readonly server: string;
      readonly topic: string;
      readonly count: number;
      readonly title: string;
      readonly body: string;
      /** The newest message of the summary, to open on click. */
      readonly latest: NtfyMessage;
    }
  | { readonly type: 'close'; readonly id: string };

export interface NotificationPolicyOptions {
  readonly clock: Clock;
  readonly subscription: (server: string, topic: string) => SubscriptionNotifySettings | undefined;
  readonly settings: () => GlobalNotifySettings;
  /** Local minutes after midnight for a clock time; injected so quiet-hour tests do not depend on the time zone. */
  readonly localMinuteOfDay?: (nowMs: number) => number;
  /** More than `burstMax` popups within `burstWindowMs` on one subscription collapse into one. Defaults 3 / 1 s. */
  readonly burstMax?: number;
  readonly burstWindowMs?: number;
}

function defaultLocalMinuteOfDay(nowMs: number): number {
  const date = new Date(nowMs);
  return date.getHours() * 60 + date.getMinutes();
}

export function notificationId(server: string, topic: string, key: string): string {
  return `${server}|${topic}|${key}`;
}

function inQuietHours(minute: number, quiet: QuietHours): boolean {
  if (quiet.startMinute === quiet.endMinute) return false;
  return quiet.startMinute < quiet.endMinute
    ? minute >= quiet.startMinute && minute < quiet.endMinute
    : minute >= quiet.startMinute || minute < quiet.endMinute;
}

interface Burst {
  /** Clock times of recent popups on this subscription. */
  readonly recent: number[];
  /** Messages collapsed into the current burst popup. */
  collapsed: number;
}

export class NotificationPolicy {
  readonly #options: NotificationPolicyOptions;
  readonly #bursts = new Map<string, Burst>();

  constructor(options: NotificationPolicyOptions) {
    this.#options = options;
  }

  decide(batch: DeliveredBatch): NotificationCommand[] {
    const commands: NotificationCommand[] = batch.changes.map((change) => ({
      type: 'close' as const,
      id: notificationId(batch.server, change.topic, change.sequenceId),
    }));
    if (batch.mode === 'history') return commands; // cached before the subscription existed: stored, never shown
    const shown = batch.messages.filter((message) => this.#passes(batch.server, message));
    if (batch.mode === 'catch-up') return [...commands, ...this.#summarize(batch.server, shown)];
    for (const message of shown) commands.push(this.#live(batch.server, message));
    return commands;
  }

  #passes(server: string, message: NtfyMessage): boolean {
    const settings = this.#options.settings();
    if (!settings.enabled || message.priority < (settings.minPriority ?? 1)) return false;
    const now = this.#options.clock.now();
    if (settings.pausedUntil !== undefined && now < settings.pausedUntil) return false;
    const subscription = this.#options.subscription(server, message.topic);
    if (subscription === undefined || subscription.muted || message.priority < subscription.minPriority) return false;
    const minute = (this.#options.localMinuteOfDay ?? defaultLocalMinuteOfDay)(now);
    const quiet = settings.quietHours;
    if (quiet !== undefined && inQuietHours(minute, quiet)) return quiet.urgentBreaksThrough && message.priority === 5;
    return true;
  }

  #content(server: string, message: NtfyMessage): NotificationContent {
    const displayName = this.#options.subscription(server, message.topic)?.displayName;
    return buildNotificationContent(message, displayName === undefined ? { server } : { server, displayName });
  }

  #live(server: string, message: NtfyMessage): NotificationCommand {
    const key = `${server}|${message.topic}`;
    const now = this.#options.clock.now();
    const windowMs = this.#options.burstWindowMs ?? 1000;
    const burst = this.#bursts.get(key) ?? { recent: [], collapsed: 0 };
    this.#bursts.set(key, burst);
    while (burst.recent.length > 0 && (burst.recent[0] ?? 0) <= now - windowMs) burst.recent.shift();
    if (burst.recent.length === 0) burst.collapsed = 0;
    burst.recent.push(now);
    if (burst.recent.length <= (this.#options.burstMax ?? 3)) {
      return {
        type: 'show',
        id: notificationId(server, message.topic, message.sequenceId ?? message.id),
        content: this.#content(server, message),
        message,
      };
    }
    burst.collapsed++;
    return this.#summary(server, message.topic, burst.collapsed, message, 'burst');
  }

  #summarize(server: string, messages: readonly NtfyMessage[]): NotificationCommand[] {
    const byTopic = new Map<string, NtfyMessage[]>();
    for (const message of messages) byTopic.set(message.topic, [...(byTopic.get(message.topic) ?? []), message]);
    return [...byTopic].map(([topic, group]) => {
      const latest = group.reduce((a, b) => (b.time >= a.time ? b : a));
      if (group.length === 1) {
        return {
          type: 'show',
          id: notificationId(server, topic, latest.sequenceId ?? latest.id),
          content: this.#content(server, latest),
          message: latest,
        };
      }
      return this.#summary(server, topic, group.length, latest, 'catch-up');
    });
  }

  #summary(
    server: string,
    topic: string,
    count: number,
    latest: NtfyMessage,
    kind: 'burst' | 'catch-up',
  ): NotificationCommand {
    const content = this.#content(server, latest);
    const name = this.#options.subscription(server, topic)?.displayName ?? topic;
    return {
      type: 'summary',
      id: notificationId(server, topic, kind),
      server,
      topic,
      count,
      title: `${count} new messages on ${name}`,
      body: `Latest: ${content.title}: ${content.body}`,
      latest,
    };
  }
}
