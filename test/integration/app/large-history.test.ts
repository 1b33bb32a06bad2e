/**
 * A cold start with a large history on the Electron test runtime: 10,000 stored messages, and the window still
 * comes up showing the newest rows with no error.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import { waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';
import { storeNumberedMessages } from '../../support/seed-history.ts';

/** Stored as the engine stores what it read: in batches of 1,000, one transaction each (seed-history.ts). */
const MESSAGE_COUNT = 10_000;

const { session, startServer, launchSubscribed } = registerAppTestHooks();

describe('a cold start with a large history', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('shows the newest of 10,000 stored messages with no error', async () => {
    const server = await startServer();
    const userDataDir = path.join(await session.dir(), 'user-data');
    // First run: the subscription is saved through the app, as a user would.
    const first = await launchSubscribed(server, 'alerts', { userDataDir });
    await first.quit();

    await storeNumberedMessages(userDataDir, server.url, MESSAGE_COUNT);
    const app = await session.launch({ userDataDir });
    await app.waitForWindow();
    const newest = `stored message ${String(MESSAGE_COUNT - 1)}`;
    await waitForPageText(app, newest);
    const records = await app.records();
    expect(records.errors).toEqual([]);
    expect(records.unhandledInvokes).toEqual([]);
    // The app runs in en_US here (test/electron-runtime pins LANG), so the count has its digit grouping.
    expect(records.trays[0]?.toolTip).toContain(`${MESSAGE_COUNT.toLocaleString('en-US')} unread`);
  });
});
