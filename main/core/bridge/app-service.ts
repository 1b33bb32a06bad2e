/**
 * What the window can ask for (BridgeApi's requests), implemented once over the core: settings, history, keychain,
 * connection statuses and message actions. The Electron IPC handlers (main/desktop/ipc.ts) and the browser bridge
 * used by `npm run dev:web` both call this after checking arguments, so the UI cannot tell them apart.
 *
 * Every method answers a BridgeResult: expected failures are values; only bugs throw (and are reported as
 * `internal` by the transport).
 */
import type {
  ActionOutcomeDto,
  BridgeError,
  BridgeRequests,
  BridgeResult,
  CredentialsInput,
  SubscriptionInput,
  SubscriptionTestOutcome,
} from '../../../common/ipc.ts';
import { INVALID_SERVER_URL, serverUrlOf } from '../../../common/server-url.ts';
import { ALREADY_SUBSCRIBED } from '../../../common/subscription-rules.ts';
import { isValidTopicName, topicNameError } from '../../../common/topic-name.ts';
import type { AppTransportKind } from '../../../common/transports.ts';
import { isAllowedExternalUrl } from '../delivery/external-url.ts';
import type { HttpActionResult } from '../delivery/http-action.ts';
import { type NotificationAction, toNotificationAction } from '../delivery/notification-content.ts';
import { runMessageAction } from '../delivery/run-message-action.ts';
import type { ConnectionStatus } from '../engine/connection-types.ts';
import type { CheckTopicAccess } from '../engine/http-requests.ts';
import { NO_NOTICE_REQUESTS, type NoticeRequests } from '../notices/notice-requests.ts';
import type { Logger } from '../ports.ts';
import { buildSubscribeRequest } from '../protocol/subscribe-request.ts';
import type { SqliteHistoryStore } from '../store/history/sqlite-history-store.ts';
import { resolveCredentials, secretRefFor } from '../store/secrets/credentials.ts';
import { MissingSecretError, SecretStoreUnavailableError } from '../store/secrets/errors.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import { applySettingsPatch, removeSubscription, upsertServer, upsertSubscription } from '../store/settings/edits.ts';
import { formatIssue, type SettingsIssue } from '../store/settings/field-reader.ts';
import { RAW_TRANSPORT_REFUSED } from '../store/settings/validate.ts';
import type { ServerAuth, ServerSettings, Settings, SubscriptionSettings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { toConnectionDto, toMessageDto, toSettingsDto, toSubscriptionDto } from './dto.ts';

/** The request side of BridgeApi, derived from the IPC table (common/ipc.ts). */
export type AppRequests = BridgeRequests;

/** Notifications paused until a clock time (Infinity: until resumed); not a setting, it ends with the app. */
export interface PauseState {
  get(): number | undefined;
  set(until: number | undefined): void;
}

export type HistoryQueries = Pick<
  SqliteHistoryStore,
  | 'listMessages'
  | 'getMessage'
  | 'search'
  | 'unreadCounts'
  | 'setRead'
  | 'setSubscriptionRead'
  | 'deleteMessage'
  | 'deleteSubscriptionMessages'
>;

export interface AppServiceOptions {
  readonly settings: SettingsStore;
  readonly history: HistoryQueries;
  readonly secrets: SecretStore;
  readonly connections: () => readonly ConnectionStatus[];
  readonly checkTopicAccess: CheckTopicAccess;
  readonly pause: PauseState;
  readonly openExternal: (url: string) => Promise<void>;
  readonly copyText: (text: string) => void;
  readonly runHttpAction: (action: Extract<NotificationAction, { kind: 'http' }>) => Promise<HttpActionResult>;
  /** Fetches an image through the attachment cache (type check, size cap); undefined when it cannot. */
  readonly readImage?: (url: string) => Promise<{ readonly type: string; readonly bytes: Uint8Array } | undefined>;
  readonly newId: () => string;
  readonly now: () => number;
  readonly log: Logger;
  /**
   * A secret changed in the keychain. The settings may not have (same user, new password), so the engine is told
   * separately to pick it up: connections whose credentials differ restart.
   */
  readonly credentialsChanged?: () => void;
  /** Desktop notices (main/core/notices); none where nothing feeds them. */
  readonly notices?: NoticeRequests;
}

const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value });
const fail = <T>(error: BridgeError): BridgeResult<T> => ({ ok: false, error });

