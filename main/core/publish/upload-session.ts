/**
 * A file uploaded as ntfy's attachment, written in parts as they come (from the window, through the bridge): the
 * request head goes out with the file's size as Content-Length, each part is handed to the socket before the next is
 * asked for, so memory holds one part whatever the file's size, and the progress is what the socket took. Cancel
 * destroys the request before its body is complete: ntfy publishes only after reading the whole body
 * (server.go handleBodyAsAttachment, fileCache.Write), so nothing is published.
 */
import { t } from '../../../common/i18n/translate.ts';
import {
  openPublish,
  PUBLISH_TIMEOUT_MS,
  uploadTimeoutMs,
  type PublishOutcome,
  type PublishTarget,
} from './send-publish.ts';

interface UploadProgress {
  /** Bytes handed to the socket so far. */
  readonly sentBytes: number;
  /** The server has answered (or the request ended): send no more parts, `finish` says what happened. */
  readonly answered: boolean;
}

export interface UploadSession {
  /** Resolves once the part is handed to the socket; parts beyond the announced size are refused (answered). */
  readonly write: (part: Uint8Array) => Promise<UploadProgress>;
  /** Ends the body (when every byte was written) and waits for the server's answer. */
  readonly finish: () => Promise<PublishOutcome>;
  /** Aborts the request; the server sees a body cut short and publishes nothing. */
  readonly cancel: () => void;
  /** Settles when the request is over, however it ended (the owner forgets the session then). */
  readonly ended: Promise<PublishOutcome>;
}

interface UploadSessionOptions {
  /** The whole request, milliseconds, before the upload allowance. Default 30 s. */
  readonly timeoutMs?: number;
}

function localFailure(message: string): PublishOutcome {
  return { ok: false, failure: { kind: 'local', message } };
}

export function startUploadSession(
  target: PublishTarget,
  sizeBytes: number,
  options: UploadSessionOptions = {},
): UploadSession {
  const opened = openPublish(target, sizeBytes, uploadTimeoutMs(options.timeoutMs ?? PUBLISH_TIMEOUT_MS, sizeBytes));
  let sentBytes = 0;
  let over = false;
  const ended = opened.outcome.then((outcome) => {
    over = true;
    return outcome;
  });
  if (!opened.opened) {
    return {
      write: () => Promise.resolve({ sentBytes, answered: true }),
      finish: () => ended,
      cancel: () => undefined,
      ended,
    };
  }
  const { outgoing } = opened;
  // The head goes out now: a server that refuses the size (ntfy's early Content-Length check) says so before a part.
  outgoing.flushHeaders();
  const write = (part: Uint8Array): Promise<UploadProgress> =>
    new Promise((resolve) => {
      if (over || outgoing.destroyed || sentBytes + part.byteLength > sizeBytes) {
        resolve({ sentBytes, answered: true });
        return;
      }
      outgoing.write(part, (error) => {
        if (error == null) sentBytes += part.byteLength;
        resolve({ sentBytes, answered: over || error != null });
      });
    });
  const finish = (): Promise<PublishOutcome> => {
    if (!over && sentBytes !== sizeBytes) {
      outgoing.destroy();
      return Promise.resolve(localFailure(t('core.publish.upload-incomplete')));
    }
    if (!over) outgoing.end();
    return ended;
  };
  const cancel = (): void => {
    outgoing.destroy();
  };
  return { write, finish, cancel, ended };
}
