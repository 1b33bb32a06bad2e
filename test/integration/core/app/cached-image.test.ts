import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppImages, withAttachmentCleanup } from '../../../../main/core/app/cached-image.ts';
import { AttachmentCache } from '../../../../main/core/delivery/attachment-cache.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
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

const picture = (id: string, topic: string) =>
  makeMessage({ id, topic, attachment: { name: `${id}.png`, url: `${host.url}/${id}.png`, type: 'image/png' } });

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

  it('deletes a message’s cached image with the message, its topic’s history, and retention', async () => {
    const server = host.url;
    const ids = ['one', 'two', 'three', 'four'];
    for (const id of ids) host.respond(`/${id}.png`, { type: 'image/png', body: PNG });
    await history.append({
      server,
      messages: [picture('one', 'cams'), picture('two', 'cams'), picture('three', 'doors'), picture('four', 'gates')],
      changes: [],
    });
    const cache = new AttachmentCache({ dir: path.join(dir, 'attachments') });
    for (const id of ids)
      expect(
        await cache.get(`${host.url}/${id}.png`, { server, from: 'subscription-server', maxBytes: 1024 }),
      ).toMatchObject({ ok: true });
    const cleaned = withAttachmentCleanup(history, cache, createRecordingLogger());
    const cached = async (): Promise<string[]> => {
      await cleaned.idle();
      const present = await Promise.all(
        ids.map(async (id) => ((await cache.cached(`${host.url}/${id}.png`)) ? id : '')),
      );
      return present.filter((id) => id !== '');
    };

    expect(cleaned.history.deleteMessage({ server, id: 'one' })).toBe(true);
    expect(await cached()).toEqual(['two', 'three', 'four']);
    expect(cleaned.history.deleteSubscriptionMessages({ server, topic: 'cams' })).toBe(1);
    expect(await cached()).toEqual(['three', 'four']);
    // Retention by age: two days on, every message left is older than a day.
    cleaned.history.applyRetention({ maxAgeDays: 1, maxPerSubscription: 10, now: Date.now() + 2 * 86_400_000 });
    expect(await cached()).toEqual([]);
    expect(await readdir(path.join(dir, 'attachments'))).toEqual([]);
  });
});
