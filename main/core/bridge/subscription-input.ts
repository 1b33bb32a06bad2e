/**
 * A subscription the window (or an import) asks to save, checked as every save checks it: the server URL, the
 * topic name, the stream, not already subscribed. Pure over the current settings, so that one save and an import
 * of a thousand share it (the import with a set of taken addresses instead of a search per item).
 */
import type { BridgeResult, SubscriptionInput } from '../../../common/ipc.ts';
import { t } from '../../../common/i18n/translate.ts';
import { invalidServerUrl, serverUrlError, serverUrlOf } from '../../../common/server-url.ts';
import { alreadySubscribed } from '../../../common/subscription-rules.ts';
import { topicNameError } from '../../../common/topic-name.ts';
import type { AppTransportKind } from '../../../common/transports.ts';
import type { Settings, SubscriptionSettings } from '../store/settings/schema.ts';
import { rawTransportRefused } from '../store/settings/validate.ts';
import { fail, ok, validationFailed } from './request-results.ts';

interface SubscriptionCheckContext {
  readonly current: Settings;
  readonly newId: () => string;
  /** Whether another subscription than `id` already reads `topic` on `server`. */
  readonly isTaken: (server: string, topic: string, id: string | undefined) => boolean;
}

/** The key an address is taken under, for `isTaken` sets. */
export function subscriptionAddressKey(server: string, topic: string): string {
  return `${server} ${topic}`;
}

/** `isTaken` by a search of the current subscriptions: what one save needs. */
export function takenIn(current: Settings): SubscriptionCheckContext['isTaken'] {
  return (server, topic, id) =>
    current.subscriptions.some((item) => item.server === server && item.topic === topic && item.id !== id);
}

function toSettings(
  input: Omit<SubscriptionInput, 'transport'> & { readonly transport?: AppTransportKind },
  server: string,
  { current, newId }: SubscriptionCheckContext,
): SubscriptionSettings {
  // A new subscription has no id to look for: no search of the whole list per imported item.
  const existing = input.id === undefined ? undefined : current.subscriptions.find((item) => item.id === input.id);
  const displayName = input.displayName?.trim();
  // '' removes the command; absent keeps it. Kept as typed otherwise: leading blanks mean nothing to a shell.
  const command = input.command === undefined ? existing?.command : input.command.trim() || undefined;
  return {
    id: existing?.id ?? newId(),
    server,
    topic: input.topic,
    transport: input.transport ?? existing?.transport ?? 'json',
    filters: input.filters ?? existing?.filters ?? {},
    muted: input.muted ?? existing?.muted ?? false,
    minPriority: input.minPriority ?? existing?.minPriority ?? 1,
    ...(displayName === undefined || displayName === '' ? {} : { displayName }),
    ...(command === undefined ? {} : { command }),
    // Its own credentials (a client.yml entry's) belong to its server: an edit keeps them, a move drops them.
    ...(existing?.auth !== undefined && existing.server === server ? { auth: existing.auth } : {}),
  };
}

/** The subscription `input` describes, checked as every save checks it, or the answer that says what is wrong. */
export function checkedSubscription(
  input: SubscriptionInput,
  context: SubscriptionCheckContext,
): BridgeResult<SubscriptionSettings> {
  // A user or password in the URL would be dropped without a word: refuse it, credentials go to the keychain.
  const serverError = serverUrlError(input.server);
  if (serverError !== undefined) return validationFailed([{ path: 'server', message: serverError.message }]);
  const server = serverUrlOf(input.server);
  if (server === undefined) return validationFailed([{ path: 'server', message: invalidServerUrl().message }]);
  const topicError = topicNameError(input.topic);
  if (topicError !== undefined) return validationFailed([{ path: 'topic', message: topicError.message }]);
  // The bridge takes every ntfy stream; the app offers all but raw, and says why (common/transports.ts).
  const { transport, ...rest } = input;
  if (transport === 'raw') return validationFailed([{ path: 'transport', message: rawTransportRefused() }]);
  if (context.isTaken(server, input.topic, input.id)) {
    // Its own code, so that the window can tell it apart (an import skips it) without reading the words.
    const already = alreadySubscribed();
    return fail({ code: already.code, message: `topic: ${already.message}`, fields: { topic: already.message } });
  }
  if (input.id !== undefined && !context.current.subscriptions.some((item) => item.id === input.id)) {
    return fail({ code: 'not-found', message: t('rules.bridge.no-such-subscription') });
  }
  return ok(toSettings({ ...rest, ...(transport === undefined ? {} : { transport }) }, server, context));
}
