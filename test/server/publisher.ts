/**
 * Delivery: live fan-out, caching, delayed messages and replay. The real server fans a message out to live subscribers
 * BEFORE it writes it to the cache (docs/protocol.md#delivery-order-and-duplicates: a message can arrive twice, live
 * and in the replay, or be missed by a stream that subscribes in between) — the order here is the same, and
 * `cacheDelayMs` / `beforeCache` widen that window on purpose.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerContext } from './context.ts';
import type { PublishPlan } from './messages.ts';
import type { SubscribeParams } from './subscribe-params.ts';
import type { NtfyMessage } from './types.ts';

export function fanOut(ctx: ServerContext, message: NtfyMessage): void {
  ctx.hub.fanOut(message);
  ctx.events.emit('publish', message);
}

/** Runs a publish plan and resolves with the message once it is cached, when the HTTP answer would be sent. */
export async function commitPublish(ctx: ServerContext, plan: PublishPlan): Promise<NtfyMessage> {
  if (plan.dueAtMs !== undefined) {
    // Delayed: cached now (unpublished), fanned out by the delayed sender when due.
    ctx.store.add(plan.message, { expiresAtMs: plan.expiresAtMs, dueAtMs: plan.dueAtMs, published: false });
    return plan.message;
  }
  fanOut(ctx, plan.message);
  if (plan.cache) {
    if (ctx.options.cacheDelayMs > 0) await sleep(ctx.options.cacheDelayMs);
    await ctx.options.beforeCache?.(plan.message);
    ctx.store.add(plan.message, { expiresAtMs: plan.expiresAtMs, dueAtMs: ctx.options.clock.now(), published: true });
  }
  return plan.message;
}

/** ntfy's delayed sender: publishes every due message live (with its scheduled time) and marks it published. */
export function publishDueMessages(ctx: ServerContext): void {
  for (const { rowId, message } of ctx.store.due(ctx.options.clock.now())) {
    fanOut(ctx, message);
    ctx.store.markPublished(rowId);
  }
}

/**
 * What a new stream replays: each requested topic's cached messages (a duplicated topic twice), sorted by time.
 * ntfy sorts with an unstable sort; a stable one is one of its valid outcomes.
 */
export function replayMessages(ctx: ServerContext, topics: readonly string[], params: SubscribeParams): NtfyMessage[] {
  if (params.since.kind === 'none') return [];
  const nowMs = ctx.options.clock.now();
  return topics
    .flatMap((topic) => ctx.store.query(topic, params.since, { scheduled: params.scheduled, nowMs }))
    .sort((a, b) => a.time - b.time);
}
