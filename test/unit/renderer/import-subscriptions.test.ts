/**
 * The import saves through the real core, the way the window does: createBridgeApi over dispatchRequest (the
 * argument checks) into the app service (the settings validation), on a settings file in a temporary folder. The
 * readers only check a file's shape, so these tests are where a bad value in a file meets the words the user reads.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BridgeApi, createBridgeApi } from '../../../common/ipc.ts';
import { createAppService } from '../../../main/core/bridge/app-service.ts';
import { dispatchRequest } from '../../../main/core/bridge/dispatch.ts';
import { SqliteHistoryStore } from '../../../main/core/store/history/index.ts';
import { openConfSettingsStore } from '../../../main/core/store/settings/conf-settings-store.ts';
import { parseClientYml } from '../../../renderer/settings/client-yml-import.ts';
import { describeImport, importSubscriptions } from '../../../renderer/settings/import-subscriptions.ts';
import { parseSubscriptionsJson } from '../../../renderer/settings/subscriptions-json-import.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { planOf } from '../../support/import-plans.ts';
import { createInMemorySecretStoreForDev } from '../../web-bridge/memory-secret-store.ts';

let dir: string;
let history: SqliteHistoryStore;
let api: BridgeApi;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-import-'));
  history = await SqliteHistoryStore.open({ dataDir: dir });
  const log = createRecordingLogger();
  let ids = 0;
  const service = createAppService({
    settings: openConfSettingsStore({ dir, log }),
    history,
    secrets: createInMemorySecretStoreForDev(),
    connections: () => [],
    // Saving never reaches the network; these fail loudly if it ever did.
    checkTopicAccess: () => Promise.reject(new Error('not expected in an import')),
    pause: { get: () => undefined, set: () => undefined },
    openExternal: () => Promise.reject(new Error('not expected in an import')),
    copyText: () => undefined,
    runHttpAction: () => Promise.reject(new Error('not expected in an import')),
    newId: () => `sub-${String((ids += 1))}`,
    now: () => 1_700_000_000_000,
    log,
  });
  api = createBridgeApi({
    invoke: (channel, args) => dispatchRequest(service, channel, args, log),
    listen: () => () => undefined,
  });
});

afterEach(async () => {
  await history.close();
  await rm(dir, { recursive: true, force: true });
});

function subscriptionsFile(subscriptions: readonly unknown[]): string {
  return JSON.stringify({ format: 'ntfy-tray-subscriptions', version: 1, subscriptions });
}

async function topicsInCore(): Promise<string[]> {
  const list = await api.listSubscriptions();
  if (!list.ok) throw new Error(list.error.message);
  return list.value.map((item) => item.topic);
}

describe('importSubscriptions', () => {
  it('counts an item the core answers already-subscribed as skipped, by the code whatever the words', async () => {
    const plan = planOf(parseSubscriptionsJson(subscriptionsFile([{ server: 'https://ntfy.sh', topic: 'taken' }])));
    const reworded: Pick<BridgeApi, 'saveSubscription'> = {
      saveSubscription: () =>
        Promise.resolve({
          ok: false,
          error: { code: 'already-subscribed', message: 'reworded', fields: { topic: 'exists (reworded)' } },
        }),
    };

    const report = await importSubscriptions(reworded, plan);

    expect(report).toMatchObject({ imported: 0, skipped: 1, failures: [] });
  });

  it('tells each value the core refuses in the words of the item, next to what the file could not be read for', async () => {
    const plan = planOf(
      parseSubscriptionsJson(
        subscriptionsFile([
          { server: 'https://ntfy.sh', topic: 'fine' },
          'not an object',
          { server: 'https://ntfy.sh', topic: 'bad topic!' },
          { server: 'https://ntfy.sh', topic: 'a'.repeat(65) },
          { server: 'https://ntfy.sh', topic: 'picky', filters: { priority: ['high', 'highest'] } },
          { server: 'https://ntfy.sh', topic: 'tagged', filters: { tags: ['disk', ' spaced '] } },
          { server: 'https://ntfy.sh', topic: 'empty-tag', filters: { tags: [''] } },
          { server: 'https://ntfy.sh', topic: 'blank', filters: { message: '  ' } },
          { server: 'https://ntfy.sh', topic: 'titled', filters: { title: 'x'.repeat(300) } },
          { server: 'https://ntfy.sh', topic: 'named', displayName: 'x'.repeat(101) },
        ]),
      ),
    );

    const report = await importSubscriptions(api, plan);

    expect(report.imported).toBe(1);
    expect(report.failures).toEqual([
      { label: 'item 2', message: 'must be an object' },
      { label: 'item 3 (bad topic!)', message: 'topic must be 1-64 characters of A-Z a-z 0-9 _ - (got "bad topic!")' },
      { label: `item 4 (${'a'.repeat(65)})`, message: `topic is too long (got "${'a'.repeat(65)}")` },
      {
        label: 'item 5 (picky)',
        message: 'priority filter "highest" must be 1-5 or min, low, default, high, urgent',
      },
      { label: 'item 6 (tagged)', message: 'tag filter " spaced " must be non-empty, without commas or spaces around' },
      { label: 'item 7 (empty-tag)', message: 'tag filter "" must not be empty' },
      { label: 'item 8 (blank)', message: 'message filter must be 1 to 1000 characters, not blank' },
      { label: 'item 9 (titled)', message: 'title filter is too long' },
      { label: 'item 10 (named)', message: 'displayName must be 1 to 100 characters, not blank' },
    ]);
    expect(await topicsInCore()).toEqual(['fine']);
  });

  it('tells the core refusals of client.yml items the same way', async () => {
    const yml = 'subscribe:\n  - topic: not a topic\n  - topic: tagged\n    if:\n      tags: ",disk"\n  - topic: ok\n';
    const report = await importSubscriptions(api, planOf(parseClientYml(yml, { defaultServer: 'https://ntfy.sh' })));

    expect(describeImport(report)).toEqual([
      'Imported 1, skipped 0 (already subscribed), 2 failed: ' +
        'item 1 (not a topic): topic must be 1-64 characters of A-Z a-z 0-9 _ - (got "not a topic"); ' +
        'item 2 (tagged): tag filter "" must not be empty',
    ]);
  });

  it('saves a raw subscription of an older export with the JSON stream, and the report says so', async () => {
    const plan = planOf(
      parseSubscriptionsJson(
        subscriptionsFile([
          { server: 'https://ntfy.sh', topic: 'builds', transport: 'raw' },
          { server: 'https://ntfy.sh', topic: 'deploys', transport: 'raw' },
          { server: 'https://ntfy.sh', topic: 'alerts', transport: 'ws' },
        ]),
      ),
    );

    const report = await importSubscriptions(api, plan);

    const list = await api.listSubscriptions();
    expect(list.ok && list.value.map((item) => [item.topic, item.transport])).toEqual([
      ['builds', 'json'],
      ['deploys', 'json'],
      ['alerts', 'ws'],
    ]);
    expect(report).toMatchObject({ imported: 3, failures: [], rawAsJson: 2 });
    expect(describeImport(report)).toEqual([
      'Imported 3, skipped 0 (already subscribed), 0 failed.',
      '2 subscriptions use the JSON stream instead of raw text, which ntfy Tray no longer offers (the same ' +
        'messages, with titles, priorities and catch-up).',
    ]);
  });

  it('says nothing about raw when the file had none', async () => {
    const plan = planOf(parseSubscriptionsJson(subscriptionsFile([{ server: 'https://ntfy.sh', topic: 'alerts' }])));
    const report = await importSubscriptions(api, plan);
    expect(describeImport(report)).toEqual(['Imported 1, skipped 0 (already subscribed), 0 failed.']);
  });
});
