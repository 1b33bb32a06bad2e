/**
 * Reading the history for the window, the tray and the CLI: pages newest first, unread counts, one message.
 * Pages use keyset pagination on (time, rowid) — the index order — so page 100 costs what page 1 costs, and a
 * message arriving while the user scrolls does not shift the next page (as it would with OFFSET).
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { normalizeServerUrl } from '../../../../common/server-url.ts';
import { type Row, rowToStoredMessage, SELECT_COLUMNS } from './rows.ts';
import type {
  ListMessagesOptions,
  MessageFilter,
  MessagePage,
  MessageRef,
  StoredMessage,
  UnreadCount,
} from './types.ts';

interface SqlFilter {
  readonly clauses: string[];
  readonly params: Record<string, SQLInputValue>;
}

/** WHERE clauses (on alias `m`) for what a user may see: not deleted, not replaced by a newer version. */
export function visibleFilter(filter: MessageFilter): SqlFilter {
  const clauses = ['m.deleted = 0', 'm.superseded = 0'];
  const params: Record<string, SQLInputValue> = {};
  if (filter.subscription !== undefined) {
    clauses.push('m.server = :server', 'm.topic = :topic');
    params['server'] = normalizeServerUrl(filter.subscription.server);
    params['topic'] = filter.subscription.topic;
  }
  if (filter.minPriority !== undefined && filter.minPriority > 1) {
    clauses.push('m.priority >= :minPriority');
    params['minPriority'] = filter.minPriority;
  }
  // The same terms as the messages_unread partial index, so the planner can use it.
  if (filter.unreadOnly === true) clauses.push('m.read = 0');
  return { clauses, params };
}

export function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.min(max, Math.max(1, Math.floor(limit)));
}

/** Prepared statements by SQL text: each combination of filters is prepared once and reused. */
export class StatementCache {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  get(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}

/**
 * The index a page walks, chosen here rather than by the planner: its estimates for the partial unread index are
 * only good after ANALYZE, and a fresh or young file has no statistics — it then scanned every row for an unread
 * list of three. Each choice yields rows in page order, so a page stops after `limit` matches.
 */
function pageIndex(options: ListMessagesOptions): string {
  if (options.subscription === undefined) return options.unreadOnly === true ? 'messages_unread_time' : 'messages_time';
  return options.unreadOnly === true ? 'messages_unread' : 'messages_subscription_time';
}

/** The page query for `options`: exported so that a test can check its plan (EXPLAIN QUERY PLAN). */
export function buildListQuery(
  options: ListMessagesOptions,
  limit: number,
): { sql: string; params: SqlFilter['params'] } {
  const { clauses, params } = visibleFilter(options);
  if (options.before !== undefined) {
    // `time <=` bounds the index range; the OR only sorts out the rows of that one second.
    clauses.push('m.time <= :beforeTime', '(m.time < :beforeTime OR m.pk < :beforeRowid)');
    params['beforeTime'] = options.before.time;
    params['beforeRowid'] = options.before.rowid;
  }
  params['limit'] = limit;
  const sql = `SELECT ${SELECT_COLUMNS} FROM messages m INDEXED BY ${pageIndex(options)}
    WHERE ${clauses.join(' AND ')} ORDER BY m.time DESC, m.pk DESC LIMIT :limit`;
  return { sql, params };
}

export interface HistoryQueries {
  listMessages(options: ListMessagesOptions): MessagePage;
  getMessage(ref: MessageRef): StoredMessage | undefined;
  unreadCounts(): UnreadCount[];
}

export function createQueries(db: DatabaseSync, statements: StatementCache): HistoryQueries {
  const selectOne = db.prepare(
    `SELECT ${SELECT_COLUMNS} FROM messages m WHERE m.server = ? AND m.id = ? AND m.deleted = 0 AND m.superseded = 0`,
  );
  // Only unread rows are visited, already in GROUP BY order (the planner prefers a full index scan without
  // statistics, hence INDEXED BY).
  const selectUnreadCounts = db.prepare(`
    SELECT server, topic, count(*) AS unread FROM messages INDEXED BY messages_unread
      WHERE read = 0 AND deleted = 0 AND superseded = 0
      GROUP BY server, topic`);

  return {
    listMessages(options) {
      const limit = clampLimit(options.limit, 50, 500);
      // One more than asked tells whether there is a next page.
      const { sql, params } = buildListQuery(options, limit + 1);
      const rows = statements.get(sql).all(params);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const messages = page.map(rowToStoredMessage);
      if (rows.length <= limit || last === undefined) return { messages };
      return { messages, next: { time: Number(last['time']), rowid: Number(last['pk']) } };
    },

    getMessage(ref) {
      const row: Row | undefined = selectOne.get(normalizeServerUrl(ref.server), ref.id);
      return row === undefined ? undefined : rowToStoredMessage(row);
    },

    unreadCounts() {
      return selectUnreadCounts.all().map((row) => ({
        server: String(row['server']),
        topic: String(row['topic']),
        unread: Number(row['unread']),
      }));
    },
  };
}
