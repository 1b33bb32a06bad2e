/**
 * Downloads image attachments (and icons) for popups into a cache directory: http(s) only, an image content type,
 * at most `maxBytes` (default 5 MB, checked against Content-Length and again while streaming), written under a
 * name we choose (a hash plus an image extension) so nothing from the message picks the path. Files are only ever
 * handed to the notifier as images: never executed or opened.
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isFetchableUrl } from './external-url.ts';
import { errorMessage } from '../../../common/error-message.ts';

export const DEFAULT_MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/bmp': '.bmp',
};

/** The content type of a file this cache wrote, from the extension it chose; undefined for anything else. */
export function imageTypeOfCachedFile(file: string): string | undefined {
  const extension = path.extname(file).toLowerCase();
  return Object.entries(EXTENSIONS).find(([, known]) => known === extension)?.[0];
}

export type DownloadResult =
  | { readonly ok: true; readonly path: string; readonly bytes: number }
  | { readonly ok: false; readonly reason: string };

export interface AttachmentCacheOptions {
  readonly dir: string;
  readonly maxBytes?: number;
  readonly timeoutMs?: number;
}

export async function downloadImage(url: string, options: AttachmentCacheOptions): Promise<DownloadResult> {
  const checked = isFetchableUrl(url);
  if (!checked.ok) return { ok: false, reason: checked.reason };
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ATTACHMENT_BYTES;
  let response: Response;
  try {
    response = await fetch(checked.url, { signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
  } catch (error) {
    return { ok: false, reason: errorMessage(error) };
  }
  const refuse = async (reason: string): Promise<DownloadResult> => {
    await response.body?.cancel();
    return { ok: false, reason };
  };
  if (!response.ok) return refuse(`HTTP ${response.status}`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = EXTENSIONS[type];
  if (extension === undefined) return refuse(`not an image (${type === '' ? 'no content type' : type})`);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) return refuse(`larger than ${maxBytes} bytes`);
  if (response.body === null) return refuse('empty body');

  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      return { ok: false, reason: `larger than ${maxBytes} bytes` };
    }
    chunks.push(value);
  }
  await mkdir(options.dir, { recursive: true });
  const name = `${createHash('sha256').update(checked.url).digest('hex').slice(0, 32)}${extension}`;
  const target = path.join(options.dir, name);
  const partial = `${target}.${process.pid}.part`;
  try {
    await writeFile(partial, Buffer.concat(chunks), { mode: 0o600 });
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    return { ok: false, reason: errorMessage(error) };
  }
  return { ok: true, path: target, bytes: size };
}
