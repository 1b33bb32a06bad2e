/**
 * ntfy's account API, the part a client needs to sign in and sync subscriptions (ntfy server_account.go):
 * `GET /v1/account`, `POST`/`PATCH`/`DELETE /v1/account/token`, `POST`/`PATCH`/`DELETE /v1/account/subscription`.
 * `GET /v1/account` needs no user manager: without `auth` (and for anonymous callers with it) it answers the `*`
 * user. Every other endpoint is 404 without `auth` (ntfy's ensureUserManager) and 401 (40101) without a user.
 * After each successful change the server publishes `{"event":"sync"}` to the user's sync topic (ntfy's
 * withAccountSync → publishSyncEventAsync): a live message, never cached.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { accountErrors } from './account-errors.ts';
import { accountJson, subscriptionJson, tokenJson } from './account-json.ts';
import type { AccountSubscription, IssuedToken } from './account-store.ts';
import { generateToken } from './auth.ts';
import type { ServerContext } from './context.ts';
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import { encodeGoJsonLine, type GoJsonValue } from './go-json.ts';
import { goJsonField, isJsonRecord, type JsonRecord } from './go-json-fields.ts';
import type { Identity } from './identity.ts';
import { newMessageId } from './ids.ts';
import { unixSeconds } from './messages.ts';
import { readHeader, readParam, type ParamSource } from './params.ts';
import { fanOut } from './publisher.ts';
import type { AccountEndpoint } from './routes.ts';
import type { TestUser } from './types.ts';

/** ntfy's jsonBodyBytesLimit (server.go): a body of this many bytes or more is refused (util.Peek's LimitReached). */
const JSON_BODY_LIMIT = 32_768;
/** ntfy's tokenExpiryDuration: a new token lives 72 hours unless the request says otherwise. */
const TOKEN_EXPIRY_SECONDS = 72 * 3600;

export interface AccountExchange {
  readonly ctx: ServerContext;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly source: ParamSource;
  readonly remoteAddress: string;
}

function writeAnswer(res: ServerResponse, body: GoJsonValue | undefined): void {
  const text = body === undefined ? '' : encodeGoJsonLine(body);
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Access-Control-Allow-Origin': '*',
  });
  res.end(text);
}

const success = new Map([['success', true]]);

/** ntfy's readJSONWithLimit: over the limit is 413 (41303), not JSON (or not an object) 400 (40024). */
async function readJsonBody(req: IncomingMessage, allowEmpty: boolean): Promise<JsonRecord> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    length += buffer.length;
    chunks.push(buffer);
  }
  if (length >= JSON_BODY_LIMIT) throw new NtfyHttpError(ntfyErrors.jsonBodyTooLarge);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '' && allowEmpty) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) throw new NtfyHttpError(ntfyErrors.jsonBodyInvalid);
    throw error;
  }
  if (!isJsonRecord(parsed)) throw new NtfyHttpError(ntfyErrors.jsonBodyInvalid);
  return parsed;
}

function optionalString(record: JsonRecord, name: string): string | undefined {
  const value = goJsonField(record, name);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new NtfyHttpError(ntfyErrors.jsonBodyInvalid);
  return value;
}

function readSubscription(record: JsonRecord): AccountSubscription {
  return {
    baseUrl: optionalString(record, 'base_url') ?? '',
    topic: optionalString(record, 'topic') ?? '',
    displayName: optionalString(record, 'display_name'),
  };
}

/** A Go `*int64` field: absent or null is nil, anything but a whole number does not decode (40024). */
function optionalUnixSeconds(record: JsonRecord, name: string): number | undefined {
  const value = goJsonField(record, name);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new NtfyHttpError(ntfyErrors.jsonBodyInvalid);
  return value;
}

async function createToken(exchange: AccountExchange, user: TestUser): Promise<void> {
  const access = exchange.ctx.access;
  if (access === undefined) throw new NtfyHttpError(ntfyErrors.notFound);
  const body = await readJsonBody(exchange.req, true);
  const requested = optionalUnixSeconds(body, 'expires');
  const nowSeconds = unixSeconds(access.now());
  const issued: IssuedToken = {
    token: generateToken(),
    label: optionalString(body, 'label') ?? '',
    lastAccess: nowSeconds,
    lastOrigin: exchange.remoteAddress,
    expires: requested === undefined || access.ignoreRequestedExpiry ? nowSeconds + TOKEN_EXPIRY_SECONDS : requested,
  };
  access.addToken(issued.token, user);
  access.accounts.addToken(user, issued);
  writeAnswer(exchange.res, tokenJson(issued));
}

/**
 * ntfy's handleAccountTokenUpdate: the token is the body's `token`, else the one the request authenticated with;
 * `expires` sets the expiry (0: never), and a body with neither `label` nor `expires` extends it by 72 h from now.
 * A token that is not the user's is ntfy's ErrTokenNotFound, an internal error (500).
 */
