/**
 * The window's image previews in the app: an attachment fetched through the attachment cache (its type and size
 * checks), read back from the cached file. The bridge service only sees `readImage`.
 */
import { readFile } from 'node:fs/promises';
import type { MessageActionRequestsOptions } from '../bridge/message-action-requests.ts';
import { imageTypeOfCachedFile } from '../delivery/attachment-cache.ts';

type ReadImage = NonNullable<MessageActionRequestsOptions['readImage']>;

/** `downloadImage` answers the cached file's path, or undefined when it would not fetch it. */
export function readCachedImage(downloadImage: ((url: string) => Promise<string | undefined>) | undefined): ReadImage {
  return async (url) => {
    const file = await downloadImage?.(url);
    const type = file === undefined ? undefined : imageTypeOfCachedFile(file);
    if (file === undefined || type === undefined) return undefined;
    return { type, bytes: await readFile(file) };
  };
}
