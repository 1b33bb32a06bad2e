/**
 * The window's subscription requests: list, save (validated here, the one place the app checks a new
 * subscription), remove, test against the server, and the connection statuses the list shows beside them.
 */
import type {
  BridgeRequests,
  BridgeResult,
  CredentialsInput,
  SubscriptionDto,
  SubscriptionInput,
  TestCredentialsDto,
} from '../../../common/ipc.ts';
import { t } from '../../../common/i18n/translate.ts';
import { serverUrlOf } from '../../../common/server-url.ts';
import { isValidTopicName } from '../../../common/topic-name.ts';
import type { ConnectionStatus } from '../engine/connection-types.ts';
import type { CheckTopicAccess } from '../engine/http-requests.ts';
import type { AppHistoryStore, Logger } from '../ports.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import { removeSubscription, upsertServer, upsertSubscription } from '../store/settings/edits.ts';
import type { SubscriptionSettings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { toConnectionDto } from './dto.ts';
import { createAccessCheck } from './subscription-access-check.ts';
import { createSubscriptionDtos, type ServerFacts, type SubscriptionCommandState } from './subscription-listing.ts';
import { forgetSubscriptionCredentials } from './subscription-credentials.ts';
import { checkedSubscription, takenIn } from './subscription-input.ts';
import { fail, ok, validationFailed } from './request-results.ts';

export type SubscriptionRequests = Pick<
  BridgeRequests,
  | 'listSubscriptions'
  | 'saveSubscription'
  | 'saveCheckedSubscription'
  | 'removeSubscription'
  | 'stopSubscriptionCommand'
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
  /** The subscriptions' commands (core/app/subscription-commands.ts); absent: no command runs. */
  readonly commands?: SubscriptionCommandState;
}

/** The credential request a checked save stores typed credentials through (credential-requests.ts). */
type SubscriptionRequestsVia = Pick<BridgeRequests, 'setCredentials'>;

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
  const subscriptionDto = createSubscriptionDtos(options);
  const checkAccess = createAccessCheck(options);

  function validated(input: SubscriptionInput): BridgeResult<SubscriptionSettings> {
    const current = settings.get();
    return checkedSubscription(input, { current, newId: options.newId, isTaken: takenIn(current) });
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

  /** Whether a save must ask the server first: typed credentials, and a subscription to an address not yet checked. */
  function needsCheck(subscription: SubscriptionSettings, typed: TestCredentialsDto): boolean {
    if (typedCredentials(subscription.server, typed) !== undefined) return true;
    const existing = settings.get().subscriptions.find((item) => item.id === subscription.id);
    return existing?.server !== subscription.server || existing.topic !== subscription.topic;
  }

  return {
    listSubscriptions: async () => {
      const current = settings.get();
      const facts: ServerFacts = new Map();
      return ok(await Promise.all(current.subscriptions.map((item) => subscriptionDto(item, current, facts))));
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

    stopSubscriptionCommand: (id) => {
      if (!settings.get().subscriptions.some((item) => item.id === id))
        return Promise.resolve(fail({ code: 'not-found', message: t('rules.bridge.no-such-subscription') }));
      return Promise.resolve(ok(options.commands?.stop(id) ?? false));
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
