/**
 * The window's "Attach a file": a local file uploaded as ntfy's attachment with the credentials stored for the server
 * (as publishMessage sends with them). The window sends the file in parts (common/ipc.ts startUpload); each upload
 * runs in the core as an UploadSession, known by an id the window holds until it finishes or cancels it (an upload
 * the server answered early keeps its answer for finishUpload; one a closed window left behind ends by its timeout
 * and stays a small entry until the app quits).
 */
import { randomUUID } from 'node:crypto';
import type {
  BridgeResult,
  PublishOutcomeDto,
  UploadProgressDto,
  UploadStartDto,
  UploadStartedDto,
} from '../../../common/ipc.ts';
import { t } from '../../../common/i18n/translate.ts';
import type { Logger } from '../ports.ts';
import { allowanceProblem, readAttachmentAllowance, type ReadAllowance } from '../publish/attachment-allowance.ts';
import { buildUploadTarget } from '../publish/publish-input.ts';
import { startUploadSession, type UploadSession } from '../publish/upload-session.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import { publishOutcome, resolveDestination, toPublishInput } from './publish-requests.ts';
import { ok } from './request-results.ts';

/** `startUpload`, `uploadChunk`, `finishUpload` and `cancelUpload` of BridgeRequests (common/ipc.ts). */
export interface UploadRequests {
  readonly startUpload: (input: UploadStartDto) => Promise<BridgeResult<UploadStartedDto>>;
  readonly uploadChunk: (uploadId: string, base64: string) => Promise<BridgeResult<UploadProgressDto>>;
  readonly finishUpload: (uploadId: string) => Promise<BridgeResult<PublishOutcomeDto>>;
  readonly cancelUpload: (uploadId: string) => Promise<BridgeResult<null>>;
}

interface UploadRequestsOptions {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly log: Logger;
  /** Clock milliseconds: tells a scheduled message from one sent now. */
  readonly now: () => number;
  /** Default: `GET /v1/account` of the server (publish/attachment-allowance.ts). */
  readonly readAllowance?: ReadAllowance;
  /** The whole request before the upload allowance, milliseconds. Default 30 s. */
  readonly uploadTimeoutMs?: number;
}

interface Running {
  readonly session: UploadSession;
  readonly input: UploadStartDto;
}

const unknownUpload = (): PublishOutcomeDto => ({ outcome: 'refused', detail: t('core.publish.upload-unknown') });

export function createUploadRequests(options: UploadRequestsOptions): UploadRequests {
  const { settings, secrets, log } = options;
  const readAllowance = options.readAllowance ?? readAttachmentAllowance;
  const running = new Map<string, Running>();
  return {
    startUpload: async (input) => {
      const destination = await resolveDestination(input, settings, secrets);
      if (!destination.ok) {
        const { answer } = destination;
        return answer.ok ? ok({ started: false, outcome: answer.value }) : answer;
      }
      const { server, credentials } = destination;
      const problem = allowanceProblem(input.size, await readAllowance(server, credentials));
      if (problem !== undefined) return ok({ started: false, outcome: { outcome: 'refused', detail: problem } });
      const { size, filename, ...fields } = input;
      const target = buildUploadTarget(toPublishInput(fields, server), filename, credentials);
      const timeout = options.uploadTimeoutMs === undefined ? {} : { timeoutMs: options.uploadTimeoutMs };
      const session = startUploadSession(target, size, timeout);
      const uploadId = randomUUID();
      running.set(uploadId, { session, input });
      void session.ended.then((outcome) => {
        if (!outcome.ok)
          log.log('info', 'upload failed', { server, topic: input.topic, failure: outcome.failure.kind });
      });
      return ok({ started: true, uploadId });
    },
    uploadChunk: async (uploadId, base64) => {
      const upload = running.get(uploadId);
      if (upload === undefined) return ok({ sentBytes: 0, answered: true });
      return ok(await upload.session.write(Buffer.from(base64, 'base64')));
    },
    finishUpload: async (uploadId) => {
      const upload = running.get(uploadId);
      if (upload === undefined) return ok(unknownUpload());
      // Known until the answer is in: Cancel may still come while it is awaited.
      const outcome = await upload.session.finish();
      running.delete(uploadId);
      return ok(publishOutcome(outcome, upload.input, options.now()));
    },
    cancelUpload: (uploadId) => {
      running.get(uploadId)?.session.cancel();
      running.delete(uploadId);
      return Promise.resolve(ok(null));
    },
  };
}
