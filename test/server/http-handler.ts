/**
 * Plain HTTP requests (everything except WebSocket upgrades): log, stall and forced-failure faults, authentication,
 * then the endpoint. Errors become ntfy's JSON error body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleAccountRequest } from './account-handler.ts';
import type { ServerContext } from './context.ts';
import { encodeGoJsonLine } from './go-json.ts';
import { errorBody, NtfyHttpError, ntfyErrors } from './errors.ts';
import { writeFailure } from './fault-state.ts';
import { serveHttpStream } from './http-stream.ts';
import { authorizeTopics, identify, limitRequests, type Identity } from './identity.ts';
import { planPublish, planSequenceEvent, type PublishContext } from './messages.ts';
import { readBoolParam, readParam, type ParamSource } from './params.ts';
import { publishFromJson, publishOptionsFromRequest } from './publish-request.ts';
import { commitPublish } from './publisher.ts';
import type { RequestLogEntry } from './types.ts';
import { matchRoute, topicPattern, transportOf, type Route } from './routes.ts';
import { reserveStreamAndParseParams } from './stream-setup.ts';
import { encodeMessageLine } from './wire-format.ts';

interface Exchange {
  readonly ctx: ServerContext;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly entry: RequestLogEntry;
  readonly source: ParamSource;
}

/** Small answers go out in one piece with a Content-Length, as Go's server does for short bodies. */
function writeJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Access-Control-Allow-Origin': '*',
  });
  res.end(body);
}

function writeError(res: ServerResponse, error: unknown): void {
  if (!(error instanceof NtfyHttpError)) {
    // A bug in the test server itself: answer like ntfy does for unexpected errors, and make it visible.
    console.error('test server: unexpected error', error);
  }
  const spec = error instanceof NtfyHttpError ? error.spec : ntfyErrors.internal;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  writeJson(res, spec.http, errorBody(spec));
}

/** The whole body; a body the client cut short (a cancelled upload) is an error, so nothing is published. */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  if (!req.complete) throw new Error('request body cut short by the client');
  return Buffer.concat(chunks);
}

/**
 * ntfy's early check of an upload (server.go handleBodyAsAttachment): a body named by `filename` (and not the text of
 * an `attach` URL) whose Content-Length is over the file size limit is 413 (41301) before a byte of it is read.
 */
function refuseLargeUpload(ctx: ServerContext, req: IncomingMessage, source: ParamSource): void {
  const limits = ctx.options.attachments;
  if (limits === undefined || readParam(source, 'x-attach', 'attach', 'a') !== '') return;
  if (readParam(source, 'x-filename', 'filename', 'file', 'f') === '') return;
  const length = Number(req.headers['content-length'] ?? '');
  if (Number.isFinite(length) && length > limits.fileSizeLimitBytes) {
    throw new NtfyHttpError(ntfyErrors.attachmentTooLarge);
  }
}

/** `baseUrl` starts the URLs of uploaded files (ntfy's `base-url`; here the address the request came to). */
function publishContext(ctx: ServerContext, baseUrl?: string): PublishContext {
  const { cacheDurationMs, newerEvents, minDelayMs, maxDelayMs, attachments } = ctx.options;
  const uploads = attachments === undefined || baseUrl === undefined ? undefined : { ...attachments, baseUrl };
  const delayLimits = { minMs: minDelayMs, maxMs: maxDelayMs };
  return { nowMs: ctx.options.clock.now(), cacheDurationMs, newerEvents, delayLimits, uploads };
}

/** `GET /file/<id><ext>`: an uploaded attachment's bytes. */
function serveFile(ctx: ServerContext, res: ServerResponse, name: string): void {
  const file = ctx.files.get(name);
  if (file === undefined) throw new NtfyHttpError(ntfyErrors.notFound);
  res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': file.bytes.length });
  res.end(file.bytes);
}

function subscribe(exchange: Exchange, route: Extract<Route, { kind: 'subscribe' }>, identity: Identity): void {
  const { ctx, res, entry, source } = exchange;
  limitRequests(identity.visitor);
  authorizeTopics(ctx, identity.user, route.topics, 'read');
  if (route.format === 'ws') throw new NtfyHttpError(ntfyErrors.wsUpgradeMissing);
  const params = reserveStreamAndParseParams(ctx, identity.visitor, source);
  const { topics, topicsRaw, format } = route;
  const setup = { ctx, entry, topics, topicsRaw, params, user: identity.user?.name, visitor: identity.visitor };
  serveHttpStream(setup, format, res);
}

