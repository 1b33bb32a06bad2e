/**
 * What the user does to stored messages: mark read or unread, delete. A delete keeps a tombstone (server, id,
 * topic, time, sequence id) and wipes the content: the server may replay the message later (a history load, an
 * unknown cursor), and without the row the dedupe would store it — and notify — again.
 */
import type { DatabaseSync } from 'node:sqlite';
import { normalizeServerUrl } from '../../../../common/server-url.ts';
import { TOMBSTONE_SET } from './sequences.ts';
import { inWriteTransaction } from './transaction.ts';
import type { MessageRef, SubscriptionRef } from './types.ts';

export interface HistoryEdits {
  /** True when the message exists (and is visible) and changed. */
  setRead(options: MessageRef & { readonly read: boolean }): boolean;
  /** How many messages of the subscription changed. */
  setSubscriptionRead(options: SubscriptionRef & { readonly read: boolean }): number;
  deleteMessage(ref: MessageRef): boolean;
  /** How many messages of the subscription were deleted. */
  deleteSubscriptionMessages(subscription: SubscriptionRef): number;
}

export function createEdits(db: DatabaseSync): HistoryEdits {
  const setRead = db.prepare(
    'UPDATE messages SET read = ?3 WHERE server = ?1 AND id = ?2 AND read <> ?3 AND deleted = 0 AND superseded = 0',
  );
  // Through the partial unread index when there are few unread rows, else the subscription index: the planner picks.
  const markSubscriptionRead = db.prepare(`
    UPDATE messages SET read = 1 WHERE server = ? AND topic = ? AND read = 0 AND deleted = 0 AND superseded = 0`);
  const markSubscriptionUnread = db.prepare(`
    UPDATE messages SET read = 0 WHERE server = ? AND topic = ? AND read = 1 AND deleted = 0 AND superseded = 0`);
  const deleteOne = db.prepare(`UPDATE messages SET ${TOMBSTONE_SET} WHERE server = ? AND id = ? AND deleted = 0`);
  const deleteSubscription = db.prepare(
    `UPDATE messages SET ${TOMBSTONE_SET} WHERE server = ? AND topic = ? AND deleted = 0`,
  );

  const changes = (run: () => { changes: number | bigint }): number => Number(inWriteTransaction(db, run).changes);

  return {
    setRead: ({ server, id, read }) => changes(() => setRead.run(normalizeServerUrl(server), id, read ? 1 : 0)) > 0,
    setSubscriptionRead: ({ server, topic, read }) =>
      changes(() => (read ? markSubscriptionRead : markSubscriptionUnread).run(normalizeServerUrl(server), topic)),
    deleteMessage: ({ server, id }) => changes(() => deleteOne.run(normalizeServerUrl(server), id)) > 0,
    deleteSubscriptionMessages: ({ server, topic }) =>
      changes(() => deleteSubscription.run(normalizeServerUrl(server), topic)),
  };
}
