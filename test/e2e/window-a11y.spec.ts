import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// Screen readers and the keyboard (issue 25 item 8): a skip link to the list, the row shown in the detail exposed as
// the listbox's selected option, every button's name unique at 600 px, headings in order; against the real core behind the
// dev:web bridge and test/server on 127.0.0.1.

let ntfy: TestServer;
let bridge: WebBridge;

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('window-a11y-bridge') });
  const core = bridge.core.service;
  for (const topic of ['a11y-alerts', 'a11y-backups'])
    expect((await core.saveSubscription({ server: ntfy.url, topic })).ok).toBe(true);
  for (const topic of ['a11y-alerts', 'a11y-backups']) await ntfy.waitForSubscribers(1, { topic });
  await ntfy.publish('a11y-alerts', { title: 'Disk almost full', message: 'At 97 %', priority: 4 });
  await ntfy.publish('a11y-backups', { title: 'Backup done', message: 'All volumes copied' });
  await expect
    .poll(async () => {
      const listed = await core.listMessages({});
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(2);
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

function rows(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Messages, newest first' }).getByRole('option');
}

/** The names of the buttons a screen reader finds in the page, from its accessibility tree. */
async function buttonNames(page: Page): Promise<string[]> {
  const tree = await page.locator('body').ariaSnapshot();
  return [...tree.matchAll(/- button "((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? '');
}

/** The heading levels in document order, as a screen reader's heading list has them. */
async function headingLevels(page: Page): Promise<number[]> {
  const tree = await page.locator('body').ariaSnapshot();
  return [...tree.matchAll(/- heading .*\[level=(\d)\]/g)].map((match) => Number(match[1]));
}

function duplicates(names: readonly string[]): string[] {
  return [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
}

for (const width of [600, 960]) {
  test.describe(`at ${String(width)} px`, () => {
    test.use({ viewport: { width, height: 680 } });

    test('every button has a name of its own and headings go down one level at a time', async ({ page }) => {
      await page.goto(bridge.url);
      await expect(rows(page)).toHaveCount(2);
      const check = async (where: string) => {
        expect(duplicates(await buttonNames(page)), `${where}: buttons sharing a name`).toEqual([]);
        const levels = await headingLevels(page);
        expect(levels[0], `${where}: the first heading`).toBe(1);
        for (let index = 1; index < levels.length; index += 1)
          expect(
            levels[index] ?? 0,
            `${where}: heading ${String(index + 1)} of ${levels.join(',')}`,
          ).toBeLessThanOrEqual((levels[index - 1] ?? 0) + 1);
      };
      await check('Messages');
      const drawer = page.locator('.drawer-toggle');
      if (width < 720) await drawer.click();
      await page
        .getByRole('navigation', { name: 'Subscriptions' })
        .getByRole('button', { name: /a11y-alerts/ })
        .click();
      await rows(page).first().click();
      await expect(page.getByRole('article', { name: /Disk almost full/ })).toBeVisible();
      await check('a topic with a message open');
    });
  });
}

test.describe('keyboard', () => {
  test.use({ viewport: { width: 960, height: 680 } });

  test('a skip link, the first stop in the page, goes to the list; the row shown in the detail is the selected option and moves with the keyboard', async ({
    page,
  }) => {
    await page.goto(bridge.url);
    await expect(rows(page)).toHaveCount(2);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the messages' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(rows(page).first()).toBeFocused();

    const list = page.getByRole('listbox', { name: 'Messages, newest first' });
    const selected = list.getByRole('option', { selected: true });
    await expect(selected).toHaveCount(0);
    // The sidebar's entry for what the list shows is the current one (a button in a navigation list, not a toggle).
    const sidebar = page.getByRole('navigation', { name: 'Subscriptions' });
    await expect(sidebar.getByRole('button', { name: /All subscriptions/ })).toHaveAttribute('aria-current', 'true');
    await expect(sidebar.locator('[aria-current]')).toHaveCount(1);

    // Newest first: the backup was published last. Enter opens the focused row, which becomes the selection.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('article', { name: 'Backup done' })).toBeVisible();
    await expect(selected).toHaveCount(1);
    await expect(selected).toContainText('Backup done');
    // Back from the detail to the list's one Tab stop, the selected row, and down to the next one.
    await page.keyboard.press('Shift+Tab');
    await expect(selected).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { name: /Disk almost full/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('article', { name: 'Disk almost full' })).toBeVisible();
    await expect(selected).toHaveCount(1);
    await expect(selected).toContainText('Disk almost full');
  });
});
