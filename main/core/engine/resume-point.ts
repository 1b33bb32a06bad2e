/**
 * Where a connection resumes, as pure functions of what is stored. Each topic has its own resume point
 * (protocol/resume-key.ts); a connection carries several topics, so it asks the server from the point that
 * covers all of them:
 * - every topic at the same message id → `since=<id>` (ids are global on a server: one id serves all topics);
 * - otherwise → `since=<oldest time>` (inclusive: the boundary second comes again and dedupe drops it);
 * - a topic with no point at all is new: the group's start (`initialSince`) applies to it.
 */
import { type BatchItem, itemId, itemTime } from './catch-up.ts';
import type { ResumePoint, ResumeTarget, ResumeUpdate } from '../ports.ts';
import { isNtfyMessageId } from '../protocol/resume-key.ts';
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
  /** After the server refused `since=<id>` (400): resume by time. */
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
  const ids = new Set(known.map((point) => point.lastId));
  const [onlyId] = ids;
  if (options.preferTime !== true && ids.size === 1 && onlyId !== undefined) {
    return { since: { kind: 'id', id: onlyId }, replay: 'catch-up', newTopics };
  }
  const times = known.flatMap((point) => (point.lastTime === undefined ? [] : [point.lastTime]));
  if (times.length > 0) {
    return { since: { kind: 'time', unixSeconds: Math.min(...times) }, replay: 'catch-up', newTopics };
  }
  // Ids only, and they differ (their rows were removed by retention): an id the server does not know makes it
  // replay everything it has, which dedupe absorbs — better than skipping a topic's gap.
  const anyId = known.find((point) => point.lastId !== undefined)?.lastId;
  const since: SinceValue = anyId === undefined ? options.initialSince : { kind: 'id', id: anyId };
  return { since, replay: 'catch-up', newTopics };
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
