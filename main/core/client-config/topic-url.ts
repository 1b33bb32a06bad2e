/**
 * `https://host:8080/base/a,b` → server `https://host:8080/base`, topics `a`, `b`. What people type is read by the
 * one rule of common/topic-input.ts, as ntfy's CLI does: `ntfy.sh/alerts` assumes https, a bare `alerts` (or
 * `a,b`) is on the default server. A topic URL names topics only:
 * what ntfy reads from a query (`?since=`, `?poll=1`, `?auth=`) has an option of its own here, and a query or a
 * fragment would otherwise be dropped without a word.
 */
import { formatList, t } from '../../../common/i18n/translate.ts';
import { parseServerInput, withAssumedHttps } from '../../../common/topic-input.ts';
import { invalidTopicName, isValidTopicName } from '../../../common/topic-name.ts';
import { DEFAULT_SERVER_URL } from '../store/settings/schema.ts';
import { hideCredentialPatterns } from '../store/secrets/redact.ts';
import { type ArgsResult, fail } from './args-result.ts';

interface TopicUrl {
  readonly server: string;
  readonly topics: readonly string[];
}

/**
 * ntfy's query names and aliases (docs/protocol.md#parameters) → the options that mean the same; more than one when
 * either will do (`auth` → `--token` or `--user`).
 */
const OPTIONS_FOR_QUERY_NAME: Readonly<Record<string, readonly string[]>> = {
  since: ['--since'],
  si: ['--since'],
  poll: ['--poll'],
  po: ['--poll'],
  auth: ['--token', '--user'],
  scheduled: ['--scheduled'],
  sched: ['--scheduled'],
  id: ['--id'],
  message: ['--message'],
  m: ['--message'],
  title: ['--title'],
  t: ['--title'],
  priority: ['--priority'],
  prio: ['--priority'],
  p: ['--priority'],
  tags: ['--tags'],
  tag: ['--tags'],
  ta: ['--tags'],
};

function refuseQuery(url: URL, shown: string): ArgsResult<TopicUrl> {
  const names = [...new Set(url.searchParams.keys())];
  // Only the names: a value may be a secret (`auth=`).
  const query = names.map((name) => `${name}=…`).join('&') || '?';
  const choices = names.map((name) => OPTIONS_FOR_QUERY_NAME[name.toLowerCase()]);
  const known = choices.filter((choice): choice is readonly string[] => choice !== undefined);
  if (known.length === 0 || known.length < choices.length) return fail(t('cli.topic-url.query', { query, url: shown }));
  // One entry per meaning (`since` and `si` are one): "--token or --user"; then all of them: "--since and --poll".
  const options = formatList([...new Set(known.map((choice) => formatList(choice, 'disjunction')))]);
  return fail(t('cli.topic-url.query-options', { query, options, url: shown }));
}

/** `alerts` → `<default server>/alerts`, `ntfy.sh/alerts` → `https://ntfy.sh/alerts`; a URL stays as it is. */
function asUrlText(typed: string, defaultServer: string): ArgsResult<string> {
  const text = typed.trim();
  // topic-input's rule: without a slash it is a topic (or, here, a comma list of topics) on the default server.
  if (text.includes('/')) return { ok: true, value: withAssumedHttps(text) };
  const server = parseServerInput(defaultServer);
  if (!server.ok)
    return fail(t('cli.topic-url.default-server', { server: defaultServer, problem: server.error.message }));
  return { ok: true, value: `${server.server}/${text}` };
}

/** `defaultServer`: where a bare topic lives (the data dir's configured default server, else https://ntfy.sh). */
export function parseTopicUrl(typed: string, defaultServer: string = DEFAULT_SERVER_URL): ArgsResult<TopicUrl> {
  const urlText = asUrlText(typed, defaultServer);
  if (!urlText.ok) return urlText;
  const text = urlText.value;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(t('cli.topic-url.not-url', { input: hideCredentialPatterns(typed) }));
  }
  // What is safe to echo: never the user info or the query, which may hold a secret.
  const shown = `${url.protocol}//${url.host}${url.pathname}`;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(t('cli.topic-url.not-http', { url: shown }));
  if (url.username !== '' || url.password !== '') return fail(t('cli.topic-url.credentials'));
  // `URL` reports an empty query or fragment (`…/topic?`, `…/topic#`) as '', so look at the text as well.
  if (url.search !== '' || text.includes('?')) return refuseQuery(url, shown);
  if (url.hash !== '' || text.includes('#')) return fail(t('cli.topic-url.fragment', { url: shown }));
  const path = url.pathname.replace(/\/+$/, '');
  const slash = path.lastIndexOf('/');
  const topics = path.slice(slash + 1).split(',');
  if (topics.some((topic) => !isValidTopicName(topic))) {
    return fail(t('cli.topic-url.invalid-topic', { url: shown, problem: invalidTopicName().message }));
  }
  return { ok: true, value: { server: `${url.protocol}//${url.host}${path.slice(0, slash)}`, topics } };
}