async function updateToken(exchange: AccountExchange, user: TestUser): Promise<void> {
  const access = exchange.ctx.access;
  if (access === undefined) throw new NtfyHttpError(ntfyErrors.notFound);
  const body = await readJsonBody(exchange.req, true);
  const used = access.tokenIn(readHeader(exchange.req.headers, 'authorization') ?? '');
  const token = optionalString(body, 'token') || used;
  if (token === undefined || token === '') throw new NtfyHttpError(accountErrors.noTokenProvided);
  const label = optionalString(body, 'label');
  const requested = optionalUnixSeconds(body, 'expires');
  const extended = unixSeconds(access.now()) + TOKEN_EXPIRY_SECONDS;
  let expires: number | undefined;
  if (access.ignoreRequestedExpiry) expires = extended;
  else if (requested !== undefined) expires = requested;
  else if (label === undefined) expires = extended;
  const changed = access.accounts.changeToken(user, token, {
    ...(label === undefined ? {} : { label }),
    ...(expires === undefined ? {} : { expires }),
  });
  if (changed === undefined) throw new NtfyHttpError(ntfyErrors.internal);
  writeAnswer(exchange.res, tokenJson(changed));
}

/** The token to delete: `X-Token`/`Token` (to remove another of one's tokens), else the one the request used. */
function deleteToken(exchange: AccountExchange, user: TestUser): void {
  const access = exchange.ctx.access;
  const used = access?.tokenIn(readHeader(exchange.req.headers, 'authorization') ?? '');
  const token = readParam(exchange.source, 'x-token', 'token') || used;
  if (token === undefined || token === '') throw new NtfyHttpError(accountErrors.noTokenProvided);
  access?.removeToken(token, user);
  access?.accounts.removeToken(user, token);
  writeAnswer(exchange.res, success);
}

async function changeSubscription(exchange: AccountExchange, user: TestUser, method: string): Promise<void> {
  const accounts = exchange.ctx.access?.accounts;
  if (accounts === undefined) throw new NtfyHttpError(ntfyErrors.notFound);
  if (method === 'DELETE') {
    // "DELETEs cannot have a body" (ntfy): which subscription comes in headers, as ntfy's web app sends it.
    if (accounts.subscriptions(user) === undefined) {
      writeAnswer(exchange.res, undefined); // ntfy returns without writing anything here: 200, empty body
      return;
    }
    const baseUrl = readParam(exchange.source, 'x-baseurl', 'baseurl');
    accounts.removeSubscription(user, baseUrl, readParam(exchange.source, 'x-topic', 'topic'));
    writeAnswer(exchange.res, success);
    return;
  }
  const subscription = readSubscription(await readJsonBody(exchange.req, false));
  if (method === 'POST') {
    if (!accounts.addSubscription(user, subscription)) throw new NtfyHttpError(accountErrors.subscriptionExists);
    writeAnswer(exchange.res, subscriptionJson(subscription));
    return;
  }
  const renamed = accounts.renameSubscription(user, subscription);
  if (renamed === undefined) throw new NtfyHttpError(ntfyErrors.notFound);
  writeAnswer(exchange.res, subscriptionJson(renamed));
}

/** ntfy's publishSyncEvent: a plain message whose body is `{"event":"sync"}`, fanned out live on the sync topic. */
function publishSyncEvent(ctx: ServerContext, user: TestUser): void {
  const topic = ctx.access?.accounts.syncTopic(user);
  if (topic === undefined) return;
  fanOut(ctx, {
    id: newMessageId(),
    time: unixSeconds(Date.now()),
    event: 'message',
    topic,
    message: '{"event":"sync"}',
  });
}

export async function handleAccountRequest(
  exchange: AccountExchange,
  endpoint: AccountEndpoint,
  identity: Identity,
): Promise<void> {
  const { ctx, req } = exchange;
  const method = req.method ?? 'GET';
  if (endpoint === 'account' && method === 'GET') {
    writeAnswer(exchange.res, accountJson(ctx, identity.user));
    return;
  }
  if (ctx.access === undefined) throw new NtfyHttpError(ntfyErrors.notFound);
  const allowed: Record<AccountEndpoint, readonly string[]> = {
    account: [],
    token: ['POST', 'PATCH', 'DELETE'],
    subscription: ['POST', 'PATCH', 'DELETE'],
  };
  if (!allowed[endpoint].includes(method)) throw new NtfyHttpError(ntfyErrors.notFound);
  const user = identity.user;
  if (user === undefined) throw new NtfyHttpError(ntfyErrors.unauthorized);
  if (endpoint === 'token') {
    if (method === 'POST') await createToken(exchange, user);
    else if (method === 'PATCH') await updateToken(exchange, user);
    else deleteToken(exchange, user);
  } else {
    await changeSubscription(exchange, user, method);
  }
  publishSyncEvent(ctx, user);
}
