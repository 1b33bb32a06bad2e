import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CleanedHistory, createAppImages, withAttachmentCleanup } from '../../../../main/core/app/cached-image.ts';
import { AttachmentCache } from '../../../../main/core/delivery/attachment-cache.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { startTestServer } from '../../../server/index.ts';
import { startPublisherHost, type PublisherHost } from '../../../server/publisher-host.ts';
import { makeMessage } from '../../../support/messages.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let dir: string;
let host: PublisherHost;
let history: SqliteHistoryStore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-images-'));
  host = await startPublisherHost();
  history = await SqliteHistoryStore.open({ dataDir: dir });
});

afterEach(async () => {
  await history.close();
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

const picture = (id: string, topic: string, time = 1) =>
  makeMessage({ id, topic, time, attachment: { name: `${id}.png`, url: `${host.url}/${id}.png`, type: 'image/png' } });

/** Caches each message's image (all from the subscription's server), as a popup or preview would. */
async function cacheImages(ids: readonly string[]): Promise<AttachmentCache> {
  const cache = new AttachmentCache({ dir: path.join(dir, 'attachments') });
  for (const id of ids) {
    host.respond(`/${id}.png`, { type: 'image/png', body: PNG });
    const request = { server: host.url, from: 'subscription-server', maxBytes: 1024 } as const;
    expect(await cache.get(`${host.url}/${id}.png`, request)).toMatchObject({ ok: true });
  }
  return cache;
}

/** The ids among `ids` whose image is still in the cache, once the cleanups started so far are done. */
async function stillCached(cleaned: CleanedHistory, cache: AttachmentCache, ids: readonly string[]) {
  await cleaned.idle();
  const present = await Promise.all(ids.map(async (id) => ((await cache.cached(`${host.url}/${id}.png`)) ? id : '')));
  return present.filter((id) => id !== '');
}

describe('the app’s image attachments', () => {
  it('previews from the cache: viewing a message again fetches nothing', async () => {
    host.respond('/cam.png', { type: 'image/png', body: PNG });
    const settings = openConfSettingsStore({ dir, log: createRecordingLogger() });
    const images = createAppImages(
      new AttachmentCache({ dir: path.join(dir, 'attachments') }),
      settings,
      createRecordingLogger(),
    );
    for (let view = 0; view < 3; view++)
      expect(await images.readImage(`${host.url}/cam.png`, host.url)).toEqual({ type: 'image/png', bytes: PNG });
    expect(host.requests.map((request) => request.path)).toEqual(['/cam.png']);
  });

  it('fetches images as "download attachments" says: by default only from the subscription’s own server; “never” fetches nothing', async () => {
    const ntfy = await startTestServer({ attachments: true });
    try {
      const settings = openConfSettingsStore({ dir, log: createRecordingLogger() });
      // Every address counts as public: only the setting keeps the other host out, not the internal-address guard.
      const guard = { interfaces: () => [], classify: () => 'public' as const };
      const cache = new AttachmentCache({ dir: path.join(dir, 'attachments'), ...guard });
      const images = createAppImages(cache, settings, createRecordingLogger());
      /** An image uploaded to the subscription's server (its `/file/…` URL), and one on another host. */
      const pictures = async (name: string): Promise<{ own: string; other: string }> => {
        const answer = await fetch(`${ntfy.url}/cams`, {
          method: 'PUT',
          headers: { Filename: `${name}.png` },
          body: PNG,
        });
        const { attachment } = (await answer.json()) as { attachment: { url: string } };
        host.respond(`/${name}.png`, { type: 'image/png', body: PNG });
        return { own: attachment.url, other: `${host.url}/${name}.png` };
      };
      /** Which of the two the app fetched, by the requests each server saw. */
      const fetched = async (name: string): Promise<string[]> => {
        const { own, other } = await pictures(name);
        const before = { own: ntfy.requests.length, other: host.requests.length };
        await images.downloadImage(own, ntfy.url);
        await images.downloadImage(other, ntfy.url);
        return [
          ...(ntfy.requests.slice(before.own).some((entry) => entry.path.startsWith('/file/')) ? ['own'] : []),
          ...(host.requests.length > before.other ? ['other'] : []),
        ];
      };
      const fetchFrom = (from: 'never' | 'any-server') =>
        settings.update((current) => ({
          ...current,
          preferences: { ...current.preferences, autoDownloadAttachments: from },
        }));

      expect(settings.get().preferences.autoDownloadAttachments).toBe('subscription-server'); // the default
      expect(await fetched('default')).toEqual(['own']);
      await fetchFrom('never');
      expect(await fetched('never')).toEqual([]);
      await fetchFrom('any-server');
      expect(await fetched('anywhere')).toEqual(['own', 'other']);
    } finally {
      await ntfy.close();
    }
  });

  it('deletes a message’s cached image with the message, its topic’s history, and retention', async () => {
    const server = host.url;
    const ids = ['one', 'two', 'three', 'four'];
    await history.append({
      server,
      messages: [picture('one', 'cams'), picture('two', 'cams'), picture('three', 'doors'), picture('four', 'gates')],
      changes: [],
    });
    const cache = await cacheImages(ids);
    const cleaned = withAttachmentCleanup(history, cache, createRecordingLogger());
    const cached = () => stillCached(cleaned, cache, ids);

    expect(cleaned.history.deleteMessage({ server, id: 'one' })).toBe(true);
    expect(await cached()).toEqual(['two', 'three', 'four']);
    expect(cleaned.history.deleteSubscriptionMessages({ server, topic: 'cams' })).toBe(1);
    expect(await cached()).toEqual(['three', 'four']);
    // Retention by age: two days on, every message left is older than a day.
    cleaned.history.applyRetention({ maxAgeDays: 1, maxPerSubscription: 10, now: Date.now() + 2 * 86_400_000 });
    expect(await cached()).toEqual([]);
    expect(await readdir(path.join(dir, 'attachments'))).toEqual([]);
  });

  it('deletes the cached images of the messages retention by count removes, and only theirs', async () => {
    const now = Date.UTC(2026, 10, 28, 12);
    const second = now / 1000;
    const ids = ['oldest', 'older', 'newest', 'door'];
    await history.append({
      server: host.url,
      messages: [
        picture('oldest', 'cams', second - 300),
        picture('older', 'cams', second - 200),
        picture('newest', 'cams', second - 100),
        picture('door', 'doors', second - 400),
      ],
      changes: [],
    });
    const cache = await cacheImages(ids);
    const cleaned = withAttachmentCleanup(history, cache, createRecordingLogger());
    // Every message is minutes old: none goes by age, two of cams go by count.
    expect(cleaned.history.applyRetention({ maxAgeDays: 30, maxPerSubscription: 1, now })).toEqual({
      removedByAge: 0,
      removedByCount: 2,
    });
    expect(await stillCached(cleaned, cache, ids)).toEqual(['newest', 'door']);
  });
});