function validationFailed<T>(issues: readonly SettingsIssue[]): BridgeResult<T> {
  return fail({
    code: 'validation-failed',
    message: issues.map(formatIssue).join('; '),
    fields: Object.fromEntries(issues.map((issue) => [issue.path.split('.').at(-1) ?? issue.path, issue.message])),
  });
}

function keychainError<T>(error: unknown): BridgeResult<T> {
  if (error instanceof SecretStoreUnavailableError)
    return fail({ code: 'keychain-unavailable', message: error.message });
  throw error;
}

function serverAuth(settings: Settings, server: string): ServerAuth {
  return settings.servers.find((item) => item.url === server)?.auth ?? { kind: 'none' };
}

export function createAppService(options: AppServiceOptions): AppRequests {
  const { settings, history, secrets, log } = options;

  async function hasCredentials(server: ServerSettings): Promise<boolean> {
    const ref = secretRefFor(server);
    if (ref === undefined) return false;
    try {
      return (await secrets.get(ref)) !== undefined;
    } catch (error) {
      log.log('warn', 'could not ask the keychain whether credentials are stored', { error: String(error) });
      return false;
    }
  }

  async function subscriptionDto(subscription: SubscriptionSettings, current: Settings) {
    const auth = serverAuth(current, subscription.server);
    return toSubscriptionDto(subscription, auth, await hasCredentials({ url: subscription.server, auth }));
  }

  function toSettings(
    input: Omit<SubscriptionInput, 'transport'> & { readonly transport?: AppTransportKind },
    server: string,
    current: Settings,
  ): SubscriptionSettings {
    const existing = current.subscriptions.find((item) => item.id === input.id);
    const displayName = input.displayName?.trim();
    return {
      id: existing?.id ?? options.newId(),
      server,
      topic: input.topic,
      transport: input.transport ?? existing?.transport ?? 'json',
      filters: input.filters ?? existing?.filters ?? {},
      muted: input.muted ?? existing?.muted ?? false,
      minPriority: input.minPriority ?? existing?.minPriority ?? 1,
      ...(displayName === undefined || displayName === '' ? {} : { displayName }),
    };
  }

  return {
    listMessages: (query) => {
      const page = history.listMessages(query);
      return Promise.resolve(
        ok({ messages: page.messages.map(toMessageDto), ...(page.next === undefined ? {} : { next: page.next }) }),
      );
    },
    searchMessages: (query) =>
      Promise.resolve(
        ok(
          history.search(query).map((hit) => ({
            message: toMessageDto(hit),
            titleSegments: hit.titleSegments,
            messageSegments: hit.messageSegments,
          })),
        ),
      ),
    unreadCounts: () => Promise.resolve(ok(history.unreadCounts())),
    markRead: (ref, read) =>
      Promise.resolve(
        history.setRead({ ...ref, read }) ? ok(null) : fail({ code: 'not-found', message: 'no such message' }),
      ),
    markAllRead: (subscription) => Promise.resolve(ok(history.setSubscriptionRead({ ...subscription, read: true }))),
    deleteMessage: (ref) =>
      Promise.resolve(history.deleteMessage(ref) ? ok(null) : fail({ code: 'not-found', message: 'no such message' })),
    clearSubscription: (subscription) => Promise.resolve(ok(history.deleteSubscriptionMessages(subscription))),

    listSubscriptions: async () => {
      const current = settings.get();
      return ok(await Promise.all(current.subscriptions.map((item) => subscriptionDto(item, current))));
    },

    saveSubscription: async (input) => {
      const server = serverUrlOf(input.server);
      if (server === undefined) return validationFailed([{ path: 'server', message: INVALID_SERVER_URL.message }]);
      const topicError = topicNameError(input.topic);
      if (topicError !== undefined) return validationFailed([{ path: 'topic', message: topicError.message }]);
      // The bridge takes every ntfy stream; the app offers all but raw, and says why (common/transports.ts).
      const { transport, ...rest } = input;
      if (transport === 'raw') return validationFailed([{ path: 'transport', message: RAW_TRANSPORT_REFUSED }]);
      const current = settings.get();
      const duplicate = current.subscriptions.find(
        (item) => item.server === server && item.topic === input.topic && item.id !== input.id,
      );
      if (duplicate !== undefined) {
        // Its own code, so that the window can tell it apart (an import skips it) without reading the words.
        return fail({
          code: ALREADY_SUBSCRIBED.code,
          message: `topic: ${ALREADY_SUBSCRIBED.message}`,
          fields: { topic: ALREADY_SUBSCRIBED.message },
        });
      }
      if (input.id !== undefined && !current.subscriptions.some((item) => item.id === input.id)) {
        return fail({ code: 'not-found', message: 'no such subscription' });
      }
      const subscription = toSettings({ ...rest, ...(transport === undefined ? {} : { transport }) }, server, current);
      const result = await settings.update((latest) => {
        const withServer = latest.servers.some((item) => item.url === server)
          ? latest
          : upsertServer(latest, { url: server, auth: { kind: 'none' } });
        return upsertSubscription(withServer, subscription);
      });
      if (!result.ok) return validationFailed(result.issues);
      return ok(await subscriptionDto(subscription, result.settings));
    },

    removeSubscription: async (id, { deleteHistory }) => {
      const subscription = settings.get().subscriptions.find((item) => item.id === id);
      if (subscription === undefined) return fail({ code: 'not-found', message: 'no such subscription' });
      const result = await settings.update((latest) => removeSubscription(latest, id));
      if (!result.ok) return validationFailed(result.issues);
      if (deleteHistory) history.deleteSubscriptionMessages({ server: subscription.server, topic: subscription.topic });
      return ok(null);
    },

    testSubscription: async (input) => {
      const server = serverUrlOf(input.server);
      if (server === undefined || !isValidTopicName(input.topic)) {
        return fail({ code: 'invalid-argument', message: 'a valid server URL and topic are needed to test' });
      }
      let credentials;
      try {
        credentials = await resolveCredentials({ url: server, auth: serverAuth(settings.get(), server) }, secrets);
      } catch (error) {
        if (error instanceof MissingSecretError) {
          return ok({ outcome: 'wrong-credentials' as const, detail: error.message });
        }
        return keychainError(error);
      }
      const request = buildSubscribeRequest({ baseUrl: server, topics: [input.topic], transport: 'json', credentials });
      const access = await options.checkTopicAccess(request);
      const outcomes: Record<typeof access, [SubscriptionTestOutcome, string]> = {
        readable: ['ok', 'The server accepts this subscription.'],
        unauthorized: ['wrong-credentials', 'The server rejected the user name, password or token.'],
        forbidden: ['no-permission', 'These credentials may not read this topic.'],
        'rate-limited': ['unreachable', 'The server is limiting requests right now (HTTP 429); try again in a minute.'],
        unknown: ['unreachable', 'The server could not be reached or gave an unexpected answer.'],
      };
      const [outcome, detail] = outcomes[access];
      return ok({ outcome, detail });
    },

    setCredentials: async (input: CredentialsInput) => {
      const server = serverUrlOf(input.server);
      if (server === undefined) return validationFailed([{ path: 'server', message: INVALID_SERVER_URL.message }]);
      const entry: ServerSettings =
        input.kind === 'basic'
          ? { url: server, auth: { kind: 'basic', user: input.user } }
          : { url: server, auth: { kind: 'token' } };
      const ref = secretRefFor(entry);
      if (ref === undefined) return fail({ code: 'internal', message: 'no keychain entry for these credentials' });
      const previous = settings.get().servers.find((item) => item.url === server);
      const previousRef = previous === undefined ? undefined : secretRefFor(previous);
      try {
        await secrets.set(ref, input.kind === 'basic' ? input.password : input.token);
      } catch (error) {
        return keychainError(error);
      }
      const result = await settings.update((latest) => upsertServer(latest, entry));
      // Another user or kind replaced the old credentials: their secret must not stay behind in the keychain.
      if (result.ok && previousRef !== undefined && JSON.stringify(previousRef) !== JSON.stringify(ref)) {
        await secrets.delete(previousRef).catch((error: unknown) => {
          log.log('warn', 'could not remove replaced credentials from the keychain', { error: String(error) });
        });
      }
      options.credentialsChanged?.();
      return result.ok ? ok(null) : validationFailed(result.issues);
    },

    clearCredentials: async (serverUrl) => {
      const server = serverUrlOf(serverUrl);
      if (server === undefined) return validationFailed([{ path: 'server', message: INVALID_SERVER_URL.message }]);
      const entry = settings.get().servers.find((item) => item.url === server);
      const ref = entry === undefined ? undefined : secretRefFor(entry);
      try {
        if (ref !== undefined) await secrets.delete(ref);
      } catch (error) {
        return keychainError(error);
      }
      const result = await settings.update((latest) => upsertServer(latest, { url: server, auth: { kind: 'none' } }));
      options.credentialsChanged?.();
      return result.ok ? ok(null) : validationFailed(result.issues);
    },

    getSettings: () => Promise.resolve(ok(toSettingsDto(settings.get(), options.pause.get()))),

    updateSettings: async (patch) => {
      if (patch.pause !== undefined) {
        options.pause.set(
          patch.pause === null
            ? undefined
            : patch.pause === 'until-resumed'
              ? Number.POSITIVE_INFINITY
              : options.now() + patch.pause * 60_000,
        );
      }
      const { pause: _pause, ...rest } = patch;
      const result = await settings.update((latest) => applySettingsPatch(latest, rest));
      if (!result.ok) return validationFailed(result.issues);
      return ok(toSettingsDto(result.settings, options.pause.get()));
    },

    listConnections: () => Promise.resolve(ok(options.connections().map(toConnectionDto))),

    runAction: async (ref, index) => {
      const stored = history.getMessage(ref);
      const raw = stored?.message.actions[index];
      if (stored === undefined || raw === undefined) return fail({ code: 'not-found', message: 'no such action' });
      const action = toNotificationAction(raw);
      if (action === undefined) {
        log.log('warn', 'refused a message action', { kind: raw.action });
        return fail({ code: 'refused-url', message: 'this action cannot run on a desktop, or its URL is not allowed' });
      }
      const outcome = await runMessageAction(action, options);
      if (outcome.kind === 'refused') return fail({ code: 'refused-url', message: `not run: ${outcome.reason}` });
      return ok<ActionOutcomeDto>(outcome);
    },

    attachmentPreview: async (ref) => {
      const stored = history.getMessage(ref);
      if (stored === undefined) return fail({ code: 'not-found', message: 'no such message' });
      const attachment = stored.message.attachment;
      if (attachment === undefined || options.readImage === undefined) return ok(null);
      const declaredType = attachment.type;
      if (declaredType !== undefined && !declaredType.startsWith('image/')) return ok(null);
      if (attachment.expires !== undefined && attachment.expires * 1000 <= options.now()) return ok(null);
      const image = await options.readImage(attachment.url);
      if (image === undefined) return ok(null);
      const base64 = Buffer.from(image.bytes).toString('base64');
      return ok({ dataUrl: `data:${image.type};base64,${base64}`, bytes: image.bytes.length });
    },

    openLink: async (url) => {
      const checked = isAllowedExternalUrl(url);
      if (!checked.ok) {
        log.log('warn', 'refused to open a link', { reason: checked.reason });
        return fail({ code: 'refused-url', message: `not opened: ${checked.reason}` });
      }
      await options.openExternal(checked.url);
      return ok(null);
    },
    ...(options.notices ?? NO_NOTICE_REQUESTS),
  };
}
