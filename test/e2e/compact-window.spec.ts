import { createServer, type AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { holdingClock } from '../support/holding-clock.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// The window when it is short (issue 25 item 1): at 600x400 CSS px (a 1200x800 window at 200 % zoom, or a small
// window) the chrome compacts to one bar, the server banners start folded to one line (the user can unfold them;
// unfolded, each is one line), and at least five messages stay in view without a click, with a subscription
// chosen, two servers down and notifications paused: the most chrome there can be.

let ntfy: TestServer;
let bridge: WebBridge;

/** A port on 127.0.0.1 that nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    server.close((error) => {
      if (error === undefined) resolve();
      else reject(error);
    });
  });
  return port;
}

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({
    ntfyServerUrl: ntfy.url,
    log: createRecordingLogger('compact-window-bridge'),
    // Reconnect waits never end on their own: the server that is down stays down for the whole file.
    clock: holdingClock(60_000),
    random: () => 1,
    timing: { backoffInitialMs: 60_000, backoffMaxMs: 60_000 },
  });
  const core = bridge.core.service;
  expect((await core.saveSubscription({ server: ntfy.url, topic: 'compact-alerts' })).ok).toBe(true);
  // Two servers down: a banner each, folded to one line in a compact window.
  for (const topic of ['compact-down', 'compact-down-too']) {
    const down = `http://127.0.0.1:${String(await closedPort())}`;
    expect((await core.saveSubscription({ server: down, topic })).ok).toBe(true);
  }
  await ntfy.waitForSubscribers(1, { topic: 'compact-alerts' });
  for (let index = 1; index <= 12; index += 1)
    await ntfy.publish('compact-alerts', {
      title: `Alert ${String(index)}`,
      message: `Something happened for the ${String(index)}. time, with a body long enough to wrap at 600 px wide.`,
      ...(index % 3 === 0 ? { tags: ['warning', 'disk'], priority: 4 } : {}),
    });
  await expect
    .poll(async () => {
      const listed = await core.listMessages({});
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(12);
  expect((await core.updateSettings({ pause: 'until-resumed' })).ok).toBe(true);
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

function rows(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Messages, newest first' }).getByRole('option');
}

/** A box as the page's getBoundingClientRect gives it; typed here because this project's Node types have no DOM. */
interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly height: number;
}

/** Rows whose whole box lies inside both the list's scroller and the viewport. */
async function rowsInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const view = globalThis as unknown as {
      innerHeight: number;
      document: {
        querySelector(selector: string): { getBoundingClientRect(): Box } | null;
        querySelectorAll(selector: string): Iterable<{ getBoundingClientRect(): Box }>;
      };
    };
    const scroller = view.document.querySelector('.message-scroller')?.getBoundingClientRect();
    if (scroller === undefined) return 0;
    const bottom = Math.min(scroller.bottom, view.innerHeight);
    let count = 0;
    for (const row of view.document.querySelectorAll('.message-row')) {
      const box = row.getBoundingClientRect();
      if (box.height > 0 && box.top >= scroller.top - 0.5 && box.bottom <= bottom + 0.5) count += 1;
    }
    return count;
  });
}

for (const size of [
  { name: '600x400', scale: 1 },
  { name: '600x400 at 200 % (a 1200x800 window)', scale: 2 },
]) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: { width: 600, height: 400 }, deviceScaleFactor: size.scale });

    test('five messages or more stay in view with a topic chosen, a server down and a pause', async ({ page }) => {
      await page.goto(bridge.url);
      await expect(rows(page).filter({ hasText: 'Alert 12' })).toBeVisible();
      const servers = page.getByRole('region', { name: 'Servers' });
      // Folded from the start: one line for both servers, no click needed.
      await expect(servers.getByRole('button', { name: '2 servers have problems: cannot be reached' })).toBeVisible();
      await expect(servers.getByRole('listitem')).toHaveCount(0);
      await expect(page.locator('.quiet-status-badge')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('all.png') });
      expect(await rowsInView(page)).toBeGreaterThanOrEqual(5);

      await page.getByRole('button', { name: 'Subscription list' }).click();
      await page
        .getByRole('navigation', { name: 'Subscriptions' })
        .getByRole('button', { name: /compact-alerts/ })
        .click();
      await expect(page.getByRole('heading', { name: 'compact-alerts' })).toBeVisible();
      // With the topic's header too, the banners are still one folded line: five rows in view without a click.
      await expect(servers.getByRole('button', { name: '2 servers have problems: cannot be reached' })).toBeVisible();
      await expect(servers.getByRole('listitem')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath('topic.png') });
      expect(await rowsInView(page)).toBeGreaterThanOrEqual(5);
      // The one-line message bar leaves a short window (its room is the list's); the header's button still sends.
      await expect(page.getByRole('textbox', { name: 'Message to compact-alerts' })).toBeHidden();
      await expect(page.getByRole('button', { name: /^Send a message/ })).toBeVisible();

      // Nothing is lost by folding: the topic's actions are in its menu, the banner's why under its Details.
      await page.getByRole('button', { name: 'More actions' }).click();
      const menu = page.getByRole('menu', { name: 'More actions' });
      for (const item of ['Send test notification', 'Mark all read', 'Mute', 'Unsubscribe…'])
        await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
      await page.keyboard.press('Escape');
      // The user can still unfold them: a banner each, one line, the why under its Details.
      await servers.getByRole('button', { name: /2 servers have problems/ }).click();
      await expect(servers.getByRole('listitem')).toHaveCount(2);
      await expect(servers.getByRole('button', { name: 'Fold server problems to one line' })).toBeFocused();
      const banner = servers.getByRole('listitem').first();
      await expect(banner.getByText('Nothing answers at that address')).toBeHidden();
      await banner.getByText('Details').click();
      await expect(banner.getByText('Nothing answers at that address')).toBeVisible();
    });
  });
}
