/**
 * `https://host:8080/base/a,b` → server `https://host:8080/base`, topics `a`, `b`. A topic URL names topics only:
 * what ntfy reads from a query (`?since=`, `?poll=1`, `?auth=`) has an option of its own here, and a query or a
 * fragment would otherwise be dropped without a word.
 */
import { INVALID_TOPIC_NAME, isValidTopicName } from '../../../common/topic-name.ts';
import { hideCredentialPatterns } from '../store/secrets/redact.ts';

export type ArgsResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export interface TopicUrl {
  readonly server: string;
  readonly topics: readonly string[];
}

/** ntfy's query names and aliases (docs/protocol.md#parameters) → the option that means the same. */
const OPTION_FOR_QUERY_NAME: Readonly<Record<string, string>> = {
  since: '--since',
  si: '--since',
  poll: '--poll',
  po: '--poll',
  auth: '--token or --user',
  scheduled: '--scheduled',
  sched: '--scheduled',
  id: '--id',
  message: '--message',
  m: '--message',
  title: '--title',
  t: '--title',
  priority: '--priority',
  prio: '--priority',
  p: '--priority',
  tags: '--tags',
  tag: '--tags',
  ta: '--tags',
};

function fail<T>(error: string): ArgsResult<T> {
  return { ok: false, error };
}

function refuseQuery(url: URL, shown: string): ArgsResult<TopicUrl> {
  const names = [...new Set(url.searchParams.keys())];
  const options = [...new Set(names.map((name) => OPTION_FOR_QUERY_NAME[name.toLowerCase()]))];
  const known = options.filter((option): option is string => option !== undefined);
  const hint =
    known.length > 0 && known.length === options.length
      ? `use ${known.join(', ')} instead`
      : 'ntfy-tray builds the query itself from its options (see --help)';
  // Only the names: a value may be a secret (`auth=`).
  return fail(`a topic URL takes no query (${names.map((name) => `${name}=…`).join('&') || '?'}): ${hint} (${shown})`);
}

export function parseTopicUrl(text: string): ArgsResult<TopicUrl> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(`not a URL: ${hideCredentialPatterns(text)} (expected http(s)://host[:port]/topic)`);
  }
  // What is safe to echo: never the user info or the query, which may hold a secret.
  const shown = `${url.protocol}//${url.host}${url.pathname}`;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(`not an http(s) URL: ${shown}`);
  if (url.username !== '' || url.password !== '') return fail(`put credentials in --user/--token, not in the URL`);
  // `URL` reports an empty query or fragment (`…/topic?`, `…/topic#`) as '', so look at the text as well.
  if (url.search !== '' || text.includes('?')) return refuseQuery(url, shown);
  if (url.hash !== '' || text.includes('#')) return fail(`a topic URL takes no fragment (#…): remove it (${shown})`);
  const path = url.pathname.replace(/\/+$/, '');
  const slash = path.lastIndexOf('/');
  const topics = path.slice(slash + 1).split(',');
  if (topics.some((topic) => !isValidTopicName(topic))) {
    return fail(`invalid topic in ${shown}: a topic ${INVALID_TOPIC_NAME.message}`);
  }
  return { ok: true, value: { server: `${url.protocol}//${url.host}${path.slice(0, slash)}`, topics } };
}
