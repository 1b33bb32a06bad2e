/**
 * The window's "Send a message": publishes through main/core/publish with the credentials stored for the server
 * (as subscribing uses them), and answers what happened as a value — sent (id, time, scheduled) or why not, in words.
 */
import type { BridgeResult, PublishInputDto, PublishOutcomeDto } from '../../../common/ipc.ts';
import { invalidServerUrl, normalizeServerUrl } from '../../../common/server-url.ts';
import type { Logger } from '../ports.ts';
import type { Credentials } from '../protocol/subscribe-request.ts';
import { describePublishFailure, type PublishFailure } from '../publish/publish-failure.ts';
import { buildPublishRequest, type PublishInput } from '../publish/publish-input.ts';
import { type SendPublish, sendPublish } from '../publish/send-publish.ts';
import { resolveCredentials } from '../store/secrets/credentials.ts';
import { MissingSecretError } from '../store/secrets/errors.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { keychainError, ok, serverAuth, validationFailed } from './request-results.ts';
import { t } from '../../../common/i18n/translate.ts';

/** `publishMessage` of BridgeRequests (common/ipc.ts). */
export interface PublishRequests {
  readonly publishMessage: (input: PublishInputDto) => Promise<BridgeResult<PublishOutcomeDto>>;
}

export interface PublishRequestsOptions {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly log: Logger;
  /** Clock milliseconds: tells a scheduled message from one sent now. */
  readonly now: () => number;
  /** Default: the real HTTP publish. */
  readonly sendPublish?: SendPublish;
}

function failureOutcome(failure: PublishFailure, delay: string | undefined): PublishOutcomeDto {
  const detail = describePublishFailure(failure, delay === undefined ? {} : { delay });
  if (failure.kind !== 'refused') return { outcome: failure.kind === 'network' ? 'unreachable' : 'refused', detail };
  const outcome =
    failure.status === 403
      ? 'read-only'
      : failure.status === 401
        ? 'wrong-credentials'
        : failure.status === 429
          ? 'rate-limited'
          : 'refused';
  return { outcome, detail, status: failure.status, ...(failure.code === undefined ? {} : { code: failure.code }) };
}

/** The DTO's "not set" empty strings left out, and the server URL in the form settings keep it. */
function toInput(dto: PublishInputDto, server: string): PublishInput {
  const entries = Object.entries({ ...dto, server }).filter(([, value]) => value !== '');
  return Object.fromEntries(entries) as unknown as PublishInput;
}

export function createPublishRequests(options: PublishRequestsOptions): PublishRequests {
  const { settings, secrets, log } = options;
  const send = options.sendPublish ?? sendPublish;
  return {
    publishMessage: async (dto) => {
      let server: string;
      try {
        server = normalizeServerUrl(dto.server);
      } catch {
        return validationFailed([{ path: 'server', message: invalidServerUrl().message }]);
      }
      if (!/^https?:/.test(server)) return validationFailed([{ path: 'server', message: invalidServerUrl().message }]);
      let credentials: Credentials;
      try {
        credentials = await resolveCredentials({ url: server, auth: serverAuth(settings.get(), server) }, secrets);
      } catch (error) {
        if (error instanceof MissingSecretError) {
          return ok({ outcome: 'missing-credentials', detail: t('core.publish.secret-missing') });
        }
        return keychainError(error);
      }
      const outcome = await send(buildPublishRequest(toInput(dto, server), credentials));
      if (!outcome.ok) {
        log.log('info', 'publish failed', { server, topic: dto.topic, failure: outcome.failure.kind });
        return ok(failureOutcome(outcome.failure, dto.delay));
      }
      const { id, time } = outcome.message;
      return ok({ outcome: 'sent', id, time, scheduled: time * 1000 > options.now() + 1000 });
    },
  };
}
