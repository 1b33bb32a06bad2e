/**
 * `ntfy-tray history` as a process: a --data-dir that does not exist is named (never created), an empty result
 * keeps stdout clean and says "0 messages" on stderr, and --topic finds a subscription by topic or display name.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteHistoryStore } from '../../../main/core/store/history/sqlite-history-store.ts';
import { openConfSettingsStore } from '../../../main/core/store/settings/conf-settings-store.ts';
import { upsertSubscription } from '../../../main/core/store/settings/edits.ts';
import type { Logger } from '../../../main/core/ports.ts';
import { startCli } from '../../support/cli-process.ts';
import { makeMessage } from '../../support/messages.ts';

const HOME = 'https://ntfy.example.com';
const WORK = 'https://ntfy.work.example';
const silent: Logger = { log: () => undefined, child: () => silent };

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-history-cli-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function history(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const process = startCli(['history', '--data-dir', dataDir, ...args]);
  const code = await process.exited();
  return { code, stdout: process.stdout(), stderr: process.stderr() };
}

/** One message on each of HOME/alerts, HOME/backups and WORK/builds. */
async function storeMessages(): Promise<void> {
  const store = await SqliteHistoryStore.open({ dataDir });
  const messages = [
    { server: HOME, topic: 'alerts', id: 'alert0000001', message: 'disk full' },
    { server: HOME, topic: 'backups', id: 'backup000001', message: 'backup done' },
    { server: WORK, topic: 'builds', id: 'build0000001', message: 'build green' },
  ];
  for (const { server, ...fields } of messages) {
    await store.append({ server, messages: [makeMessage({ ...fields, time: 100, raw: fields })], changes: [] });
  }
  await store.close();
}

function bodies(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split(' ').slice(4).join(' '));
}

describe('ntfy-tray history', () => {
  it('names a --data-dir that does not exist (exit 1) and does not create it', async () => {
    const missing = path.join(dataDir, 'typo');

    const result = await history(['--data-dir', missing]);

    expect(result).toEqual({ code: 1, stdout: '', stderr: `ntfy-tray history: no ntfy-tray data at ${missing}\n` });
    expect(existsSync(missing)).toBe(false);
  });

  it('prints nothing on stdout and "0 messages" on stderr when nothing matches', async () => {
    await storeMessages();

    const result = await history(['--search', 'nothing-like-this']);

    expect(result).toEqual({ code: 0, stdout: '', stderr: '0 messages\n' });
  });

  it('finds a subscription by its topic name, as well as by its URL or host/topic', async () => {
    await storeMessages();

    const byName = await history(['--topic', 'builds']);
    const byUrl = await history(['--topic', `${WORK}/builds`]);
    const byHostAndTopic = await history(['--topic', 'ntfy.work.example/builds']); // https assumed

    expect(byName.code).toBe(0);
    expect(bodies(byName.stdout)).toEqual(['build green']);
    expect(byUrl.stdout).toBe(byName.stdout);
    expect(byHostAndTopic.stdout).toBe(byName.stdout);
  });

  it('finds a subscription by the display name the app stored for it', async () => {
    await storeMessages();
    const settings = openConfSettingsStore({ dir: dataDir, log: silent });
    const result = await settings.update((current) =>
      upsertSubscription(current, {
        id: 'home-alerts',
        server: HOME,
        topic: 'alerts',
        displayName: 'Home alarms',
        transport: 'json',
        filters: {},
        muted: false,
        minPriority: 1,
      }),
    );
    expect(result.ok).toBe(true);

    const byDisplayName = await history(['--topic', 'home alarms']);

    expect(bodies(byDisplayName.stdout)).toEqual(['disk full']);
  });

  it('asks for the URL when a topic name is on two servers, and names both', async () => {
    const store = await SqliteHistoryStore.open({ dataDir });
    for (const server of [HOME, WORK]) {
      await store.append({ server, messages: [makeMessage({ topic: 'alerts', time: 100 })], changes: [] });
    }
    await store.close();

    const result = await history(['--topic', 'alerts']);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `ntfy-tray history: 'alerts' names 2 subscriptions (${HOME}/alerts, ${WORK}/alerts): give its URL\n`,
    );
  });
});
