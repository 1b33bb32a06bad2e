/**
 * The account API's answers in ntfy's shapes and field order (server/types.go: apiAccountResponse,
 * apiAccountTokenResponse, apiAccountLimits, apiAccountStats; user/types.go: Subscription, whose `display_name` is
 * a `*string` without omitempty, so an unnamed subscription says `null`).
 *
 * Limits are a visitor's without a tier (basis `ip`): the daily message quota follows the request limit (one
 * message per replenish interval, ntfy's 17280 with its defaults), messages live as long as the cache, and there
 * are no e-mails or calls here. With the `attachments` option the attachment limits are its own and ntfy's visitor
 * defaults (100 MB in all, 500 MB a day; server/config.go, configBasedVisitorLimits); without it they are 0. Stats
 * count nothing yet, so every quota is fully remaining.
 */
import { reservationsOf, tokenAlive, type AccountSubscription, type IssuedToken } from './account-store.ts';
import type { ServerContext } from './context.ts';
import type { GoJsonObject, GoJsonValue } from './go-json.ts';
import type { TestUser } from './types.ts';

const DAY_MS = 86_400_000;
/** ntfy's default visitor request replenish interval (5 s) when the test server has no request limit set. */
const DEFAULT_REPLENISH_MS = 5_000;

export function subscriptionJson(subscription: AccountSubscription): GoJsonObject {
  return new Map<string, GoJsonValue>([
    ['base_url', subscription.baseUrl],
    ['topic', subscription.topic],
    ['display_name', subscription.displayName ?? null],
  ]);
}

/** omitempty on every field but `token`: an empty label or a zero time is left out. */
export function tokenJson(token: IssuedToken): GoJsonObject {
  const fields = new Map<string, GoJsonValue>([['token', token.token]]);
  if (token.label !== '') fields.set('label', token.label);
  if (token.lastAccess !== 0) fields.set('last_access', token.lastAccess);
  if (token.lastOrigin !== '') fields.set('last_origin', token.lastOrigin);
  if (token.expires !== 0) fields.set('expires', token.expires);
  return fields;
}

/** ntfy's visitor-attachment-total-size-limit and visitor-attachment-daily-bandwidth-limit defaults. */
const VISITOR_ATTACHMENT_TOTAL_BYTES = 100 * 1024 * 1024;
const VISITOR_ATTACHMENT_BANDWIDTH_BYTES = 500 * 1024 * 1024;

function attachmentLimits(ctx: ServerContext) {
  const given = ctx.options.attachments;
  if (given === undefined) return { totalBytes: 0, fileBytes: 0, expirySeconds: 0, bandwidthBytes: 0 };
  return {
    totalBytes: VISITOR_ATTACHMENT_TOTAL_BYTES,
    fileBytes: given.fileSizeLimitBytes,
    expirySeconds: Math.floor(given.expiryMs / 1000),
    bandwidthBytes: VISITOR_ATTACHMENT_BANDWIDTH_BYTES,
  };
}

function limitsJson(ctx: ServerContext, reservations: number): { limits: GoJsonObject; stats: GoJsonObject } {
  const messages = Math.floor(DAY_MS / (ctx.options.requestLimit?.replenishMs ?? DEFAULT_REPLENISH_MS));
  const files = attachmentLimits(ctx);
  const limits = new Map<string, GoJsonValue>([
    ['basis', 'ip'],
    ['messages', messages],
    ['messages_expiry_duration', Math.floor(ctx.options.cacheDurationMs / 1000)],
    ['emails', 0],
    ['calls', 0],
    ['reservations', reservations],
    ['attachment_total_size', files.totalBytes],
    ['attachment_file_size', files.fileBytes],
    ['attachment_expiry_duration', files.expirySeconds],
    ['attachment_bandwidth', files.bandwidthBytes],
  ]);
  const stats = new Map<string, GoJsonValue>([
    ['messages', 0],
    ['messages_remaining', messages],
    ['emails', 0],
    ['emails_remaining', 0],
    ['calls', 0],
    ['calls_remaining', 0],
    ['reservations', reservations],
    ['reservations_remaining', 0],
    ['attachment_total_size', 0],
    ['attachment_total_size_remaining', files.totalBytes],
  ]);
  return { limits, stats };
}

/**
 * `GET /v1/account`; anonymous callers, and every caller of a server without auth (ntfy ignores credentials without
 * a user manager), are the `*` user with role `anonymous`, as in ntfy (or only one of the two: `anonymousAccount`).
 */
export function accountJson(ctx: ServerContext, user: TestUser | undefined): GoJsonObject {
  const access = ctx.access;
  const fields = new Map<string, GoJsonValue>();
  if (user === undefined || access === undefined) {
    const named = ctx.options.anonymousAccount;
    if (named !== 'role-only') fields.set('username', '*');
    if (named !== 'user-only') fields.set('role', 'anonymous');
    const { limits, stats } = limitsJson(ctx, 0);
    fields.set('limits', limits);
    fields.set('stats', stats);
    return fields;
  }
  fields.set('username', user.name);
  fields.set('role', user.role ?? 'user');
  fields.set('sync_topic', access.accounts.syncTopic(user));
  const subscriptions = access.accounts.subscriptions(user);
  if (subscriptions !== undefined && subscriptions.length > 0) {
    fields.set('subscriptions', subscriptions.map(subscriptionJson));
  }
  const reservations = reservationsOf(user, access.everyoneRules());
  if (reservations.length > 0) {
    const list = reservations.map(
      (item) =>
        new Map([
          ['topic', item.topic],
          ['everyone', item.everyone],
        ]),
    );
    fields.set('reservations', list);
  }
  // ntfy's manager deletes expired tokens every minute (RemoveExpiredTokens); here they are left out when listed.
  const nowSeconds = Math.floor(access.now() / 1000);
  const tokens = access.accounts.tokens(user).filter((token) => tokenAlive(token, nowSeconds));
  if (tokens.length > 0) fields.set('tokens', tokens.map(tokenJson));
  const { limits, stats } = limitsJson(ctx, reservations.length);
  fields.set('limits', limits);
  fields.set('stats', stats);
  return fields;
}
