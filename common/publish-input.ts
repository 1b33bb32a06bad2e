/**
 * What a publish carries (the CLI's flags, the window's send form): the core's type (main/core/publish/
 * publish-input.ts sends it), declared here so that the window's PublishInputDto derives from it (publish-dto.ts).
 * An action is ntfy's own action without what the server assigns (common/ntfy-types.ts). Type declarations only.
 */
import type { NtfyAction, Priority } from './ntfy-types.ts';

/** One action button as the JSON publish takes it (ntfy assigns the id). */
export type PublishAction = Omit<NtfyAction, 'id' | 'clear'> & { readonly clear?: boolean };

export interface PublishInput {
  /** The server's base URL, e.g. `https://ntfy.sh` or `http://127.0.0.1:8080/base` (no trailing slash needed). */
  readonly server: string;
  readonly topic: string;
  /** Empty or absent: the server sends "triggered". */
  readonly message?: string;
  readonly title?: string;
  readonly priority?: Priority;
  readonly tags?: readonly string[];
  /** Opened when the notification is clicked. */
  readonly click?: string;
  /** An external attachment by URL (files are uploaded only as the CLI's `body`: `--file` or piped bytes). */
  readonly attach?: string;
  /** The attachment's name, with `attach` or a `body` (`--filename`). */
  readonly filename?: string;
  /** Passed through as typed: `30m`, `2h`, `tomorrow 9am`, a Unix time. The server checks it (10 s to 3 days). */
  readonly delay?: string;
  readonly actions?: readonly PublishAction[];
  readonly markdown?: boolean;
  readonly icon?: string;
  /** Do not keep the message on the server (`X-Cache: no`); a delayed message cannot be uncached. */
  readonly noCache?: boolean;
  /** Do not forward to Firebase (`X-Firebase: no`, ntfy's `--no-firebase`); like `cache`, no JSON field has it. */
  readonly noFirebase?: boolean;
  /** Also sent by e-mail, where the server has a mail sender. */
  readonly email?: string;
  /** Bytes to send as the request body (see the file comment); only from the CLI's stdin or `--file`. */
  readonly body?: PublishBody;
}

/**
 * ntfy makes a message of a body that is UTF-8 and within its message size limit, and an attachment of anything
 * else; `filename` makes it an attachment of that name whatever it holds (server/server.go, handlePublishBody).
 */
interface PublishBody {
  readonly bytes: Uint8Array;
  readonly filename?: string;
}
