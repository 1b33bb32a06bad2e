/**
 * `ntfy-tray history [--json] [--topic <url>] [--search <text>] [--unread] [--limit N] [--data-dir <dir>]`:
 * what `subscribe` stored, newest first; `--json` prints one message object (as received) per line. The history
 * is opened read-only: listing never writes, so it works on a data dir the user may only read.
 */
import { parseArgs } from 'node:util';
import type { AppHistoryStore } from '../ports.ts';
import type { StoredMessage } from '../store/history/types.ts';
import { dataDirArgProblem } from './data-dir.ts';
import { formatMessageJson, formatMessageLine } from './output.ts';
import { EXIT } from './subscribe-command.ts';
import { parseTopicUrl } from './topic-url.ts';
import { errorMessage } from '../../../common/error-message.ts';

export const HISTORY_USAGE = `Usage: ntfy-tray history [options]
  --json               one JSON line per message (the message as received)
  --topic <url>        only this subscription: http(s)://host[:port]/topic
  --search <text>      full-text search in titles, messages and tags (best matches first)
  --unread             only unread messages
  --limit <n>          at most n messages (default 50, at most 500)
  --data-dir <dir>     where the app or subscribe stored them (default: the app's data folder); only read`;

/** What the command reads through: the app's history port, and closing it when done. */
export type ReadableHistory = AppHistoryStore & { close(): Promise<void> };

export interface HistoryIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Always asked with `{ readOnly: true }`: pass it on to SqliteHistoryStore.open. */
  readonly openHistory: (dataDir: string | undefined, options: { readonly readOnly: true }) => Promise<ReadableHistory>;
}

interface HistoryArgs {
  readonly json: boolean;
  readonly unread: boolean;
  readonly limit: number;
  readonly search?: string;
  readonly subscription?: { readonly server: string; readonly topic: string };
  readonly dataDir?: string;
}

type Parsed = { readonly ok: true; readonly value: HistoryArgs } | { readonly ok: false; readonly error: string };

function parseHistoryArgs(args: readonly string[]): Parsed | { readonly ok: 'help' } {
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
    return { ok: false, error: errorMessage(error) };
  }
  if (values.help === true) return { ok: 'help' };
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!/^\d+$/.test(values.limit ?? '50') || !Number.isInteger(limit) || limit < 1 || limit > 500) {
    return { ok: false, error: '--limit must be a whole number from 1 to 500' };
  }
  const dataDirProblem = dataDirArgProblem(values['data-dir']);
  if (dataDirProblem !== undefined) return { ok: false, error: dataDirProblem };
  if (values.search?.trim() === '') return { ok: false, error: '--search is empty: give a word to look for' };
  let subscription: HistoryArgs['subscription'];
  if (values.topic !== undefined) {
    const parsed = parseTopicUrl(values.topic);
    if (!parsed.ok) return { ok: false, error: `--topic: ${parsed.error}` };
    const [topic, ...more] = parsed.value.topics;
    if (topic === undefined || more.length > 0) {
      return { ok: false, error: '--topic needs one topic URL such as https://ntfy.sh/mytopic' };
    }
    subscription = { server: parsed.value.server, topic };
  }
  return {
    ok: true,
    value: {
      json: values.json === true,
      unread: values.unread === true,
      limit,
      ...(values.search === undefined ? {} : { search: values.search }),
      ...(subscription === undefined ? {} : { subscription }),
      ...(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }),
    },
  };
}

function list(history: ReadableHistory, args: HistoryArgs): readonly StoredMessage[] {
  const filter = {
    ...(args.subscription === undefined ? {} : { subscription: args.subscription }),
    ...(args.unread ? { unreadOnly: true } : {}),
  };
  return args.search === undefined
    ? history.listMessages({ ...filter, limit: args.limit }).messages
    : history.search({ ...filter, text: args.search, limit: Math.min(args.limit, 200) });
}

export async function runHistory(args: readonly string[], io: HistoryIo): Promise<number> {
  const parsed = parseHistoryArgs(args);
  if (parsed.ok === 'help') {
    io.stdout(`${HISTORY_USAGE}\n`);
    return EXIT.ok;
  }
  if (!parsed.ok) {
    io.stderr(`ntfy-tray history: ${parsed.error}\n\n${HISTORY_USAGE}\n`);
    return EXIT.usage;
  }
  let history: ReadableHistory;
  try {
    history = await io.openHistory(parsed.value.dataDir, { readOnly: true });
  } catch (error) {
    // No history yet, a newer or older schema, an unreadable file: say which, exit 1 (a wrong --data-dir is the
    // usual cause, so "nothing stored" is not reported as an empty success).
    io.stderr(`ntfy-tray history: ${errorMessage(error)}\n`);
    return EXIT.fatal;
  }
  try {
    for (const stored of list(history, parsed.value)) {
      io.stdout(parsed.value.json ? formatMessageJson(stored.message) : formatMessageLine(stored.message));
    }
    return EXIT.ok;
  } finally {
    await history.close();
  }
}
