/**
 * What a resume point belongs to. A server's answer to `since=<x>` depends on the server, the topic, the filters,
 * whether scheduled messages are included, and who asks (permissions): so each (server, topic) under one filter set
 * and one identity resumes on its own. Two runs that share a data dir but not their topics never move each other's
 * resume points (a run on topic `b` must not make a later run on `a` skip what `a` got meanwhile).
 *
 * The transport is not part of it (json, sse and ws deliver the same messages), nor is the secret: a new password
 * for the same user keeps the resume point. The identity is hashed, so no user name or token text ends up in the
 * history file even when a user typed a password where a name belongs.
 */
import { createHash } from 'node:crypto';
import type { Credentials, SubscribeFilters } from './subscribe-request.ts';

interface ResumeScope {
  /** Normalized server base URL. */
  readonly server: string;
  readonly credentials: Credentials;
  readonly filters: SubscribeFilters;
  readonly scheduled: boolean;
}

/** ntfy's message ids: 12 characters of A-Z a-z 0-9. Only such an id may be sent as `since=<id>`. */
const NTFY_MESSAGE_ID = /^[A-Za-z0-9]{12}$/;

export function isNtfyMessageId(id: string): boolean {
  return NTFY_MESSAGE_ID.test(id);
}

/** Who we are to the server, never the secret: `anonymous`, `token`, or a hash of the user name. */
export function identityOf(credentials: Credentials): string {
  switch (credentials.kind) {
    case 'none':
      return 'anonymous';
    case 'token':
      return 'token';
    case 'basic':
      return `user-${createHash('sha256').update(credentials.user).digest('hex').slice(0, 16)}`;
  }
}

export function canonicalFilters(filters: SubscribeFilters): string {
  return JSON.stringify([
    filters.id ?? null,
    filters.message ?? null,
    filters.title ?? null,
    filters.priority ?? [],
    filters.tags ?? [],
  ]);
}

/** The resume key of one topic in a scope; stable across versions (it is stored). */
export function resumeKey(scope: ResumeScope, topic: string): string {
  return [
    `${scope.server}/${topic}`,
    identityOf(scope.credentials),
    scope.scheduled ? 'scheduled' : 'due',
    canonicalFilters(scope.filters),
  ].join(' ');
}
