/**
 * How far back a resume asks, and what a replay may skip (docs/protocol.md#resuming).
 *
 * A resume point is the time of the newest message stored for a topic. ntfy answers `since=<id>` with the rows
 * inserted after that message's row, and a scheduled message keeps the row of its publish, so a scheduled message
 * that fell due while we were away is never in that answer. `since=<time>` compares the message time, which for a
 * scheduled message is its due time, and is inclusive — but ntfy's delayed sender only looks for due messages every
 * 10 s, so a message due at second t can still go out at t + 10 and later under load. Every resume therefore asks
 * from `RESUME_OVERLAP_SECONDS` before the point: whatever was not yet out when we left is in that window, and what
 * comes twice is dropped by dedupe, which is why retention keeps every row inside the window (store/history).
 *
 * A point without a message id is the server time at which a topic's first stream opened: nothing before it was
 * wanted, so it is asked for exactly and needs no overlap.
 */
import type { ResumePoint, ResumeUpdate } from '../ports.ts';

/** Seconds: three times ntfy's delayed-sender interval (10 s, server/config.go DefaultDelayedSenderInterval). */
export const RESUME_OVERLAP_SECONDS = 30;

/** The Unix second a resume from `point` asks for (`since=<time>`, inclusive), or undefined without a time. */
export function resumeFromSeconds(point: ResumePoint): number | undefined {
  if (point.lastTime === undefined) return undefined;
  if (point.lastId === undefined) return point.lastTime;
  return Math.max(0, point.lastTime - RESUME_OVERLAP_SECONDS);
}

/**
 * A replayed item of a topic at `time` lies before that topic's resume window: it was delivered before (a replay for
 * a group asks from its oldest topic's point, and retention may have removed the row dedupe would have found), or
 * it lies before the topic's start and was never wanted.
 */
export function isBeforeResumeWindow(time: number, point: ResumePoint | undefined): boolean {
  if (point === undefined) return false;
  if (point.startTime !== undefined && time < point.startTime) return true;
  const from = resumeFromSeconds(point);
  return from !== undefined && time < from;
}

/**
 * The point after `update`, or undefined when nothing is to be written. A point only moves forward in time: a poll
 * that stored older messages than a live stream already had (or a replay that came late) must not send the next
 * resume back over what is stored, and a message at the point's second or later moves it (the newer id wins).
 */
export function movedResumePoint(previous: ResumePoint | undefined, update: ResumeUpdate): ResumePoint | undefined {
  if (update.onlyIfMissing === true) {
    return previous === undefined && update.lastTime !== undefined ? { lastTime: update.lastTime } : undefined;
  }
  const older =
    update.lastTime !== undefined && previous?.lastTime !== undefined && update.lastTime < previous.lastTime;
  if (older) return undefined;
  const lastId = update.lastId === undefined ? previous?.lastId : (update.lastId ?? undefined);
  const lastTime = update.lastTime ?? previous?.lastTime;
  return { ...(lastId === undefined ? {} : { lastId }), ...(lastTime === undefined ? {} : { lastTime }) };
}
