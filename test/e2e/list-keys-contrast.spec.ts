import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// Issue 33 §8, against the real core behind the dev:web bridge: the detail over the list keeps focus, End reaches
// the very last of more pages than one, search says how many messages match, and the selected sidebar row's status
// dot keeps 3:1 against its background in both themes.

let ntfy: TestServer;
let bridge: WebBridge;
/** More than two pages of 100 (use-messages.ts pageSize). */
const messageCount = 230;

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('list-keys-bridge') });
  const core = bridge.core.service;
  expect((await core.saveSubscription({ server: ntfy.url, topic: 'keys-many' })).ok).toBe(true);
  await ntfy.waitForSubscribers(1, { topic: 'keys-many' });
  for (let index = 0; index < messageCount; index += 1)
    await ntfy.publish('keys-many', {
      title: `Note ${String(index)}`,
      message: index % 10 === 3 ? `Disk report ${String(index)}` : `Body ${String(index)}`,
    });
  await expect
    .poll(async () => {
      const listed = await core.listMessages({ limit: 500 });
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(messageCount);
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

function list(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Messages, newest first' });
}

test('End goes to the very last message of a history longer than a page, not the last one loaded', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(bridge.url);
  const newest = list(page)
    .getByRole('option')
    .filter({ hasText: `Note ${String(messageCount - 1)}` });
  await newest.click();
  await page.getByRole('article').getByRole('button', { name: 'Close' }).click();
  await expect(newest).toBeFocused();
  await page.keyboard.press('End');
  // The oldest message, the first published: focused and in view once every page is in.
  const oldest = list(page)
    .getByRole('option')
    .filter({ hasText: /^.*Note 0Body 0$/ });
  await expect(oldest).toBeFocused();
  await expect(oldest).toBeInViewport();
  await expect(oldest).toHaveAttribute('aria-posinset', String(messageCount));
});

test('search says how many messages match, in a live region', async ({ page }) => {
  await page.goto(bridge.url);
  await expect(list(page).getByRole('option').first()).toBeVisible();
  const count = page.locator('.history-toolbar [role="status"]');
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('disk report');
  await expect(count).toHaveText('23 messages match');
  await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option')).not.toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('nothing-like-this');
  await expect(count).toHaveText('No messages match');
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('');
  await expect(count).toHaveText('');
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });
  test('the match count in German', async ({ page }) => {
    await page.goto(bridge.url);
    await page.getByRole('searchbox', { name: 'Nachrichten suchen' }).fill('disk report');
    await expect(page.locator('.history-toolbar [role="status"]')).toHaveText('23 Nachrichten passen');
  });
});

test.describe('at 600×400 (a 1200×800 window at 200 %)', () => {
  test.use({ viewport: { width: 600, height: 400 } });

  test('the detail over the list keeps focus until Escape closes it, and focus returns to the row', async ({
    page,
  }) => {
    await page.goto(bridge.url);
    const row = list(page)
      .getByRole('option')
      .filter({ hasText: `Note ${String(messageCount - 2)}` });
    await row.click();
    const detail = page.getByRole('article');
    await expect(detail.getByRole('heading')).toBeFocused();
    const inside = async () => (await detail.locator(':focus').count()) === 1;
    // Twice round the detail's controls each way: focus never leaves it.
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let step = 0; step < 12; step += 1) {
        await page.keyboard.press(key);
        expect(await inside(), `${key} × ${String(step + 1)}`).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(row).toBeFocused();
  });
});

/** The element's computed background colour (this project's Node types have no DOM, so typed here). */
async function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const view = globalThis as unknown as { getComputedStyle(target: unknown): { backgroundColor: string } };
    return view.getComputedStyle(element).backgroundColor;
  });
}

/** WCAG's contrast ratio of two colours given as CSS rgb()/rgba() strings (opaque). */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const value = Number(part) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the selected sidebar row's status dot has at least 3:1 against the row (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto(bridge.url);
    const entry = page.getByRole('navigation', { name: 'Subscriptions' }).getByRole('button', { name: /keys-many/ });
    await entry.click();
    await expect(entry).toHaveAttribute('aria-current', 'true');
    const dot = entry.getByRole('img', { name: 'Connected' });
    const dotColor = await backgroundOf(dot);
    const rowColor = await backgroundOf(entry);
    expect(contrast(dotColor, rowColor), `${dotColor} on ${rowColor}`).toBeGreaterThanOrEqual(3);
  });
}
