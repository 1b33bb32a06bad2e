/**
 * The window's subscription requests: list, save (validated here, the one place the app checks a new
 * subscription), remove, test against the server, and the connection statuses the list shows beside them.
 */
import type {
  BridgeRequests,
  BridgeResult,
  CommandFailureDto,
  CredentialsInput,
  SubscriptionDto,
  SubscriptionInput,
  SubscriptionTestOutcome,
  SubscriptionTestResult,
  TestCredentialsDto,
} from '../../../common/ipc.ts';
import { t, type MessageKey } from '../../../common/i18n/translate.ts';
import { invalidServerUrl, serverUrlError, serverUrlOf } from '../../../common/server-url.ts';
import { alreadySubscribed } from '../../../common/subscription-rules.ts';
import { isValidTopicName, topicNameError } from '../../../common/topic-name.ts';
import type { AppTransportKind } from '../../../common/transports.ts';
import type { ConnectionStatus } from '../engine/connection-types.ts';
import type { CheckTopicAccess, TopicAccess } from '../engine/http-requests.ts';
import type { AppHistoryStore, Logger } from '../ports.ts';
import { buildSubscribeRequest, type Credentials } from '../protocol/subscribe-request.ts';
import { resolveCredentials, secretRefFor } from '../store/secrets/credentials.ts';
import { MissingSecretError } from '../store/secrets/errors.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import { removeSubscription, upsertServer, upsertSubscription } from '../store/settings/edits.ts';
import type { ServerSettings, Settings, SubscriptionSettings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { rawTransportRefused } from '../store/settings/validate.ts';
import { toConnectionDto, toSubscriptionDto } from './dto.ts';
import { forgetSubscriptionCredentials } from './subscription-credentials.ts';
import { fail, keychainError, ok, serverAuth, validationFailed } from './request-results.ts';

export type SubscriptionRequests = Pick<
  BridgeRequests,
  | 'listSubscriptions'
  | 'saveSubscription'
  | 'saveCheckedSubscription'
  | 'removeSubscription'
  | 'testSubscription'
  | 'listConnections'
  | 'reconnectServer'
>;

export interface SubscriptionRequestsOptions {
  readonly settings: SettingsStore;
  readonly history: Pick<AppHistoryStore, 'deleteSubscriptionMessages'>;
  readonly secrets: SecretStore;
  readonly connections: () => readonly ConnectionStatus[];
  /** "Retry now": reconnect this server's connections at once, their backoff starting over (absent: nothing runs). */
  readonly reconnectServer?: (server: string) => void;
  readonly checkTopicAccess: CheckTopicAccess;
  readonly newId: () => string;
  readonly log: Logger;
  /** The last failed run of a subscription's command (core/app/subscription-commands.ts); absent: none. */
  readonly commandFailure?: (subscriptionId: string) => CommandFailureDto | undefined;
}

/** What each answer of the access check tells the user (the words made when asked, in the active language). */
const TEST_OUTCOMES: Record<TopicAccess, [SubscriptionTestOutcome, Extract<MessageKey, `core.test.${string}`>]> = {
  readable: ['ok', 'core.test.readable'],
  unauthorized: ['wrong-credentials', 'core.test.unauthorized'],
  forbidden: ['no-permission', 'core.test.forbidden'],
  'rate-limited': ['unreachable', 'core.test.rate-limited'],
  unknown: ['unreachable', 'core.test.unknown'],
};

/** The credential request a checked save stores typed credentials through (credential-requests.ts). */
export type SubscriptionRequestsVia = Pick<BridgeRequests, 'setCredentials'>;

/** Typed credentials as `setCredentials` takes them; undefined for `stored` and `none` (nothing to store). */
function typedCredentials(server: string, typed: TestCredentialsDto): CredentialsInput | undefined {
  if (typed.kind === 'basic') return { server, kind: 'basic', user: typed.user, password: typed.password };
  if (typed.kind === 'token') return { server, kind: 'token', token: typed.token };
  return undefined;
}

export function createSubscriptionRequests(
  options: SubscriptionRequestsOptions,
  via: SubscriptionRequestsVia,
): SubscriptionRequests {
  const { settings, secrets, log } = options;

  async function hasCredentials(server: ServerSettings, subscription?: string): Promise<boolean> {
    const ref = secretRefFor(server, subscription);
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
    const failure = subscription.command === undefined ? undefined : options.commandFailure?.(subscription.id);
    const own = subscription.auth;
    const ownCredentials =
      own === undefined
        ? undefined
        : {
            auth: own.kind,
            ...(own.kind === 'basic' ? { user: own.user } : {}),
            hasSecret: await hasCredentials({ url: subscription.server, auth: own }, subscription.id),
          };
    const stored = await hasCredentials({ url: subscription.server, auth });
    return toSubscriptionDto(subscription, auth, stored, failure, ownCredentials);
  }

  function toSettings(
    input: Omit<SubscriptionInput, 'transport'> & { readonly transport?: AppTransportKind },
    server: string,
    current: Settings,
  ): SubscriptionSettings {
    const existing = current.subscriptions.find((item) => item.id === input.id);
    const displayName = input.displayName?.trim();
    // '' removes the command; absent keeps it. Kept as typed otherwise: leading blanks mean nothing to a shell.
    const command = input.command === undefined ? existing?.command : input.command.trim() || undefined;
    return {
      id: existing?.id ?? options.newId(),
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

  /** The stored credentials of `server`, or the answer to give when there are none to test with. */
  async function storedCredentials(server: string): Promise<Credentials | BridgeResult<SubscriptionTestResult>> {
    try {
      return await resolveCredentials({ url: server, auth: serverAuth(settings.get(), server) }, secrets);
    } catch (error) {
      if (error instanceof MissingSecretError) {
        // Not "wrong": nothing was sent, the keychain lost (or never had) the secret.
        return ok({
          outcome: 'missing-credentials' as const,
          detail: t('core.test.secret-missing'),
        });
      }
      return keychainError(error);
    }
  }

  /** The subscription `input` describes, checked as every save checks it, or the answer that says what is wrong. */
  function validated(input: SubscriptionInput): BridgeResult<SubscriptionSettings> {
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
    const current = settings.get();
    const duplicate = current.subscriptions.find(
      (item) => item.server === server && item.topic === input.topic && item.id !== input.id,
    );
    if (duplicate !== undefined) {
      // Its own code, so that the window can tell it apart (an import skips it) without reading the words.
      const already = alreadySubscribed();
      return fail({ code: already.code, message: `topic: ${already.message}`, fields: { topic: already.message } });
    }
    if (input.id !== undefined && !current.subscriptions.some((item) => item.id === input.id)) {
      return fail({ code: 'not-found', message: t('rules.bridge.no-such-subscription') });
    }
    return ok(toSettings({ ...rest, ...(transport === undefined ? {} : { transport }) }, server, current));
  }

  async function store(subscription: SubscriptionSettings) {
    const { server } = subscription;
    const result = await settings.update((latest) => {
      const withServer = latest.servers.some((item) => item.url === server)
        ? latest
        : upsertServer(latest, { url: server, auth: { kind: 'none' } });
      return upsertSubscription(withServer, subscription);
    });
    if (!result.ok) return validationFailed<SubscriptionDto>(result.issues);
    return ok(await subscriptionDto(subscription, result.settings));
  }

  /** Test's one check: may these credentials (typed, or the stored ones) read `topic` on `server`? */
  async function checkAccess(
    server: string,
    topic: string,
    typed: TestCredentialsDto,
  ): Promise<BridgeResult<SubscriptionTestResult>> {
    const credentials = typed.kind === 'stored' ? await storedCredentials(server) : typed;
    if ('ok' in credentials) return credentials;
    const request = buildSubscribeRequest({ baseUrl: server, topics: [topic], transport: 'json', credentials });
    const { answer } = await options.checkTopicAccess(request);
    const [outcome, detail] = TEST_OUTCOMES[answer];
    // Refused without credentials: "these credentials" would name something the user never gave.
    const anonymous = answer === 'forbidden' && credentials.kind === 'none';
    return ok({ outcome, detail: t(anonymous ? 'core.test.forbidden-anonymous' : detail) });
  }

  /** Whether a save must ask the server first: typed credentials, and a subscription to an address not yet checked. */
  function needsCheck(subscription: SubscriptionSettings, typed: TestCredentialsDto): boolean {
    if (typedCredentials(subscription.server, typed) !== undefined) return true;
    const existing = settings.get().subscriptions.find((item) => item.id === subscription.id);
    return existing?.server !== subscription.server || existing.topic !== subscription.topic;
  }

  return {
    listSubscriptions: async () => {
      const current = settings.get();
      return ok(await Promise.all(current.subscriptions.map((item) => subscriptionDto(item, current))));
    },

    saveSubscription: async (input) => {
      const subscription = validated(input);
      return subscription.ok ? await store(subscription.value) : subscription;
    },

    saveCheckedSubscription: async (input, typed, { saveAnyway }) => {
      const subscription = validated(input);
      if (!subscription.ok) return subscription;
      const { server, topic } = subscription.value;
      const toStore = typedCredentials(server, typed);
      if (!saveAnyway && needsCheck(subscription.value, typed)) {
        const check = await checkAccess(server, topic, typed);
        if (!check.ok) return check;
        const { outcome } = check.value;
        // A server that cannot be reached neither accepts nor refuses: typed credentials wait for "Save anyway",
        // a subscription without any is saved (its connection keeps trying and says how it goes).
        const refused = outcome !== 'ok' && (outcome !== 'unreachable' || toStore !== undefined);
        if (refused) return ok({ outcome: 'not-saved' as const, check: check.value });
      }
      // The secret goes in first: when the keychain refuses it, the subscription is not saved without it either.
      if (toStore !== undefined) {
        const stored = await via.setCredentials(toStore);
        if (!stored.ok) return stored;
      }
      const saved = await store(subscription.value);
      return saved.ok ? ok({ outcome: 'saved' as const, subscription: saved.value }) : saved;
    },

    removeSubscription: async (id, { deleteHistory }) => {
      const subscription = settings.get().subscriptions.find((item) => item.id === id);
      if (subscription === undefined)
        return fail({ code: 'not-found', message: t('rules.bridge.no-such-subscription') });
      const result = await settings.update((latest) => removeSubscription(latest, id));
      if (!result.ok) return validationFailed(result.issues);
      await forgetSubscriptionCredentials(secrets, subscription, log);
      if (deleteHistory) {
        options.history.deleteSubscriptionMessages({ server: subscription.server, topic: subscription.topic });
      }
      return ok(null);
    },

    testSubscription: async (input, typed) => {
      const server = serverUrlOf(input.server);
      if (server === undefined || !isValidTopicName(input.topic)) {
        return fail({ code: 'invalid-argument', message: t('rules.bridge.test-needs-address') });
      }
      return checkAccess(server, input.topic, typed);
    },

    listConnections: () => Promise.resolve(ok(options.connections().map(toConnectionDto))),

    reconnectServer: (serverUrl) => {
      const server = serverUrlOf(serverUrl);
      if (server === undefined)
        return Promise.resolve(fail({ code: 'invalid-argument', message: t('rules.bridge.not-server-url') }));
      options.reconnectServer?.(server);
      return Promise.resolve(ok(null));
    },
  };
}
