/** Publishing from the window (IPC DTOs; see ipc-dto.ts). */
import type { PublishAction, PublishInput } from './publish-input.ts';

/** One action button of a message to send; the server gives it its id. */
export type PublishActionDto = PublishAction;

/**
 * A message to send to `topic` on `server`, with the credentials stored for that server (the window never holds a
 * secret). Empty strings mean "not set"; the server checks the rest (delay 10 s to 3 days, at most 3 actions). What
 * only the CLI sends (e-mail, no-firebase, piped bytes) is left out.
 */
export type PublishInputDto = Omit<PublishInput, 'noFirebase' | 'email' | 'body'>;

/**
 * `sent` carries the server's id and time (Unix seconds; `scheduled` when that is still ahead). The failures are
 * said in `detail` in plain words: `read-only` is a 403 (the user may not write here), `wrong-credentials` a 401,
 * `missing-credentials` a stored auth whose secret the keychain lacks (nothing was sent), `refused` any other
 * refusal (ntfy's `code` when given), `rate-limited` a 429, `unreachable` no answer.
 */
export type PublishOutcomeDto =
  | { readonly outcome: 'sent'; readonly id: string; readonly time: number; readonly scheduled: boolean }
  | {
      readonly outcome:
        'read-only' | 'wrong-credentials' | 'missing-credentials' | 'refused' | 'rate-limited' | 'unreachable';
      readonly detail: string;
      readonly status?: number;
      readonly code?: number;
    };

/**
 * A local file to send as the attachment of a message (ntfy's `PUT /<topic>` with the file as the body): its name and
 * size; the bytes follow in parts (`uploadChunk`), the other fields are a message's.
 */
export interface UploadStartDto extends Omit<PublishInputDto, 'attach' | 'filename'> {
  readonly filename: string;
  readonly size: number;
}

/** Started (parts may follow), or not: refused before a byte was sent (a file over the server's limit, no secret). */
export type UploadStartedDto =
  | { readonly started: true; readonly uploadId: string }
  | { readonly started: false; readonly outcome: PublishOutcomeDto };

/** After a part: the bytes the core has handed on, and whether the server already answered (send no more then). */
export interface UploadProgressDto {
  readonly sentBytes: number;
  readonly answered: boolean;
}
