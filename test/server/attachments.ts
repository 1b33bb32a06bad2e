/**
 * Uploaded attachments, as ntfy stores them when it has an attachment cache (`attachments` option): the body of a
 * publish that is not a message goes to a file `/file/<id><ext>`, and the message gets `attachment` with `name`,
 * `type`, `size`, `expires` and `url` (server.go, handleBodyAsAttachment). Without the option, uploads are refused
 * with 40014, as by ntfy without `attachment-cache-dir`.
 */
import { isUtf8 } from 'node:buffer';
import { NtfyHttpError, ntfyErrors } from './errors.ts';
import type { NtfyAttachment } from './types.ts';

/**
 * A few of the magic numbers ntfy's type detection (gabriel-vasile/mimetype) knows, with its extensions; the rest is
 * text/plain for UTF-8 and application/octet-stream (`.bin`, util.DetectContentType) otherwise.
 */
const SIGNATURES: readonly (readonly [prefix: readonly (number | undefined)[], type: string, ext: string])[] = [
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png', '.png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg', '.jpg'],
  [[0x47, 0x49, 0x46, 0x38], 'image/gif', '.gif'],
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'application/pdf', '.pdf'],
  [[0x50, 0x4b, 0x03, 0x04], 'application/zip', '.zip'],
];

/** ntfy detects the type from the first bytes of the body, whatever the file name says. */
export function detectContentType(bytes: Buffer): { readonly type: string; readonly ext: string } {
  const known = SIGNATURES.find(([prefix]) =>
    prefix.every((byte, index) => index < bytes.length && (byte === undefined || bytes[index] === byte)),
  );
  if (known !== undefined) return { type: known[1], ext: known[2] };
  if (isUtf8(bytes)) return { type: 'text/plain; charset=utf-8', ext: '.txt' };
  return { type: 'application/octet-stream', ext: '.bin' };
}

export interface AttachmentLimits {
  /** Bytes per file (ntfy's `attachment-file-size-limit`, 15 MB by default). */
  readonly fileSizeLimitBytes: number;
  /** How long a file is kept (ntfy's `attachment-expiry-duration`, 3 hours by default). */
  readonly expiryMs: number;
}

/** Where uploads go for one publish: the limits and the base URL the file URL starts with. */
export interface UploadContext extends AttachmentLimits {
  readonly baseUrl: string;
}

/**
 * The attachment for `bytes` uploaded with message `id` (41301 over the size limit); `filename` is what the
 * publisher named it, else `attachment<ext>` as ntfy names it.
 */
export function uploadedAttachment(
  id: string,
  bytes: Buffer,
  filename: string,
  context: UploadContext,
  nowMs: number,
): NtfyAttachment {
  if (bytes.length > context.fileSizeLimitBytes) throw new NtfyHttpError(ntfyErrors.attachmentTooLarge);
  const { type, ext } = detectContentType(bytes);
  return {
    name: filename === '' ? `attachment${ext}` : filename,
    type,
    size: bytes.length,
    expires: Math.floor((nowMs + context.expiryMs) / 1000),
    url: `${context.baseUrl}/file/${id}${ext}`,
  };
}

/** The uploaded files by their name under `/file/` (`<id><ext>`), kept in memory for the server's life. */
export class AttachmentFiles {
  readonly #files = new Map<string, { readonly bytes: Buffer; readonly type: string }>();

  put(attachment: NtfyAttachment, bytes: Buffer): void {
    const name = attachment.url.split('/').pop() ?? '';
    this.#files.set(name, { bytes, type: attachment.type ?? 'application/octet-stream' });
  }

  get(name: string): { readonly bytes: Buffer; readonly type: string } | undefined {
    return this.#files.get(name);
  }
}
