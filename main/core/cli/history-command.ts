/**
 * `ntfy-tray history [--json] [--topic <url>] [--search <text>] [--unread] [--limit N] [--data-dir <dir>]`:
 * what `subscribe` stored, newest first; `--json` prints one message object (as received) per line.
 */
import { parseArgs } from 'node:util';
import type { SqliteHistoryStore } from '../store/history/sqlite-history-store.ts';
import type { StoredMessage } from '../store/history/types.ts';
import { formatMessageJson, formatMessageLine } from './output.ts';
import { parseTopicUrl } from './subscribe-args.ts';
import { EXIT } from './subscribe-command.ts';

export const HISTORY_USAGE = `Usage: ntfy-tray history [options]
  --json               one JSON line per message (the message as received)
  --topic <url>        only this subscription: http(s)://host[:port]/topic
  --search <text>      full-text search in titles, messages and tags (best matches first)
  --unread             only unread messages
  --limit <n>          at most n messages (default 50, at most 500)
  --data-dir <dir>     where subscribe stored them (default: the per-user app data dir)`;

export interface HistoryIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly openHistory: (dataDir: string | undefined) => Promise<SqliteHistoryStore>;
}

export async function runHistory(args: readonly string[], io: HistoryIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        json: { type: 'boolean' },
        topic: { type: 'string' },
        search: { type: 'string' },
        unread: { type: 'boolean' },
        limit: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    io.stderr(`ntfy-tray history: ${error instanceof Error ? error.message : String(error)}\n\n${HISTORY_USAGE}\n`);
    return EXIT.usage;
  }
  if (values.help === true) {
    io.stdout(`${HISTORY_USAGE}\n`);
    return EXIT.ok;
  }
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
    io.stderr(`ntfy-tray history: --limit must be a whole number from 1 to 500\n\n${HISTORY_USAGE}\n`);
    return EXIT.usage;
  }
  let subscription: { server: string; topic: string } | undefined;
  if (values.topic !== undefined) {
    const parsed = parseTopicUrl(values.topic);
    if (!parsed.ok || parsed.value.topics.length !== 1 || parsed.value.topics[0] === undefined) {
      io.stderr(`ntfy-tray history: --topic needs one topic URL such as https://ntfy.sh/mytopic\n`);
      return EXIT.usage;
    }
    subscription = { server: parsed.value.server, topic: parsed.value.topics[0] };
  }
  const history = await io.openHistory(values['data-dir']);
  try {
    const filter = {
      ...(subscription === undefined ? {} : { subscription }),
      ...(values.unread === true ? { unreadOnly: true } : {}),
    };
    const messages: readonly StoredMessage[] =
      values.search === undefined
        ? history.listMessages({ ...filter, limit }).messages
        : history.search({ ...filter, text: values.search, limit: Math.min(limit, 200) });
    for (const stored of messages) {
      io.stdout(values.json === true ? formatMessageJson(stored.message) : formatMessageLine(stored.message));
    }
    return EXIT.ok;
  } finally {
    await history.close();
  }
}
