/**
 * Requests that ask for a WebSocket upgrade. Same pipeline as plain HTTP, but ntfy answers every error of an
 * upgrade request with a bare status line and no body (docs/protocol.md#websocket), since it must not write
 * into a connection that might have been upgraded.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ServerContext } from './context.ts';
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import { statusText, writeFailureToSocket } from './fault-state.ts';
import { authorizeTopics, identify, limitRequests } from './identity.ts';
import { readBoolParam, type ParamSource } from './params.ts';
import { matchRoute, transportOf, type Route } from './routes.ts';
import { reserveStreamAndParseParams } from './stream-setup.ts';
import type { RequestLogEntry } from './types.ts';
import { serveWsStream } from './ws-stream.ts';

interface Upgrade {
  readonly ctx: ServerContext;
  readonly req: IncomingMessage;
  readonly socket: Duplex;
  readonly head: Buffer;
  readonly entry: RequestLogEntry;
  readonly source: ParamSource;
}

function writeBareStatus(upgrade: Upgrade, error: unknown): void {
  if (!(error instanceof NtfyHttpError)) console.error('test server: unexpected error', error);
  const status = error instanceof NtfyHttpError ? error.spec.http : ntfyErrors.internal.http;
  upgrade.ctx.log.setStatus(upgrade.entry, status);
  upgrade.ctx.log.expectEnd(upgrade.entry, 'completed');
  upgrade.socket.end(`HTTP/1.1 ${status} ${statusText(status)}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
}

function processUpgrade(upgrade: Upgrade, route: Route): void {
  const { ctx, req, socket, head, entry, source } = upgrade;
  const failure = ctx.faults.urlRefusal(req.url ?? '') ?? ctx.faults.takeFailure(entry);
  if (failure !== undefined) {
    ctx.log.setStatus(entry, failure.status);
    ctx.log.expectEnd(entry, 'completed');
    writeFailureToSocket(socket, failure);
    return;
  }
  const identity = identify(ctx, { headers: req.headers, query: source.query, remoteAddress: entry.remoteAddress });
  ctx.log.setUser(entry, identity.user?.name);
  if (route.kind !== 'subscribe' || route.format !== 'ws') throw new NtfyHttpError(ntfyErrors.notFound);
  limitRequests(identity.visitor);
  authorizeTopics(ctx, identity.user, route.topics, 'read');
  const params = reserveStreamAndParseParams(ctx, identity.visitor, source);
  const { topics, topicsRaw } = route;
  const setup = { ctx, entry, topics, topicsRaw, params, user: identity.user?.name, visitor: identity.visitor };
  serveWsStream(setup, req, socket, head);
}

export function handleUpgradeRequest(ctx: ServerContext, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const source: ParamSource = { headers: req.headers, query: url.searchParams };
  const route = matchRoute(req.method ?? 'GET', url.pathname, ctx.options.newerEvents);
  const poll = route.kind === 'subscribe' && readBoolParam(source, false, 'x-poll', 'poll', 'po');
  const entry = ctx.log.start(req, url, transportOf(route, poll));
  socket.once('close', () => {
    ctx.log.finish(entry, 'client-closed');
  });
  socket.on('error', () => {
    // Sockets reset by the peer are expected in fault tests; the close handler records the end.
    ctx.log.expectEnd(entry, 'error');
  });
  const upgrade: Upgrade = { ctx, req, socket, head, entry, source };
  const run = (): void => {
    if (socket.destroyed) return;
    try {
      processUpgrade(upgrade, route);
    } catch (error) {
      writeBareStatus(upgrade, error);
    }
  };
  if (!ctx.faults.holdIfStalled(run)) run();
}
