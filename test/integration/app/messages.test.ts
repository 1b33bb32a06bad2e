/**
 * Messages through the real main bundle on the Electron test runtime, from test/server on 127.0.0.1: a published
 * message reaches the window and a notification, and history survives a quit and restart without duplicates.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS, createAppSession } from '../../electron-runtime/app-session.ts';
import { ensureDistBuilt } from '../../electron-runtime/ensure-dist.ts';
import type { LaunchedApp } from '../../electron-runtime/launch-app.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import { startTestServer } from '../../server/index.ts';

const session = createAppSession();
const servers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  await ensureDistBuilt();
}, 120_000);

afterEach(async () => {
  await session.cleanUp();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function subscribe(app: LaunchedApp, server: string, topic: string): Promise<void> {
  const saved = await app.evaluate((input) => (globalThis as unknown as PageGlobals).ntfy.saveSubscription(input), {
    server,
    topic,
  });
  expect(saved.ok).toBe(true);
}

function waitForText(app: LaunchedApp, text: string): Promise<void> {
  return app.waitForFunction(
    (wanted) => ((globalThis as unknown as PageGlobals).document.body.textContent ?? '').includes(wanted),
    text,
  );
}

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
    const server = await startTestServer({});
    servers.push(server);
    const app = await session.launch();
    await app.waitForWindow();
    await subscribe(app, server.url, 'alerts');
    await server.waitForSubscribers(1, { topic: 'alerts' });

    const published = await server.publish('alerts', { message: 'disk almost full on backup-2', title: 'Backups' });
    await waitForText(app, 'disk almost full on backup-2');

    const records = await app.records();
    expect(records.notifications.map((notification) => notification.shown)).toEqual([true]);
    expect(String(records.notifications[0]?.options['body'])).toContain('disk almost full on backup-2');
    // The tray and the launcher badge follow the unread count.
    expect(records.trays[0]?.toolTip).toContain('1 unread');
    expect(records.badgeCount).toBe(1);
    expect(records.errors).toEqual([]);

    // A click on the popup opens that message in the window, even after the window was closed to the tray.
    await app.evaluate(() => {
      const page = globalThis as unknown as PageGlobals & { shownMessage?: unknown };
      page.ntfy.onShowMessage((payload) => {
        page.shownMessage = payload;
      });
    }, null);
    expect(await app.closeWindow()).toBe(false);
    await app.clickNotification(0);
    await app.waitForFunction(
      () => (globalThis as unknown as { shownMessage?: unknown }).shownMessage !== undefined,
      null,
    );
    const shown = await app.evaluate(() => (globalThis as unknown as { shownMessage?: unknown }).shownMessage, null);
    expect(shown).toEqual({ server: server.url, id: published.id });
    expect((await app.records()).windows.map((window) => window.visible)).toEqual([true]);
  });

  it('quits with the history flushed and resumes after a restart without a duplicate', async () => {
    const server = await startTestServer({});
    servers.push(server);
    const first = await session.launch();
    await first.waitForWindow();
    await subscribe(first, server.url, 'alerts');
    await server.waitForSubscribers(1, { topic: 'alerts' });
    await server.publish('alerts', 'before the restart');
    await waitForText(first, 'before the restart');
    expect(await first.quit()).toEqual({ code: 0, signal: null });
    // A closed SQLite database has checkpointed and removed its write-ahead log; a killed one leaves it behind.
    expect(await walBytes(path.join(await session.dir(), 'user-data'))).toBe(0);

    // The server still has the message cached: a restart that forgot its cursor would store it again.
    const second = await session.launch();
    await second.waitForWindow();
    await server.waitForSubscribers(1, { topic: 'alerts' });
    await server.publish('alerts', 'after the restart');
    await waitForText(second, 'after the restart');
    expect(await storedMessages(second)).toEqual(['after the restart', 'before the restart']);
  });
});
