/**
 * The subscribe or poll request of a connection spec: what the spec fixes (server, transport, filters, credentials
 * and how they are sent, scheduled messages) plus what varies per request (the topics, where to start, poll or
 * stream). Shared by the engine's connections and the CLI's `--poll`, so both ask a server the same way.
 */
import type { SinceValue } from '../protocol/since.ts';
import { buildSubscribeRequest, type SubscribeRequest } from '../protocol/subscribe-request.ts';
import type { ConnectionSpec } from './connection-types.ts';

interface SpecRequestOptions {
  /** The spec's topics, or a part of them (a 403 probe, a poll of the topics still allowed). */
  readonly topics: readonly string[];
  readonly since?: SinceValue;
  /** A poll always reads the JSON endpoint, whatever the spec's transport. */
  readonly poll?: boolean;
}

export function requestForSpec(
  spec: Omit<ConnectionSpec, 'key' | 'topics' | 'initialSince'>,
  options: SpecRequestOptions,
): SubscribeRequest {
  return buildSubscribeRequest({
    baseUrl: spec.server,
    transport: spec.transport,
    filters: spec.filters,
    credentials: spec.credentials,
    authVia: spec.authVia,
    scheduled: spec.scheduled,
    ...options,
  });
}
