/**
 * The app's image attachments: one AttachmentCache for popups and the window's previews, asked as the "download
 * attachments" preferences say at that moment; a preview is read back from the cached file (so viewing a message
 * again fetches nothing). `withAttachmentCleanup` deletes a message's cached image with the message: after a delete,
 * a topic's history being cleared, or retention, the files no stored message refers to any more go.
 */
import { readFile } from 'node:fs/promises';
import type { MessageActionRequestsOptions } from '../bridge/message-action-requests.ts';
import { type AttachmentCache, type CacheRequest, imageTypeOfCachedFile } from '../delivery/attachment-cache.ts';
import type { AppHistoryStore, Logger } from '../ports.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';

type ReadImage = NonNullable<MessageActionRequestsOptions['readImage']>;

interface AppImages {
  /** For the notification dispatcher: the cached file, or undefined when it may not or could not be downloaded. */
  readonly downloadImage: (url: string, server: string) => Promise<string | undefined>;
  /** For the window's preview. */
  readonly readImage: ReadImage;
}

export function createAppImages(cache: AttachmentCache, settings: SettingsStore, log: Logger): AppImages {
  const requestFor = (server: string): CacheRequest => {
    const { autoDownloadAttachments, autoDownloadMaxBytes } = settings.get().preferences;
    return { server, from: autoDownloadAttachments, maxBytes: autoDownloadMaxBytes };
  };
  const downloadImage = async (url: string, server: string): Promise<string | undefined> => {
    const result = await cache.get(url, requestFor(server));
    if (!result.ok) log.log('info', 'not showing an image attachment', { reason: result.reason });
    return result.ok ? result.path : undefined;
  };
  return {
    downloadImage,
    readImage: async (url, server) => {
      const file = await downloadImage(url, server);
      const type = file === undefined ? undefined : imageTypeOfCachedFile(file);
      if (file === undefined || type === undefined) return undefined;
      return { type, bytes: await readFile(file) };
    },
  };
}

export interface CleanedHistory {
  readonly history: AppHistoryStore;
  /** Resolves once the cleanups started so far are done (tests). */
  readonly idle: () => Promise<void>;
}

/** The history, whose deletes also delete the cached images no stored message holds any more. */
export function withAttachmentCleanup(history: AppHistoryStore, cache: AttachmentCache, log: Logger): CleanedHistory {
  let pending = Promise.resolve();
  const cleanUp = (): void => {
    pending = pending
      .then(async () => {
        await cache.keepOnly(history.attachmentUrls());
      })
      .catch((error: unknown) => {
        log.log('warn', 'could not delete cached attachments', { error: String(error) });
      });
  };
  const overrides: Partial<AppHistoryStore> = {
    deleteMessage: (ref) => {
      const deleted = history.deleteMessage(ref);
      if (deleted) cleanUp();
      return deleted;
    },
    deleteSubscriptionMessages: (subscription) => {
      const removed = history.deleteSubscriptionMessages(subscription);
      if (removed > 0) cleanUp();
      return removed;
    },
    applyRetention: (options) => {
      const result = history.applyRetention(options);
      if (result.removedByAge + result.removedByCount > 0) cleanUp();
      return result;
    },
  };
  const cleaned = new Proxy(history, {
    get(target, key) {
      if (typeof key === 'string' && Object.hasOwn(overrides, key)) return overrides[key as keyof AppHistoryStore];
      const value: unknown = Reflect.get(target, key, target);
      // The store's methods use private fields: they run on the store itself, never on the proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { history: cleaned, idle: () => pending };
}
