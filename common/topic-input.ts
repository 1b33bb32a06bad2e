import { t } from './i18n/translate.ts';
import type { RuleError } from './rule-error.ts';
import { normalizeServerUrl, serverUrlError } from './server-url.ts';
import { topicNameError } from './topic-name.ts';

/**
 * What people type for a topic or a server, turned into the server URL and topic the core keeps, the way ntfy's own
 * apps and CLI read it (https://docs.ntfy.sh/subscribe/cli/): `https://host/topic` and `http://host/topic` as given;
 * `host/topic` and `host:port/topic` with https assumed; a bare `topic` on the default server; and in a server field
 * `host` or `host:port` with https assumed. A server may live under a path (`host/ntfy/alerts`): the topic is always
 * the last path segment. Whether the result is a valid server URL and topic name is decided by server-url.ts and
 * topic-name.ts, not again here.
 */
export interface TopicAddress {
  /** Normalized server base URL (`https://ntfy.sh`, `http://127.0.0.1:8080/base`). */
  readonly server: string;
  readonly topic: string;
}

/** Said of a topic field that names no topic (empty, or a bare server URL); reads after the field name. */
export function missingTopic(): RuleError<'missing-topic'> {
  return { code: 'missing-topic', message: t('rules.field.missing-topic') };
}

/** Said of an empty server field; reads after the field name. */
export function missingServer(): RuleError<'missing-server'> {
  return { code: 'missing-server', message: t('rules.field.missing-server') };
}

type ServerInputErrorCode = 'missing-server' | 'invalid-server-url' | 'server-url-with-credentials';
export type TopicInputErrorCode = ServerInputErrorCode | 'missing-topic' | 'invalid-topic-name';

type ServerInputResult =
  | { readonly ok: true; readonly server: string }
  | { readonly ok: false; readonly error: RuleError<ServerInputErrorCode> };

type TopicInputResult =
  | { readonly ok: true; readonly address: TopicAddress }
  | { readonly ok: false; readonly error: RuleError<TopicInputErrorCode> };

/**
 * `scheme://` at the start. Checked as text, not with the URL parser: `localhost:8080/alerts` parses as a URL with
 * the scheme `localhost:`, and `127.0.0.1:8080` does not parse at all.
 */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** `ntfy.sh/alerts` → `https://ntfy.sh/alerts`; text with a scheme (any scheme: the rules judge it) is kept. */
export function withAssumedHttps(text: string): string {
  const trimmed = text.trim();
  return SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** A server field (`ntfy.sh`, `127.0.0.1:8080`, `http://host/base`) → its normalized URL, or the broken rule. */
export function parseServerInput(text: string): ServerInputResult {
  if (text.trim() === '') return { ok: false, error: missingServer() };
  const url = withAssumedHttps(text);
  const error = serverUrlError(url);
  return error === undefined ? { ok: true, server: normalizeServerUrl(url) } : { ok: false, error };
}

/**
 * A topic field → server and topic. A bare topic (no `/`) lands on `defaultServer`, which is read as a server field
 * (so the form's server field, `ntfy.sh` included, can be passed as typed); anything with a `/` is a topic URL.
 */
export function parseTopicInput(text: string, defaultServer: string): TopicInputResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: missingTopic() };
  if (!trimmed.includes('/')) {
    const topicError = topicNameError(trimmed);
    if (topicError !== undefined) return { ok: false, error: topicError };
    const server = parseServerInput(defaultServer);
    return server.ok ? { ok: true, address: { server: server.server, topic: trimmed } } : server;
  }
  const urlText = withAssumedHttps(trimmed);
  const serverError = serverUrlError(urlText);
  if (serverError !== undefined) return { ok: false, error: serverError };
  const url = new URL(urlText);
  // The URL parser keeps percent-escapes in the path, so a topic like `a%20b` reaches the topic rule and fails it.
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const topic = segments.pop();
  if (topic === undefined) return { ok: false, error: missingTopic() };
  const topicError = topicNameError(topic);
  if (topicError !== undefined) return { ok: false, error: topicError };
  const base = segments.length === 0 ? '' : `/${segments.join('/')}`;
  return { ok: true, address: { server: normalizeServerUrl(`${url.protocol}//${url.host}${base}`), topic } };
}

/** The topic's own URL, the one to publish to (`https://ntfy.sh/alerts`). */
export function topicUrlOf(address: TopicAddress): string {
  return `${address.server}/${address.topic}`;
}
