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
import { type PublishOutcome, type SendPublish, sendPublish } from '../publish/send-publish.ts';
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

/** A publish's outcome in the bridge's terms: `sent` with the server's id and time, or why not, in words. */
export function publishOutcome(outcome: PublishOutcome, dto: PublishInputDto, now: number): PublishOutcomeDto {
  if (!outcome.ok) return failureOutcome(outcome.failure, dto.delay);
  const { id, time } = outcome.message;
  return { outcome: 'sent', id, time, scheduled: time * 1000 > now + 1000 };
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
export function toPublishInput(dto: PublishInputDto, server: string): PublishInput {
  const entries = Object.entries({ ...dto, server }).filter(([, value]) => value !== '');
  return Object.fromEntries(entries) as unknown as PublishInput;
}

/** Where a publish goes and with what: the server as settings keep it and the credentials stored for it. */
type PublishDestination =
  | { readonly ok: true; readonly server: string; readonly credentials: Credentials }
  | { readonly ok: false; readonly answer: BridgeResult<PublishOutcomeDto> };

/** The server of `dto` checked and its stored credentials read, or the answer that ends the request here. */
export async function resolveDestination(
  dto: Pick<PublishInputDto, 'server'>,
  settings: SettingsStore,
  secrets: SecretStore,
): Promise<PublishDestination> {
  let server: string;
  try {
    server = normalizeServerUrl(dto.server);
  } catch {
    server = '';
  }
  if (!/^https?:/.test(server)) {
    return { ok: false, answer: validationFailed([{ path: 'server', message: invalidServerUrl().message }]) };
  }
  try {
    const credentials = await resolveCredentials({ url: server, auth: serverAuth(settings.get(), server) }, secrets);
    return { ok: true, server, credentials };
  } catch (error) {
    if (error instanceof MissingSecretError) {
      return { ok: false, answer: ok({ outcome: 'missing-credentials', detail: t('core.publish.secret-missing') }) };
    }
    return { ok: false, answer: keychainError(error) };
  }
}

export function createPublishRequests(options: PublishRequestsOptions): PublishRequests {
  const { settings, secrets, log } = options;
  const send = options.sendPublish ?? sendPublish;
  return {
    publishMessage: async (dto) => {
      const destination = await resolveDestination(dto, settings, secrets);
      if (!destination.ok) return destination.answer;
      const { server, credentials } = destination;
      const outcome = await send(buildPublishRequest(toPublishInput(dto, server), credentials));
      if (!outcome.ok) log.log('info', 'publish failed', { server, topic: dto.topic, failure: outcome.failure.kind });
      return ok(publishOutcome(outcome, dto, options.now()));
    },
  };
}