async function publish(exchange: Exchange, route: Route, identity: Identity): Promise<void> {
  const { ctx, req, res, source } = exchange;
  const bodyRules = { newerEvents: ctx.options.newerEvents, attachments: ctx.options.attachments !== undefined };
  let topic: string;
  let input;
  if (route.kind === 'publish-json') {
    // ntfy reads the JSON first: the topic it names is what limits and access apply to.
    const parsed = publishFromJson(await readBody(req), source);
    if (!topicPattern.test(parsed.topic)) throw new NtfyHttpError(ntfyErrors.topicInvalid);
    topic = parsed.topic;
    limitRequests(identity.visitor);
    authorizeTopics(ctx, identity.user, [topic], 'write');
    input = publishOptionsFromRequest(parsed.source, parsed.body, bodyRules);
  } else if (route.kind === 'publish') {
    topic = route.topic;
    limitRequests(identity.visitor);
    authorizeTopics(ctx, identity.user, [topic], 'write');
    refuseLargeUpload(ctx, req, source);
    const body = await readBody(req);
    if (!(await ctx.faults.uploadGate(res))) throw new Error('client went away while its upload was held');
    input = publishOptionsFromRequest(source, body, bodyRules);
    if (route.sequenceId !== undefined) input.sequenceId = route.sequenceId;
  } else if (route.kind === 'sequence-event') {
    limitRequests(identity.visitor);
    authorizeTopics(ctx, identity.user, [route.topic], 'write');
    const plan = planSequenceEvent(route.topic, route.event, route.sequenceId, publishContext(ctx));
    writeJson(res, 200, encodeMessageLine(await commitPublish(ctx, plan)));
    return;
  } else {
    throw new NtfyHttpError(ntfyErrors.notFound);
  }
  const plan = planPublish(topic, input, publishContext(ctx, `http://${req.headers.host ?? '127.0.0.1'}`));
  // The file is there before anyone learns its URL.
  if (input.upload !== undefined && plan.message.attachment !== undefined) {
    ctx.files.put(plan.message.attachment, input.upload);
  }
  const message = await commitPublish(ctx, plan);
  writeJson(res, 200, encodeMessageLine(message));
}

async function dispatch(exchange: Exchange, route: Route): Promise<void> {
  const { ctx, req, res, entry, source } = exchange;
  const failure = ctx.faults.urlRefusal(req.url ?? '') ?? ctx.faults.takeFailure(entry);
  if (failure !== undefined) {
    writeFailure(res, failure);
    return;
  }
  const identity = identify(ctx, {
    headers: req.headers,
    query: source.query,
    remoteAddress: entry.remoteAddress,
  });
  ctx.log.setUser(entry, identity.user?.name);
  switch (route.kind) {
    case 'health':
      writeJson(res, 200, encodeGoJsonLine(new Map([['healthy', true]])));
      return;
    case 'options':
      res.writeHead(200, {
        'Access-Control-Allow-Methods': 'GET, PUT, POST, PATCH, DELETE',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
      });
      res.end();
      return;
    case 'not-found':
      throw new NtfyHttpError(ntfyErrors.notFound);
    case 'file':
      serveFile(ctx, res, route.name);
      return;
    case 'auth':
      limitRequests(identity.visitor);
      authorizeTopics(ctx, identity.user, route.topics, 'read');
      writeJson(res, 200, encodeGoJsonLine(new Map([['success', true]])));
      return;
    case 'subscribe':
      subscribe(exchange, route, identity);
      return;
    case 'account':
      await handleAccountRequest(
        { ctx, req, res, source, remoteAddress: entry.remoteAddress },
        route.endpoint,
        identity,
      );
      return;
    default:
      await publish(exchange, route, identity);
  }
}

export function handleHttpRequest(ctx: ServerContext, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const source: ParamSource = { headers: req.headers, query: url.searchParams };
  const route = matchRoute(req.method ?? 'GET', url.pathname, ctx.options.newerEvents);
  const poll = route.kind === 'subscribe' && readBoolParam(source, false, 'x-poll', 'poll', 'po');
  const entry = ctx.log.start(req, url, transportOf(route, poll));
  res.once('finish', () => {
    ctx.log.finish(entry, 'completed', res.statusCode);
  });
  res.once('close', () => {
    ctx.log.finish(entry, 'client-closed', res.headersSent ? res.statusCode : undefined);
  });
  const run = (): void => {
    if (res.destroyed) return;
    dispatch({ ctx, req, res, entry, source }, route).catch((error: unknown) => {
      writeError(res, error);
    });
  };
  if (!ctx.faults.holdIfStalled(run)) run();
}
