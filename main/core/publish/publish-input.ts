/**
 * What a publish carries (the CLI's flags, the window's send form) and the one request that sends it: ntfy's JSON
 * publish, `POST /` with `{topic, message, title, …}` (https://docs.ntfy.sh/publish/#publish-as-json).
 *
 * Why JSON and not the ntfy CLI's headers: header values must be Latin-1 in Node, so a title like "Größe 🚀" would
 * need RFC 2047 encoded words, which only newer servers decode; a JSON body carries any text as it is, on every
 * server since JSON publishing exists. The one thing the documented JSON fields lack is `cache`, so no-cache goes
 * as the `X-Cache: no` header beside the body, which ntfy still reads (it turns the JSON into headers of the same
 * request). Priority names and the actions' short form are therefore read here (priority.ts, action-short-form.ts);
 * the delay is passed through as typed, because only the server understands "tomorrow 9am".
 *
 * Bytes piped into the CLI that are no short text (a file, or text over ntfy's 4096-byte message limit) cannot go as
 * JSON: ntfy caps a JSON publish at 8192 bytes (41303). They go as ntfy's own CLI sends them, the body of
 * `PUT /<topic>` (https://docs.ntfy.sh/publish/#attach-local-file), and the other fields as query parameters,
 * which ntfy reads like headers but which carry any text percent-encoded (docs/protocol.md#attachments-and-actions).
 */
import { authorizationHeader, type Credentials } from '../protocol/subscribe-request.ts';
import type { PublishInput } from '../../../common/publish-input.ts';

export type { PublishAction, PublishInput } from '../../../common/publish-input.ts';

export interface PublishRequest {
  /** POST of JSON to the server root, or PUT of piped bytes to the topic. */
  readonly method: 'POST' | 'PUT';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON text (sent as UTF-8), or the bytes piped in. */
  readonly body: string | Uint8Array;
}

/** ntfy's limit on a JSON publish body: twice its 4096-byte message size limit (server.go, transformBodyJSON). */
const JSON_BODY_LIMIT_BYTES = 8192;

/** `https://host/base` → `https://host/base/`: JSON publishing posts to the server's root path. */
function rootUrl(server: string): string {
  const url = new URL(server);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`server URL must be http or https, got ${url.protocol}`);
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

const nonEmpty = (value: string | undefined): value is string => value !== undefined && value !== '';

/** The JSON fields in the order the ntfy docs list them; empty ones are left out, as ntfy's own clients do. */
function jsonFields(input: PublishInput): Record<string, unknown> {
  const fields: Record<string, unknown> = { topic: input.topic };
  if (nonEmpty(input.message)) fields['message'] = input.message;
  if (nonEmpty(input.title)) fields['title'] = input.title;
  if (input.priority !== undefined) fields['priority'] = input.priority;
  if (input.tags !== undefined && input.tags.length > 0) fields['tags'] = [...input.tags];
  if (nonEmpty(input.click)) fields['click'] = input.click;
  if (nonEmpty(input.icon)) fields['icon'] = input.icon;
  if (input.actions !== undefined && input.actions.length > 0) fields['actions'] = input.actions;
  if (nonEmpty(input.attach)) fields['attach'] = input.attach;
  if (nonEmpty(input.filename)) fields['filename'] = input.filename;
  if (input.markdown === true) fields['markdown'] = true;
  if (nonEmpty(input.delay)) fields['delay'] = input.delay;
  if (nonEmpty(input.email)) fields['email'] = input.email;
  return fields;
}

/** True when the input goes as one JSON body the server takes (at most 8192 bytes once encoded). */
export function fitsJsonPublish(input: PublishInput): boolean {
  return new TextEncoder().encode(JSON.stringify(jsonFields(input))).length <= JSON_BODY_LIMIT_BYTES;
}

/**
 * The query of a body publish: ntfy's lowercase parameter names (server.go, parsePublishParams). Actions go as the
 * JSON array ntfy's `actions` parameter also takes.
 */
function queryFields(input: PublishInput, bodyFilename: string | undefined): URLSearchParams {
  const query = new URLSearchParams();
  const set = (name: string, value: string | undefined): void => {
    if (nonEmpty(value)) query.set(name, value);
  };
  // With a file as the body (`--file`), a message given too goes beside it, as ntfy's CLI sends X-Message.
  set('message', input.message);
  set('title', input.title);
  if (input.priority !== undefined) set('priority', String(input.priority));
  if (input.tags !== undefined && input.tags.length > 0) set('tags', input.tags.join(','));
  set('click', input.click);
  set('icon', input.icon);
  if (input.actions !== undefined && input.actions.length > 0) set('actions', JSON.stringify(input.actions));
  set('attach', input.attach);
  set('filename', bodyFilename ?? input.filename);
  if (input.markdown === true) set('markdown', 'yes');
  set('delay', input.delay);
  set('email', input.email);
  if (input.noCache === true) set('cache', 'no');
  if (input.noFirebase === true) set('firebase', 'no');
  return query;
}

/** `https://host/base` + `alerts` → `https://host/base/alerts?title=…`. */
function topicUrl(server: string, topic: string, query: URLSearchParams): string {
  const url = new URL(rootUrl(server));
  url.pathname = `${url.pathname}${encodeURIComponent(topic)}`;
  url.search = query.toString();
  return url.toString();
}

function authHeaders(credentials: Credentials): Record<string, string> {
  const authorization = authorizationHeader(credentials);
  return authorization === undefined ? {} : { Authorization: authorization };
}

/**
 * Where a file is uploaded: `PUT /<topic>` with the other fields as query parameters and `filename` naming it, as
 * ntfy's web app does (web/src/components/PublishDialog.jsx, handleSubmit); the file itself is the body. The window's
 * file upload writes the body in parts (publish/upload-session.ts), the CLI's `--file` at once (buildPublishRequest).
 */
export function buildUploadTarget(
  input: PublishInput,
  filename: string | undefined,
  credentials: Credentials,
): Omit<PublishRequest, 'body'> {
  const url = topicUrl(input.server, input.topic, queryFields(input, filename));
  return { method: 'PUT', url, headers: authHeaders(credentials) };
}

/** Throws for a server URL that is not http(s); everything else is the server's to judge. */
export function buildPublishRequest(input: PublishInput, credentials: Credentials): PublishRequest {
  if (input.body !== undefined) {
    return { ...buildUploadTarget(input, input.body.filename, credentials), body: input.body.bytes };
  }
  const auth = authHeaders(credentials);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (input.noCache === true) headers['X-Cache'] = 'no';
  if (input.noFirebase === true) headers['X-Firebase'] = 'no';
  return {
    method: 'POST',
    url: rootUrl(input.server),
    headers: { ...headers, ...auth },
    body: JSON.stringify(jsonFields(input)),
  };
}
