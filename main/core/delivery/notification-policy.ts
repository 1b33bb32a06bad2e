/**
 * Decides which delivered messages become popups and how: per-subscription mute and minimum priority, a global
 * pause, quiet hours (priority-5 messages break through only when the user allows it), bursts and catch-up batches
 * folded into one silently updated "N new messages in …" popup (notification-burst.ts) while urgent messages keep
 * popups of their own, and closing or replacing what newer servers delete, clear or update.
 *
 * It only decides; a Notifier shows. Notification ids are stable per message (`server|topic|sequence id`), so an
 * update reusing a sequence id replaces the popup it updates, and a clear/delete closes it.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { Clock } from '../ports.ts';
import type { NtfyMessage, Priority } from '../protocol/types.ts';
import type { DeliveredBatch } from './deliver.ts';
import { type BurstSummary, NotificationBurst, summaryTitle } from './notification-burst.ts';
import { buildNotificationContent, type NotificationContent, type Urgency, urgencyOf } from './notification-content.ts';

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
      /** Server and topic of the newest message; the summary itself may span several of each. */
      readonly server: string;
      readonly topic: string;
      readonly count: number;
      readonly title: string;
      readonly body: string;
      /** The newest message of the summary, to open on click. */
      readonly latest: NtfyMessage;
      readonly urgency: Urgency;
      /** True for the summary's updates within one burst: they replace the popup without a sound. */
      readonly silent: boolean;
    }
  | { readonly type: 'close'; readonly id: string };

interface NotificationPolicyOptions {
  readonly clock: Clock;
  readonly subscription: (server: string, topic: string) => SubscriptionNotifySettings | undefined;
  readonly settings: () => GlobalNotifySettings;
  /** Local minutes after midnight for a clock time; injected so quiet-hour tests do not depend on the time zone. */
  readonly localMinuteOfDay?: (nowMs: number) => number;
  /**
   * More than `burstMax` messages within `burstWindowMs` (ms), over all subscriptions, fold into one summary; a
   * burst ends after `burstWindowMs` without a message. Defaults 3 / 1000.
   */
  readonly burstMax?: number;
  readonly burstWindowMs?: number;
}

function defaultLocalMinuteOfDay(nowMs: number): number {
  const date = new Date(nowMs);
  return date.getHours() * 60 + date.getMinutes();
}

function notificationId(server: string, topic: string, key: string): string {
  return `${server}|${topic}|${key}`;
}

function inQuietHours(minute: number, quiet: QuietHours): boolean {
  if (quiet.startMinute === quiet.endMinute) return false;
  return quiet.startMinute < quiet.endMinute
    ? minute >= quiet.startMinute && minute < quiet.endMinute
    : minute >= quiet.startMinute || minute < quiet.endMinute;
}

/**
 * ntfy's priority 5 ("max/urgent"). Each such message gets a popup of its own and never folds into a summary: ntfy
 * reserves this level for what must be seen (https://docs.ntfy.sh/publish/#message-priority), and it is the one
 * level that may break through quiet hours here too. Priority 4 ("high") does fold: monitoring scripts send every
 * warning at 4, so a flapping check would otherwise flood the desktop; a folded 4 raises the summary's urgency
 * instead, so the summary stays up until dismissed.
 */
function isUrgent(message: NtfyMessage): boolean {
  return message.priority === 5;
}

/** The id of the one burst summary popup; each new burst replaces the last one's. */
export const BURST_SUMMARY_ID = 'burst-summary';

export class NotificationPolicy {
  readonly #options: NotificationPolicyOptions;
  readonly #burst: NotificationBurst;

  constructor(options: NotificationPolicyOptions) {
    this.#options = options;
    this.#burst = new NotificationBurst({ max: options.burstMax ?? 3, windowMs: options.burstWindowMs ?? 1000 });
  }

  decide(batch: DeliveredBatch): NotificationCommand[] {
    const commands: NotificationCommand[] = batch.changes.map((change) => ({
      type: 'close' as const,
      id: notificationId(batch.server, change.topic, change.sequenceId),
    }));
    if (batch.mode === 'history') return commands; // cached before the subscription existed: stored, never shown
    const shown = batch.messages.filter((message) => this.#passes(batch.server, message));
    // Published while we were away: more than one (not counting urgent ones) is a burst from the start.
    const foldAll = batch.mode === 'catch-up' && shown.filter((message) => !isUrgent(message)).length > 1;
    const now = this.#options.clock.now();
    let folded = false;
    for (const message of shown) {
      if (isUrgent(message)) {
        commands.push(this.#show(batch.server, message));
      } else if (this.#burst.arrive(now) && !foldAll) {
        commands.push(this.#show(batch.server, message));
      } else {
        const name = this.#options.subscription(batch.server, message.topic)?.displayName ?? message.topic;
        this.#burst.fold(message, name, urgencyOf(message.priority));
        folded = true;
      }
    }
    // One summary popup (or update) per batch, however many of its messages folded.
    const summary = folded ? this.#burst.summary() : undefined;
    if (summary !== undefined) commands.push(this.#summary(batch.server, summary));
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
    if (quiet !== undefined && inQuietHours(minute, quiet)) return quiet.urgentBreaksThrough && isUrgent(message);
    return true;
  }

  #content(server: string, message: NtfyMessage): NotificationContent {
    const displayName = this.#options.subscription(server, message.topic)?.displayName;
    return buildNotificationContent(message, displayName === undefined ? { server } : { server, displayName });
  }

  #show(server: string, message: NtfyMessage): NotificationCommand {
    return {
      type: 'show',
      id: notificationId(server, message.topic, message.sequenceId ?? message.id),
      content: this.#content(server, message),
      message,
    };
  }

  #summary(server: string, summary: BurstSummary): NotificationCommand {
    const content = this.#content(server, summary.latest);
    return {
      type: 'summary',
      id: BURST_SUMMARY_ID,
      server,
      topic: summary.latest.topic,
      count: summary.count,
      title: summaryTitle(summary),
      body: t('app.burst.body', { title: content.title, body: content.body }),
      latest: summary.latest,
      urgency: summary.urgency,
      silent: summary.silent,
    };
  }
}
