/** `ntfy-tray history` arguments → a typed request, or a one-line usage error (exit 2). */
import { dataDirArgProblem } from './data-dir.ts';
import { t } from '../../../common/i18n/translate.ts';
import { parseOptions } from './parse-options.ts';
import type { ArgsResult } from '../client-config/args-result.ts';
import { parseTopicUrl } from '../client-config/topic-url.ts';

/** The help text, computed when printed (the language is chosen at start). */
export function historyUsage(): string {
  return t('cli.help.history');
}

/** The largest --limit: the store's page size. */
const MAX_LIMIT = 500;

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
  if (!parsed.ok) return { ok: false, error: t('cli.history.topic-url', { problem: parsed.error }) };
  const [topic, ...more] = parsed.value.topics;
  if (topic === undefined || more.length > 0) {
    return {
      ok: false,
      error: t('cli.history.topic-one'),
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
  if (!/^\d+$/.test(values.limit ?? '50') || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    return { ok: false, error: t('cli.history.limit-range', { min: 1, max: MAX_LIMIT }) };
  }
  const dataDirProblem = dataDirArgProblem(values['data-dir']);
  if (dataDirProblem !== undefined) return { ok: false, error: dataDirProblem };
  if (values.search?.trim() === '') return { ok: false, error: t('cli.history.search-empty') };
  if (values.topic?.trim() === '') return { ok: false, error: t('cli.history.topic-empty') };
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
