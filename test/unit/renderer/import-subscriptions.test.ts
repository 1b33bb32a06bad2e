/**
 * The import saves through the real core, the way the window does: createBridgeApi over dispatchRequest (the
 * argument checks) into the app service (the settings validation), on a settings file in a temporary folder. The
 * readers only check a file's shape, so these tests are where a bad value in a file meets the words the user reads.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../common/i18n/translate.ts';
import { type BridgeApi, createBridgeApi } from '../../../common/ipc.ts';
import { createAppService } from '../../../main/core/bridge/app-service.ts';
import { dispatchRequest } from '../../../main/core/bridge/dispatch.ts';
import { SqliteHistoryStore } from '../../../main/core/store/history/index.ts';
import { openConfSettingsStore } from '../../../main/core/store/settings/conf-settings-store.ts';
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

describe('the import report in German', () => {
  beforeEach(() => {
    setLocale(['de-DE']);
  });
  afterEach(() => {
    setLocale(['en-US']);
  });

  it('tells what a subscriptions file could not be read for, and what the core refused, in German', async () => {
    const plan = planOf(
      parseSubscriptionsJson(
        subscriptionsFile([
          { server: 'https://ntfy.sh', topic: 'gut' },
          'kein Objekt',
          { server: 'ftp://files.example.com', topic: 'ftp' },
          { server: 'https://alice:pw@ntfy.sh', topic: 'zugang' },
          { server: 'https://ntfy.sh', topic: 'geheim', password: 'hunter2' },
          { server: 'https://ntfy.sh', topic: 'langsam', transport: 'brieftaube' },
          { server: 'https://ntfy.sh', topic: 'laut', minPriority: 7 },
          { server: 'https://ntfy.sh', topic: 'markiert', filters: { tags: 'disk' } },
          { server: 'https://ntfy.sh', topic: 'betitelt', filters: { title: 5 } },
          { server: 'https://ntfy.sh', topic: 'seltsam', filters: { since: '10m' } },
          { server: 'https://ntfy.sh', topic: 'still', muted: 'ja' },
          { server: 'https://ntfy.sh', topic: 42 },
          { server: 'https://ntfy.sh', topic: 'heikel', filters: { priority: ['high', 'highest'] } },
          { server: 'https://ntfy.sh', topic: 'leerzeichen', filters: { tags: ['disk', ' spaced '] } },
          { server: 'https://ntfy.sh', topic: 'leer', filters: { message: '  ' } },
          { server: 'https://ntfy.sh', topic: 'benannt', displayName: 'x'.repeat(101) },
        ]),
      ),
    );
    const report = await importSubscriptions(api, plan);

    expect(report.imported).toBe(1);
    // JSON keys are named as the file spells them; the filters the core judged by their German names.
    expect(report.failures).toEqual([
      { label: 'Eintrag 2', message: 'muss ein Objekt sein' },
      { label: 'Eintrag 3 (ftp)', message: 'Feld „server“ muss eine http- oder https-URL sein' },
      { label: 'Eintrag 4 (zugang)', message: 'Feld „server“ darf keine Zugangsdaten enthalten' },
      { label: 'Eintrag 5 (geheim)', message: 'hat ein unbekanntes Feld „password“' },
      { label: 'Eintrag 6 (langsam)', message: 'Feld „transport“ muss einer dieser Werte sein: json, sse, ws, raw' },
      { label: 'Eintrag 7 (laut)', message: 'Feld „minPriority“ muss eine ganze Zahl von 1 bis 5 sein' },
      { label: 'Eintrag 8 (markiert)', message: 'Filter „tags“ muss eine Liste von Texten sein' },
      { label: 'Eintrag 9 (betitelt)', message: 'Filter „title“ muss ein Text sein' },
      { label: 'Eintrag 10 (seltsam)', message: 'Feld „filters“ hat ein unbekanntes Feld „since“' },
      { label: 'Eintrag 11 (still)', message: 'Feld „muted“ muss true oder false sein' },
      { label: 'Eintrag 12', message: 'Feld „topic“ muss ein Text sein' },
      {
        label: 'Eintrag 13 (heikel)',
        message: 'Prioritätsfilter „highest“ muss 1-5 oder min, low, default, high, urgent sein',
      },
      {
        label: 'Eintrag 14 (leerzeichen)',
        message: 'Tag-Filter „ spaced “ darf nicht leer sein und keine Kommas oder Leerzeichen am Rand enthalten',
      },
      { label: 'Eintrag 15 (leer)', message: 'Nachrichtenfilter muss 1 bis 1000 Zeichen lang und nicht leer sein' },
      { label: 'Eintrag 16 (benannt)', message: 'Feld „displayName“ muss 1 bis 100 Zeichen lang und nicht leer sein' },
    ]);
    expect(describeImport(report)[0]).toMatch(
      /^1 importiert, 0 übersprungen \(bereits abonniert\), 15 fehlgeschlagen: Eintrag 2: muss ein Objekt sein; /,
    );
  });
});
