/**
 * The subscription test's one check, also made before a save: may these credentials (typed, or the stored ones)
 * read a topic on a server? The answer in the user's words (made when asked, in the active language).
 */
import type {
  BridgeResult,
  SubscriptionTestOutcome,
  SubscriptionTestResult,
  TestCredentialsDto,
} from '../../../common/ipc.ts';
import { t, type MessageKey } from '../../../common/i18n/translate.ts';
import type { CheckTopicAccess, TopicAccess } from '../engine/http-requests.ts';
import { buildSubscribeRequest, type Credentials } from '../protocol/subscribe-request.ts';
import { resolveCredentials } from '../store/secrets/credentials.ts';
import { MissingSecretError } from '../store/secrets/errors.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { keychainError, ok, serverAuth } from './request-results.ts';

interface AccessCheckOptions {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly checkTopicAccess: CheckTopicAccess;
}

type AccessCheck = (
  server: string,
  topic: string,
  typed: TestCredentialsDto,
) => Promise<BridgeResult<SubscriptionTestResult>>;

/** What each answer of the access check tells the user (the words made when asked, in the active language). */
const TEST_OUTCOMES: Record<TopicAccess, [SubscriptionTestOutcome, Extract<MessageKey, `core.test.${string}`>]> = {
  readable: ['ok', 'core.test.readable'],
  unauthorized: ['wrong-credentials', 'core.test.unauthorized'],
  forbidden: ['no-permission', 'core.test.forbidden'],
  'rate-limited': ['unreachable', 'core.test.rate-limited'],
  unknown: ['unreachable', 'core.test.unknown'],
};

export function createAccessCheck(options: AccessCheckOptions): AccessCheck {
  const { settings, secrets } = options;

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

  /** Test's one check: may these credentials (typed, or the stored ones) read `topic` on `server`? */
  return async function checkAccess(
    server: string,
    topic: string,
    typed: TestCredentialsDto,
  ): Promise<BridgeResult<SubscriptionTestResult>> {
    const credentials = typed.kind === 'stored' ? await storedCredentials(server) : typed;
    if ('ok' in credentials) return credentials;
    const request = buildSubscribeRequest({ baseUrl: server, topics: [topic], transport: 'json', credentials });
    const { answer, trouble } = await options.checkTopicAccess(request);
    const [outcome, detail] = TEST_OUTCOMES[answer];
    // Refused without credentials: "these credentials" would name something the user never gave.
    const anonymous = answer === 'forbidden' && credentials.kind === 'none';
    const words = t(anonymous ? 'core.test.forbidden-anonymous' : detail);
    return ok(trouble === undefined ? { outcome, detail: words } : { outcome, detail: words, trouble });
  };
}
