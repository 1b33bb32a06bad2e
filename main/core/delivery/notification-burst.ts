/**
 * Bursts of popups, across every subscription and server: the first few messages of a burst pop up on their own,
 * the rest fold into one summary popup ("12 new messages in Backups, Alerts") that each further message updates.
 *
 * Only the summary's first popup in a burst may make a sound; its updates are silent, so 100 quick messages sound at
 * most a handful of times. A burst ends once `windowMs` pass without a message; the next message starts a new one,
 * whose summary may sound again. Urgent messages never come here (the policy gives each its own popup).
 */
import { t } from '../../../common/i18n/translate.ts';
import type { NtfyMessage } from '../protocol/types.ts';
import type { Urgency } from './notification-content.ts';

interface NotificationBurstOptions {
  /** More than `max` messages within `windowMs` milliseconds start folding. */
  readonly max: number;
  readonly windowMs: number;
}

/** What the summary popup shows now. */
export interface BurstSummary {
  /** Messages folded into the summary (not those that popped up on their own). */
  readonly count: number;
  /** The folded messages' subscription names, each once, in the order they first folded. */
  readonly names: readonly string[];
  /** The newest folded message, opened on click. */
  readonly latest: NtfyMessage;
  /** The most urgent folded message's urgency: a folded priority 4 keeps the summary up until dismissed. */
  readonly urgency: Urgency;
  /** No sound: this is an update of a summary already shown in this burst, or every folded message was low. */
  readonly silent: boolean;
}

const URGENCY_RANK: Readonly<Record<Urgency, number>> = { low: 0, normal: 1, critical: 2 };

interface Folded {
  count: number;
  readonly names: Set<string>;
  latest: NtfyMessage;
  urgency: Urgency;
  /** The summary has been handed out at least once in this burst. */
  shown: boolean;
}

export class NotificationBurst {
  readonly #options: NotificationBurstOptions;
  /** Clock times (ms) of the messages within the last `windowMs`. */
  #recent: number[] = [];
  #lastAt = Number.NEGATIVE_INFINITY;
  #folded: Folded | undefined;

  constructor(options: NotificationBurstOptions) {
    this.#options = options;
  }

  /**
   * Counts a message arriving at `nowMs`. True: it may pop up on its own; false: fold it (`fold`). Once a burst
   * has started folding, every message folds until the burst ends, so single popups never interleave with it.
   */
  arrive(nowMs: number): boolean {
    if (nowMs - this.#lastAt >= this.#options.windowMs) {
      this.#recent = [];
      this.#folded = undefined;
    }
    this.#lastAt = nowMs;
    this.#recent = this.#recent.filter((at) => at > nowMs - this.#options.windowMs);
    this.#recent.push(nowMs);
    return this.#folded === undefined && this.#recent.length <= this.#options.max;
  }

  fold(message: NtfyMessage, name: string, urgency: Urgency): void {
    const folded = this.#folded;
    if (folded === undefined) {
      this.#folded = { count: 1, names: new Set([name]), latest: message, urgency, shown: false };
      return;
    }
    folded.count++;
    folded.names.add(name);
    folded.latest = message;
    if (URGENCY_RANK[urgency] > URGENCY_RANK[folded.urgency]) folded.urgency = urgency;
  }

  /** The summary as it stands, for one popup (or its update); undefined while nothing is folded. */
  summary(): BurstSummary | undefined {
    const folded = this.#folded;
    if (folded === undefined) return undefined;
    const summary: BurstSummary = {
      count: folded.count,
      names: [...folded.names],
      latest: folded.latest,
      urgency: folded.urgency,
      silent: folded.shown || folded.urgency === 'low',
    };
    folded.shown = true;
    return summary;
  }
}

/**
 * "Backups, Alerts" or, past three, "Backups, Alerts, Disk and 2 more". The names are joined by commas in every
 * language rather than by formatList: a list that ends in "and 2 more" must not get a second "and" before its last
 * name ("Backups, Alerts and Disk and 2 more").
 */
export function summaryNames(names: readonly string[]): string {
  const listed = names.slice(0, 3).join(', ');
  return names.length > 3 ? t('app.burst.names-and-more', { names: listed, count: names.length - 3 }) : listed;
}

export function summaryTitle(summary: Pick<BurstSummary, 'count' | 'names'>): string {
  return t('app.burst.title', { count: summary.count, names: summaryNames(summary.names) });
}
