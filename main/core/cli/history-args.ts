/** `ntfy-tray history` arguments → a typed request, or a one-line usage error (exit 2). */
import { dataDirArgProblem } from './data-dir.ts';
import { parseOptions } from './parse-options.ts';
import { type ArgsResult, parseTopicUrl } from './topic-url.ts';

export const HISTORY_USAGE = `Usage: ntfy-tray history [options]
  --json               one JSON line per message (the message as received)
  --topic <topic>      only this subscription: its topic name (alerts), its display name, or its URL
                       (https://ntfy.sh/alerts)
  --search <text>      full-text search in titles, messages and tags (best matches first)
  --unread             only unread messages
  --limit <n>          at most n messages (default 50, at most 500)
  --data-dir <dir>     where the app or subscribe stored them (default: the app's data folder); only read
  -h, --help
Messages go to stdout; "0 messages" goes to stderr when nothing matches, so a pipe reads only messages.`;

/** What `--topic` names: one subscription by URL, or a topic or display name to look up. */
export type TopicChoice =
  | { readonly kind: 'url'; readonly server: string; readonly topic: string }
  | { readonly kind: 'name'; readonly name: string };

export interface HistoryArgs {
  readonly json: boolean;
  readonly unread: boolean;
  readonly limit: number;
  readonly search?: string;
  readonly topic?: TopicChoice;
  readonly dataDir?: string;
}

function readTopic(value: string): ArgsResult<TopicChoice> {
  // A topic name never holds a slash, a dot or a colon (common/topic-name.ts); a URL or host always does.
  if (!/[/.:]/.test(value)) return { ok: true, value: { kind: 'name', name: value } };
  const parsed = parseTopicUrl(value);
  if (!parsed.ok) return { ok: false, error: `--topic: ${parsed.error}` };
  const [topic, ...more] = parsed.value.topics;
  if (topic === undefined || more.length > 0) {
    return {
      ok: false,
      error: '--topic needs one topic: a name such as alerts, or a URL such as https://ntfy.sh/alerts',
    };
  }
  return { ok: true, value: { kind: 'url', server: parsed.value.server, topic } };
}

export function parseHistoryArgs(args: readonly string[]): ArgsResult<HistoryArgs> | { readonly ok: 'help' } {
  const parsed = parseOptions({
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
  });
  if (!parsed.ok) return parsed;
  const { values } = parsed.value;
  if (values.help === true) return { ok: 'help' };
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!/^\d+$/.test(values.limit ?? '50') || !Number.isInteger(limit) || limit < 1 || limit > 500) {
    return { ok: false, error: '--limit must be a whole number from 1 to 500' };
  }
  const dataDirProblem = dataDirArgProblem(values['data-dir']);
  if (dataDirProblem !== undefined) return { ok: false, error: dataDirProblem };
  if (values.search?.trim() === '') return { ok: false, error: '--search is empty: give a word to look for' };
  if (values.topic?.trim() === '') return { ok: false, error: '--topic is empty: give a topic name or URL' };
  const topic = values.topic === undefined ? undefined : readTopic(values.topic);
  if (topic?.ok === false) return topic;
  return {
    ok: true,
    value: {
      json: values.json === true,
      unread: values.unread === true,
      limit,
      ...(values.search === undefined ? {} : { search: values.search }),
      ...(topic === undefined ? {} : { topic: topic.value }),
      ...(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }),
    },
  };
}
