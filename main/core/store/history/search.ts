/**
 * Full-text search over title, body and tags (the FTS5 table of migration 2), best matches first by bm25, with
 * the matched words of title and body as plain-text segments (highlight.ts).
 */
import { parseSearchText, toFtsQuery } from './fts-query.ts';
import { createHighlighter } from './highlight.ts';
import { clampLimit, type StatementCache, visibleFilter } from './queries.ts';
import { rowToStoredMessage, SELECT_COLUMNS } from './rows.ts';
import type { SearchHit, SearchOptions } from './types.ts';

export type Search = (options: SearchOptions) => SearchHit[];

/**
 * How many of the newest matches are ranked. For a history of notifications recent matters as much as relevant:
 * the best of the newest 500 matches is what a user looks for. Ranking costs microseconds per match, and a common
 * word can be in half of 100,000 messages: ranking them all would take tens of milliseconds per keystroke.
 */
export const RANKED_CANDIDATES = 500;

export function createSearch(statements: StatementCache): Search {
  return (options) => {
    const search = parseSearchText(options.text);
    if (search === undefined) return [];
    const { clauses, params } = visibleFilter(options);
    params['query'] = toFtsQuery(search);
    params['limit'] = clampLimit(options.limit, 50, 200);
    params['candidates'] = RANKED_CANDIDATES;
    // The inner query walks the matches newest first (FTS5 serves rowid order directly) and stops after
    // RANKED_CANDIDATES; only those are ranked.
    const sql = `SELECT ${SELECT_COLUMNS}, c.rank AS rank FROM (
        SELECT s.rowid AS pk, s.rank AS rank FROM messages_search s JOIN messages m ON m.pk = s.rowid
          WHERE messages_search MATCH :query AND ${clauses.join(' AND ')}
          ORDER BY s.rowid DESC LIMIT :candidates
      ) c JOIN messages m ON m.pk = c.pk
      ORDER BY c.rank, m.pk DESC LIMIT :limit`;
    const highlight = createHighlighter(search);
    return statements
      .get(sql)
      .all(params)
      .map((row) => {
        const stored = rowToStoredMessage(row);
        return {
          ...stored,
          rank: Number(row['rank']),
          titleSegments: highlight(stored.message.title),
          // A base64 body is binary: its text is no use to show, with or without marks.
          messageSegments: stored.message.encoding === 'base64' ? [] : highlight(stored.message.message),
        };
      });
  };
}
