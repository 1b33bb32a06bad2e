/**
 * A cold start with a large history on the Electron test runtime: 10,000 stored messages, and the window still
 * comes up showing the newest rows with no error.
 */
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SqliteHistoryStore } from '../../../main/core/store/history/index.ts';
import { APP_TEST_TIMEOUT_MS, createAppSession } from '../../electron-runtime/app-session.ts';
import { ensureDistBuilt } from '../../electron-runtime/ensure-dist.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import { makeMessage } from '../../support/messages.ts';
import { startTestServer } from '../../server/index.ts';

const MESSAGE_COUNT = 10_000;
/** Stored in batches, as the engine stores what it read (one transaction each). */
const BATCH = 1_000;

const session = createAppSession();
const servers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  await ensureDistBuilt();
}, 120_000);

afterEach(async () => {
  await session.cleanUp();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function storeMessages(dataDir: string, server: string): Promise<void> {
  const history = await SqliteHistoryStore.open({ dataDir });
  try {
    for (let start = 0; start < MESSAGE_COUNT; start += BATCH) {
      const messages = Array.from({ length: BATCH }, (_, offset) => {
        const n = start + offset;
        const id = `seed${String(n).padStart(8, '0')}`;
        return makeMessage({ id, time: 1_700_000_000 + n, message: `stored message ${String(n)}`, raw: { id } });
      });
      await history.append({ server, messages, changes: [] });
    }
  } finally {
    await history.close();
  }
}

describe('a cold start with a large history', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('shows the newest of 10,000 stored messages with no error', async () => {
    const server = await startTestServer({});
    servers.push(server);
    const userDataDir = path.join(await session.dir(), 'user-data');
    // First run: the subscription is saved through the app, as a user would.
    const first = await session.launch({ userDataDir });
    await first.waitForWindow();
    const saved = await first.evaluate((input) => (globalThis as unknown as PageGlobals).ntfy.saveSubscription(input), {
      server: server.url,
      topic: 'alerts',
    });
    expect(saved.ok).toBe(true);
    await first.quit();

    await storeMessages(userDataDir, server.url);
    const app = await session.launch({ userDataDir });
    await app.waitForWindow();
    const newest = `stored message ${String(MESSAGE_COUNT - 1)}`;
    await app.waitForFunction(
      (wanted) => ((globalThis as unknown as PageGlobals).document.body.textContent ?? '').includes(wanted),
      newest,
    );
    const records = await app.records();
    expect(records.errors).toEqual([]);
    expect(records.unhandledInvokes).toEqual([]);
    expect(records.trays[0]?.toolTip).toContain(`${String(MESSAGE_COUNT)} unread`);
  });
});
