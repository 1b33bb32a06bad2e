/**
 * Messages through the real main bundle on the Electron test runtime, from test/server on 127.0.0.1: a published
 * message reaches the window and a notification, and history survives a quit and restart without duplicates.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { LaunchedApp } from '../../electron-runtime/launch-app.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import { firstShownMessage, recordShownMessages, waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';

const { session, startServer, launchSubscribed } = registerAppTestHooks();

// A launch per test (issue 25 §11): the burst test needs a server state from before the launch, the restart test quits
// and starts again on the profile, and the first reads the whole notification list and unread count of a fresh start.

async function storedMessages(app: LaunchedApp): Promise<string[]> {
  const page = await app.evaluate(() => (globalThis as unknown as PageGlobals).ntfy.listMessages({ limit: 50 }), null);
  if (!page.ok) throw new Error(`listMessages failed: ${page.error.message}`);
  return page.value.messages.map((message) => message.message);
}

async function walBytes(userDataDir: string): Promise<number> {
  const names = (await readdir(userDataDir)).filter((name) => name.endsWith('.sqlite-wal'));
  const sizes = await Promise.all(names.map(async (name) => (await stat(path.join(userDataDir, name))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

describe('messages in the app', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('shows a message published to a subscribed topic in the window and as a notification', async () => {
    const server = await startServer();
    const app = await launchSubscribed(server, 'alerts');

    const published = await server.publish('alerts', { message: 'disk almost full on backup-2', title: 'Backups' });
    await waitForPageText(app, 'disk almost full on backup-2');

    const records = await app.records();
    expect(records.notifications.map((notification) => notification.shown)).toEqual([true]);
    expect(String(records.notifications[0]?.options['body'])).toContain('disk almost full on backup-2');
    // The tray and the launcher badge follow the unread count.
    expect(records.trays[0]?.toolTip).toContain('1 unread');
    expect(records.badgeCount).toBe(1);
    expect(records.errors).toEqual([]);

    // A click on the popup opens that message in the window, even after the window was closed to the tray.
    await recordShownMessages(app);
    expect(await app.closeWindow()).toBe(false);
    await app.clickNotification(0);
    expect(await firstShownMessage(app)).toEqual({ server: server.url, id: published.id });
    expect((await app.records()).windows.map((window) => window.visible)).toEqual([true]);
  });

  it('folds a burst missed while offline into one summary popup and gives the urgent message its own', async () => {
    const server = await startServer();
    // Times in the past (Unix seconds), so that the reconnect replays the burst as a catch-up (older than the
    // stream's `open`) and hands it on as one batch, however fast or slow this machine is.
    const past = Math.floor(Date.now() / 1000) - 600;
    const raw = (id: string, time: number, message: string, priority: number) =>
      server.publishRaw({ id, time, event: 'message', topic: 'alerts', message, priority });
    // Before the subscription, so the first stream's replay brings it and the resume point is its time. Published
    // live after the stream's `open`, a message this old would not move the point the open set (ntfy never sends a
    // live message older than its open), and the reconnect would ask from the open, after the burst.
    await raw('Before000001', past, 'seen before the burst', 3);
    const app = await launchSubscribed(server, 'alerts');
    await waitForPageText(app, 'seen before the burst');

    // Published while the stream is stalled: the app gets them when it reconnects after the drop.
    server.faults.stall();
    for (let i = 0; i < 100; i++) {
      await raw(`Burst${String(i).padStart(7, '0')}`, past + 1 + i, `burst ${String(i)}`, i === 50 ? 5 : 3);
    }
    server.faults.dropAll();
    await waitForPageText(app, 'burst 99'); // the newest, on top of the list

    const notifications = (await app.records()).notifications.map(({ options }) => options);
    // Whether the message before the burst popped up is not this test's concern.
    const burst = notifications.filter((options) => options['body'] !== 'seen before the burst');
    const own = burst.filter((options) => !String(options['title']).includes('new messages in'));
    expect(own).toMatchObject([{ body: 'burst 50', urgency: 'critical', silent: false }]);
    const summaries = burst.filter((options) => String(options['title']).includes('new messages in'));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ title: '99 new messages in alerts', silent: false });
    expect(String(summaries[0]?.['body'])).toContain('burst 99');
  });

  it('quits with the history flushed and resumes after a restart without a duplicate', async () => {
    const server = await startServer();
    const first = await launchSubscribed(server, 'alerts');
    await server.publish('alerts', 'before the restart');
    await waitForPageText(first, 'before the restart');
    expect(await first.quit()).toEqual({ code: 0, signal: null });
    // A closed SQLite database has checkpointed and removed its write-ahead log; a killed one leaves it behind.
    expect(await walBytes(path.join(await session.dir(), 'user-data'))).toBe(0);

    // The server still has the message cached: a restart that forgot its cursor would store it again.
    const second = await session.launch();
    await second.waitForWindow();
    await server.waitForSubscribers(1, { topic: 'alerts' });
    await server.publish('alerts', 'after the restart');
    await waitForPageText(second, 'after the restart');
    expect(await storedMessages(second)).toEqual(['after the restart', 'before the restart']);
  });
});
