/**
 * Who is asking and may they: ntfy's maybeAuthenticate, limitRequests and authorizeTopic middleware, in that order
 * (docs/protocol.md#authentication). Every topic of a list must be allowed, else the whole request is 403.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { carriesCredentials, readAuthorization, type AccessKind } from './auth.ts';
import type { ServerContext } from './context.ts';
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import { isDisallowedTopic } from './routes.ts';
import type { TestUser } from './types.ts';
import type { Visitor } from './visitors.ts';

export interface Identity {
  readonly user: TestUser | undefined;
  readonly visitor: Visitor;
}

/**
 * Anonymous unless the request carries `Basic`/`Bearer` credentials (header, or `auth=` query which overrides it).
 * Wrong credentials are 401 and count against the remote address; once its failed-login allowance is used up,
 * every request with credentials is 429 (42909) until it recovers.
 */
export function identify(
  ctx: ServerContext,
  request: { headers: IncomingHttpHeaders; query: URLSearchParams; remoteAddress: string },
): Identity {
  const now = ctx.access?.now() ?? Date.now();
  const addressVisitor = ctx.visitors.get(`ip:${request.remoteAddress}`, now);
  if (ctx.access === undefined) return { user: undefined, visitor: addressVisitor };
  const authorization = readAuthorization(request.headers, request.query);
  if (!carriesCredentials(authorization)) return { user: undefined, visitor: addressVisitor };
  if (!addressVisitor.authFailures.hasToken(now)) throw new NtfyHttpError(ntfyErrors.tooManyAuthFailures);
  const user = ctx.access.authenticate(authorization);
  if (user === undefined) {
    addressVisitor.authFailures.take(now);
    throw new NtfyHttpError(ntfyErrors.unauthorized);
  }
  return { user, visitor: ctx.visitors.get(`user:${user.name}`, now) };
}

/** The request bucket (429, 42901) when enabled. */
export function limitRequests(visitor: Visitor): void {
  if (visitor.requests !== undefined && !visitor.requests.take(Date.now())) {
    throw new NtfyHttpError(ntfyErrors.tooManyRequests);
  }
}

/** Reserved names are 400 (40010); then every topic needs the permission, anonymous included (403, not 401). */
export function authorizeTopics(
  ctx: ServerContext,
  user: TestUser | undefined,
  topics: readonly string[],
  kind: AccessKind,
): void {
  if (topics.some(isDisallowedTopic)) throw new NtfyHttpError(ntfyErrors.topicDisallowed);
  if (ctx.access === undefined) return;
  for (const topic of topics) {
    if (!ctx.access.authorize(user, topic, kind)) throw new NtfyHttpError(ntfyErrors.forbidden);
  }
}
