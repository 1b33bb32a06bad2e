/**
 * Where a connection resumes, as pure functions of what is stored. Each topic has its own resume point
 * (protocol/resume-key.ts); a connection carries several topics, so it asks the server from the point that
 * covers all of them:
 * - `since=<time>` from the oldest point, less the overlap that lets a scheduled message which fell due while we were
 *   away come back (protocol/resume-window.ts, docs/protocol.md#resuming) — never `since=<id>`, which counts rows
 *   and so skips such a message; what comes twice is dropped by dedupe, and what lies before a topic's own window
 *   is dropped before it (`withoutDelivered`);
 * - points with ids only (written by versions before resume points had times) → `since=<id>`;
 * - a topic with no point at all is new: the group's start (`initialSince`) applies to it.
 */
import { type BatchItem, itemId, itemTime } from './catch-up.ts';
import type { ResumePoint, ResumeTarget, ResumeUpdate } from '../ports.ts';
import { isNtfyMessageId } from '../protocol/resume-key.ts';
import { isBeforeResumeWindow, resumeFromSeconds } from '../protocol/resume-window.ts';
import type { SinceValue } from '../protocol/since.ts';

export interface ResumePlan {
  /** For the live request. */
  readonly since: SinceValue;
  /** The replay of the live request is the first load of a new group (stored as read), else a catch-up. */
  readonly replay: 'history' | 'catch-up';
  /** Topics with no resume point in a group that has some: their cached history is loaded on its own. */
  readonly newTopics: readonly string[];
}

export interface PlanResumeOptions {
  readonly topics: readonly string[];
  /** Stored points by topic. */
  readonly points: ReadonlyMap<string, ResumePoint>;
  readonly initialSince: SinceValue;
  /**
   * Server time (Unix seconds) of this connection's first `open`. A topic with no stored point yet (its start time
   * is written after the first replay, which may still wait behind what a slow sink holds, or could not be written:
   * a full disk) resumes from it when the group started at `none` or `latest`: asking for those again would skip
   * what was published while away. A group that starts further back (`all`, a time, an id) asks for that again,
   * since the first connect may have ended before it read its replay in full; dedupe absorbs what comes twice.
   */
  readonly firstOpenTime?: number;
  /** After the server refused `since=<id>` (400): never ask by id again (only an older version's points have ids alone). */
  readonly preferTime?: boolean;
}

/**
 * A group that starts at `none` or `latest` asks for no history (at most the one latest message): its start is the
 * moment its first stream opened, so that time may stand in for a missing resume point, even when the stream ended
 * before its replay was over. A group from `all`, a time or an id must ask for that again.
 */
export function startsAtOpen(initialSince: SinceValue): boolean {
  return initialSince.kind === 'none' || initialSince.kind === 'latest';
}

export function planResume(options: PlanResumeOptions): ResumePlan {
  const openPoint =
    startsAtOpen(options.initialSince) && options.firstOpenTime !== undefined
      ? { lastTime: options.firstOpenTime }
      : undefined;
  const points = new Map<string, ResumePoint>();
  for (const topic of options.topics) {
    const point = options.points.get(topic) ?? openPoint;
    if (point !== undefined) points.set(topic, point);
  }
  if (points.size === 0) return { since: options.initialSince, replay: 'history', newTopics: [] };
  const newTopics = options.topics.filter((topic) => !points.has(topic));
  const known = [...points.values()];
  const times = known.flatMap((point) => {
    const from = resumeFromSeconds(point);
    return from === undefined ? [] : [from];
  });
  if (times.length > 0) {
    return { since: { kind: 'time', unixSeconds: Math.min(...times) }, replay: 'catch-up', newTopics };
  }
  // Ids only (points of an older version). One id serves every topic (ids are server-wide); ids that differ had
  // their rows removed by retention, and an id the server does not know replays everything it has, which dedupe
  // absorbs — better than skipping a topic's gap. Once the server refused `since=<id>`, the group starts afresh.
  const anyId = known.find((point) => point.lastId !== undefined)?.lastId;
  if (options.preferTime !== true && anyId !== undefined) {
    return { since: { kind: 'id', id: anyId }, replay: 'catch-up', newTopics };
  }
  return { since: options.initialSince, replay: 'catch-up', newTopics };
}

/**
 * The resume point after storing `items` (in arrival order): the newest valid ntfy id and its time. An id that is
 * not ntfy's form (a non-ntfy server, `msg-0001`) never becomes `since=`: the server would answer 400 on every
 * restart. A batch without any valid id moves the time only.
 */
export function resumeAfter(items: readonly BatchItem[], targets: readonly ResumeTarget[]): ResumeUpdate | undefined {
  if (items.length === 0 || targets.length === 0) return undefined;
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index];
    if (item !== undefined && isNtfyMessageId(itemId(item))) {
      return { targets, lastId: itemId(item), lastTime: itemTime(item) };
    }
  }
  return { targets, lastId: null, lastTime: Math.max(...items.map(itemTime)) };
}

/**
 * `items` without those that lie before their topic's resume window (`points` by topic): delivered before, whatever
 * dedupe still finds. A group resumes from its oldest topic, so a replay brings the other topics' older messages too,
 * and retention may have removed their rows.
 */
export function withoutDelivered(
  items: readonly BatchItem[],
  points: ReadonlyMap<string, ResumePoint>,
): readonly BatchItem[] {
  return items.filter((item) => {
    const topic = item.type === 'message' ? item.message.topic : item.change.topic;
    return !isBeforeResumeWindow(itemTime(item), points.get(topic));
  });
}
