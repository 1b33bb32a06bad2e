/**
 * Lines of text stay short whatever they quote: a server may carry a thousand topics, and its subscribe URL is then
 * 11 KB, which must not become every status line and log line (docs/protocol.md#url-length).
 */
import { t } from './i18n/translate.ts';

/** Characters of topic names a line shows before it counts the rest. */
const SHOWN_TOPIC_CHARACTERS = 60;

/** A URL longer than this many characters is cut to its first URL_START ones. */
const LONGEST_URL = 120;
const URL_START = 100;

/** A URL inside a text: up to white space, a quote or a backslash (JSON log fields quote it). */
const URL_IN_TEXT = /\b(?:https?|wss?):\/\/[^\s"'<>\\]+/g;

/**
 * Topics for one line of text: comma-joined as ntfy writes them (`a,b`), but a long list only begins, then says
 * how many more there are (`alerts,backups,disk and 997 more`).
 */
export function shortTopicList(topics: readonly string[]): string {
  const joined = topics.join(',');
  if (joined.length <= SHOWN_TOPIC_CHARACTERS) return joined;
  let shown = 1; // the first topic always, however long (64 characters at most)
  while (shown < topics.length && topics.slice(0, shown + 1).join(',').length <= SHOWN_TOPIC_CHARACTERS) shown++;
  return t('topics.and-more', { topics: topics.slice(0, shown).join(','), count: topics.length - shown });
}

/** A long URL cut to its beginning (scheme, host, the start of the path), marked with an ellipsis. */
export function shortenUrl(url: string): string {
  return url.length <= LONGEST_URL ? url : `${url.slice(0, URL_START)}…`;
}

/** `text` with every long URL in it cut short. Hide secrets first: a cut `auth=` value no longer looks like one. */
export function shortenUrls(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => shortenUrl(url));
}
