/**
 * ntfy's account API, the part a client needs to sign in and sync subscriptions (ntfy server_account.go):
 * `GET /v1/account`, `POST`/`DELETE /v1/account/token`, `POST`/`PATCH`/`DELETE /v1/account/subscription`.
 * Without `auth` there is no user manager and every one of them is 404, as in ntfy; with it, all but
 * `GET /v1/account` need a user (401, 40101), and anonymous `GET /v1/account` answers the `*` user.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { accountErrors } from './account-errors.ts';
import { accountJson, subscriptionJson, tokenJson } from './account-json.ts';
import type { AccountSubscription } from './account-store.ts';
import { generateToken } from './auth.ts';
import type { ServerContext } from './context.ts';
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import { encodeGoJsonLine, type GoJsonValue } from './go-json.ts';
import { goJsonField, isJsonRecord, type JsonRecord } from './go-json-fields.ts';
import type { Identity } from './identity.ts';
import { readHeader, readParam, type ParamSource } from './params.ts';
import type { AccountEndpoint } from './routes.ts';
import type { TestUser } from './types.ts';

/** ntfy's jsonBodyBytesLimit for account requests. */
const JSON_BODY_LIMIT = 4096;
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
  if (length > JSON_BODY_LIMIT) throw new NtfyHttpError(ntfyErrors.jsonBodyTooLarge);
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

async function createToken(exchange: AccountExchange, user: TestUser): Promise<void> {
  const body = await readJsonBody(exchange.req, true);
  const expiresField = goJsonField(body, 'expires');
  if (expiresField !== undefined && expiresField !== null && typeof expiresField !== 'number') {
    throw new NtfyHttpError(ntfyErrors.jsonBodyInvalid);
  }
  const nowSeconds = Math.floor(Date.now() / 1000);
  const issued = {
    token: generateToken(),
    label: optionalString(body, 'label') ?? '',
    lastAccess: nowSeconds,
    lastOrigin: exchange.remoteAddress,
    expires: typeof expiresField === 'number' ? expiresField : nowSeconds + TOKEN_EXPIRY_SECONDS,
  };
  exchange.ctx.access?.addToken(issued.token, user);
  exchange.ctx.access?.accounts.addToken(user, issued);
  writeAnswer(exchange.res, tokenJson(issued));
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

export async function handleAccountRequest(
  exchange: AccountExchange,
  endpoint: AccountEndpoint,
  identity: Identity,
): Promise<void> {
  const { ctx, req } = exchange;
  const method = req.method ?? 'GET';
  if (ctx.access === undefined) throw new NtfyHttpError(ntfyErrors.notFound);
  if (endpoint === 'account' && method === 'GET') {
    writeAnswer(exchange.res, accountJson(ctx, identity.user));
    return;
  }
  const allowed: Record<AccountEndpoint, readonly string[]> = {
    account: [],
    token: ['POST', 'DELETE'],
    subscription: ['POST', 'PATCH', 'DELETE'],
  };
  if (!allowed[endpoint].includes(method)) throw new NtfyHttpError(ntfyErrors.notFound);
  const user = identity.user;
  if (user === undefined) throw new NtfyHttpError(ntfyErrors.unauthorized);
  if (endpoint === 'token') {
    if (method === 'POST') await createToken(exchange, user);
    else deleteToken(exchange, user);
    return;
  }
  await changeSubscription(exchange, user, method);
}
