/**
 * What `… | ntfy-tray publish <topic>` sends: short text as the message; anything else as the body ntfy turns into
 * an attachment (docs/protocol.md#attachments-and-actions). How much is read at all is capped at what a default
 * ntfy server takes as one attachment, so an endless pipe (`yes | …`) is refused instead of filling memory.
 */
import { isUtf8 } from 'node:buffer';
import { t } from '../../../common/i18n/translate.ts';
import { fitsJsonPublish, type PublishInput } from './publish-input.ts';

/** ntfy's message size limit, bytes: a longer body becomes an attachment (server/config.go, DefaultMessageSizeLimit). */
const MESSAGE_SIZE_LIMIT_BYTES = 4096;

/**
 * The most stdin is read, bytes: ntfy's default attachment size limit, 15 MB (server/config.go,
 * DefaultAttachmentFileSizeLimit = 15 * 1024 * 1024). A server configured for less answers 413 (41301).
 */
export const PIPED_LIMIT_BYTES = 15 * 1024 * 1024;

/** The limit as people write it ("15 MB", as ntfy's docs and config do), for the refusal. */
export const PIPED_LIMIT_WORDS = '15 MB';

export type PipedInput =
  { readonly ok: true; readonly input: PublishInput } | { readonly ok: false; readonly problem: string };

/** Magic numbers of the files people pipe most, for a name with the right extension; ntfy sniffs the type itself. */
const SIGNATURES: readonly (readonly [prefix: readonly (number | undefined)[], extension: string])[] = [
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'png'],
  [[0xff, 0xd8, 0xff], 'jpg'],
  [[0x47, 0x49, 0x46, 0x38], 'gif'],
  // RIFF, four bytes of size, WEBP
  [[0x52, 0x49, 0x46, 0x46, undefined, undefined, undefined, undefined, 0x57, 0x45, 0x42, 0x50], 'webp'],
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'pdf'],
  [[0x50, 0x4b, 0x03, 0x04], 'zip'],
  [[0x1f, 0x8b], 'gz'],
];

/** `attachment.png` for a PNG, …; `attachment.bin` for bytes it does not know (the name ntfy gives unknown types). */
export function pipedFileName(bytes: Uint8Array): string {
  const known = SIGNATURES.find(([prefix]) =>
    prefix.every((byte, index) => index < bytes.length && (byte === undefined || bytes[index] === byte)),
  );
  return `attachment.${known?.[1] ?? 'bin'}`;
}

/** Go's unicode.IsSpace: what strings.TrimSpace takes off both ends (not the BOM, which JavaScript's trim() takes). */
const GO_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const GO_TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, 'g');

/** Piped text as ntfy's CLI sends it: strings.TrimSpace (cmd/publish.go parseTopicMessageCommand). */
export function goTrimSpace(text: string): string {
  return text.replace(GO_TRIM, '');
}

/**
 * `bytes` (all of stdin, at most PIPED_LIMIT_BYTES) into the input:
 * - UTF-8 text of at most 4096 bytes: the message, sent as JSON like a message given as words;
 * - longer text: the body, as is; ntfy stores it as an attachment (attachment.txt), as for `ntfy publish`;
 * - anything else (a PNG, …): the body with a file name from its first bytes, so the server stores its exact bytes
 *   instead of refusing or mangling them as a message (40011).
 * With `--attach` the body would be the message of the external attachment (ntfy cuts it to 4096 bytes), so only
 * short text is taken there.
 */
export function withPipedInput(input: PublishInput, bytes: Uint8Array): PipedInput {
  if (isUtf8(bytes)) {
    // A byte order mark stays: it is part of what was piped in.
    const message = goTrimSpace(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
    const asMessage = { ...input, message };
    const short = new TextEncoder().encode(message).length <= MESSAGE_SIZE_LIMIT_BYTES;
    if (short && fitsJsonPublish(asMessage)) return { ok: true, input: asMessage };
    if (input.attach !== undefined) return tooLongWithAttach();
    return { ok: true, input: { ...input, body: { bytes: new TextEncoder().encode(message) } } };
  }
  if (input.attach !== undefined) return tooLongWithAttach();
  return { ok: true, input: { ...input, body: { bytes, filename: pipedFileName(bytes) } } };
}

function tooLongWithAttach(): PipedInput {
  return { ok: false, problem: t('cli.publish.stdin-with-attach', { limit: String(MESSAGE_SIZE_LIMIT_BYTES) }) };
}

/** A file given with `--file` as the body, named `--filename` when given, else `name`: always an attachment. */
export function withFileBody(input: PublishInput, bytes: Uint8Array, name: string): PublishInput {
  return { ...input, body: { bytes, filename: input.filename ?? name } };
}

/** The refusal for more than PIPED_LIMIT_BYTES on stdin. */
export function pipedTooLarge(): string {
  return t('cli.publish.stdin-too-large', { limit: PIPED_LIMIT_WORDS });
}
