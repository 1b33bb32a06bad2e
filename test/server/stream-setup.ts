/**
 * What the router hands to a stream handler once a subscribe request passed auth, limits and parameter parsing.
 */
import type { ServerContext } from './context.ts';
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import type { ParamSource } from './params.ts';
import { parseSubscribeParams, type SubscribeParams } from './subscribe-params.ts';
import type { RequestLogEntry, StreamTransport, SubscriberInfo } from './types.ts';
import type { Visitor } from './visitors.ts';

export interface StreamSetup {
  readonly ctx: ServerContext;
  readonly entry: RequestLogEntry;
  readonly topics: readonly string[];
  readonly topicsRaw: string;
  readonly params: SubscribeParams;
  readonly user: string | undefined;
  /** Its stream slot is already reserved; the handler releases it when the stream ends. */
  readonly visitor: Visitor;
}

export function subscriberInfo(setup: StreamSetup, transport: StreamTransport): SubscriberInfo {
  return {
    id: setup.entry.seq,
    topics: setup.topics,
    topicsRaw: setup.topicsRaw,
    transport,
    user: setup.user,
    since: setup.params.sinceRaw,
    connectedAt: setup.ctx.options.clock.now(),
  };
}

/**
 * ntfy's order: the stream slot first (429, 42903), then the parameters (400 before any byte is streamed). The slot
 * is given back if the parameters are invalid.
 */
export function reserveStreamAndParseParams(
  ctx: ServerContext,
  visitor: Visitor,
  source: ParamSource,
): SubscribeParams {
  if (!ctx.visitors.reserveStream(visitor)) throw new NtfyHttpError(ntfyErrors.tooManySubscriptions);
  try {
    return parseSubscribeParams(source, ctx.options.clock.now());
  } catch (error) {
    ctx.visitors.releaseStream(visitor);
    throw error;
  }
}
