import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { docsScreenshot } from './support/docs-screenshot.ts';

// Reflow (issue 13 item 4, WCAG 1.4.10): the window at 320 CSS px (400 % of 1280), at 600 px (a 1200 px window at
// 200 % zoom) and at its default 960 px, against the real core behind the dev:web bridge. Below ~720 CSS px the
// Messages sidebar is a drawer behind a "Subscriptions" button and the message detail covers the list.

let ntfy: TestServer;
let bridge: WebBridge;

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('reflow-bridge') });
  const core = bridge.core.service;
  const saved = [
    await core.saveSubscription({ server: ntfy.url, topic: 'reflow-backups', displayName: 'Nightly backups' }),
    await core.saveSubscription({ server: ntfy.url, topic: 'reflow-alerts' }),
    await core.saveSubscription({ server: ntfy.url, topic: 'reflow-a-topic-name-long-enough-to-need-wrapping' }),
  ];
  expect(saved.every((result) => result.ok)).toBe(true);
  for (const topic of ['reflow-backups', 'reflow-alerts']) await ntfy.waitForSubscribers(1, { topic });
  await ntfy.publish('reflow-backups', { title: 'Backup done', message: 'All 14 volumes copied in 3 min.' });
  await ntfy.publish('reflow-alerts', {
    title: 'Disk almost full',
    message: 'A long unbroken path /var/lib/containers/storage/overlay/0123456789abcdef0123456789abcdef is at 97 %.',
    priority: 4,
    tags: ['warning'],
  });
  await ntfy.publish('reflow-alerts', { message: 'Deploy finished', priority: 3 });
  await expect
    .poll(async () => {
      const listed = await core.listMessages({});
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(3);
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

interface Size {
  readonly width: number;
  readonly height: number;
}

/** What the page's own window reports; typed loosely because this project's Node types have no DOM. */
interface PageWindow {
  readonly innerWidth: number;
  readonly innerHeight: number;
  readonly document: { readonly documentElement: { readonly scrollWidth: number } };
}

/** The page scrolls sideways when its content is wider than the viewport. */
async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => {
    const view = globalThis as unknown as PageWindow;
    return { scrollWidth: view.document.documentElement.scrollWidth, innerWidth: view.innerWidth };
  });
}

async function expectNoSidewaysScrolling(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `${where}: content ${String(scrollWidth)} px wide in a ${String(innerWidth)} px viewport`).toBe(
    innerWidth,
  );
}

/** The element's box lies inside the viewport (not cut off at either side or below). */
async function expectInViewport(page: Page, element: Locator, what: string): Promise<void> {
  const box = await element.boundingBox();
  const size = page.viewportSize();
  expect(box, `${what} has a box`).not.toBeNull();
  expect(size).not.toBeNull();
  if (box === null || size === null) return;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(size.height);
}

async function isFocused(element: Locator): Promise<boolean> {
  return element.evaluate(
    (node) => node === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
  );
}

function views(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Views' });
}

function rows(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Messages, newest first' }).getByRole('option');
}

function drawerButton(page: Page): Locator {
  return page
    .getByRole('button', { name: 'Subscription list', exact: true, expanded: false })
    .or(page.getByRole('button', { name: 'Subscription list', exact: true, expanded: true }));
}

function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Subscriptions' });
}

async function openMessages(page: Page): Promise<void> {
  await page.goto(bridge.url);
  await expect(rows(page)).toHaveCount(3);
}

const sizes: readonly (Size & { readonly name: string; readonly scale?: number })[] = [
  { name: '320x640 (400 % of 1280)', width: 320, height: 640 },
  { name: '600x680 (a 600 px window)', width: 600, height: 680 },
  // A 1200x800 window at 200 % zoom: 600x400 CSS px, two device pixels to each.
  { name: '600x400 at scale 2 (1200x800 at 200 %)', width: 600, height: 400, scale: 2 },
  { name: '960x680 (default)', width: 960, height: 680 },
];

for (const size of sizes) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: size.scale ?? 1 });

    test('Messages fit: no sideways scrolling, a usable search box, the detail with its Close in view', async ({
      page,
    }) => {
      await openMessages(page);
      await expectNoSidewaysScrolling(page, 'Messages');
      const search = page.getByRole('searchbox', { name: 'Search messages' });
      await expect(search).toBeVisible();
      expect((await search.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(150);
      // The app header wraps rather than pushing the window wider.
      await expectInViewport(page, page.locator('.app-header'), 'app header');

      await rows(page).filter({ hasText: 'Disk almost full' }).click();
      const detail = page.getByRole('article', { name: /Disk almost full/ });
      const close = detail.getByRole('button', { name: 'Close message' });
      await expect(close).toBeVisible();
      await expectNoSidewaysScrolling(page, 'Messages with a detail open');
      await expectInViewport(page, close, 'Close message');
      await expectInViewport(page, detail.getByRole('heading', { name: /Disk almost full/ }), 'detail heading');

      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();
      await expect(rows(page).filter({ hasText: 'Disk almost full' })).toBeFocused();
    });

    test('Subscriptions fit, with and without the editor open', async ({ page }) => {
      await page.goto(bridge.url);
      await views(page).getByRole('button', { name: 'Subscriptions' }).click();
      await expect(page.getByRole('heading', { name: 'Subscriptions', level: 2 })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem')).toHaveCount(3);
      await expectNoSidewaysScrolling(page, 'Subscriptions');

      await page.getByRole('button', { name: 'Edit Nightly backups' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit subscription' });
      await expect(editor).toBeVisible();
      await expectNoSidewaysScrolling(page, 'Subscriptions with the editor open');
      const save = editor.getByRole('button', { name: 'Save', exact: true });
      await save.scrollIntoViewIfNeeded();
      await expectInViewport(page, save, 'editor Save');
    });

    test('Settings fit', async ({ page }) => {
      await page.goto(bridge.url);
      await views(page).getByRole('button', { name: 'Settings' }).click();
      await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
      await expect(page.locator('.settings-form')).toBeVisible();
      await expectNoSidewaysScrolling(page, 'Settings');
    });
  });
}

test.describe('narrow (600x680): the sidebar is a drawer', () => {
  test.use({ viewport: { width: 600, height: 680 } });

  test('it opens and closes by keyboard, and focus goes in and back to its button', async ({ page }) => {
    await openMessages(page);
    const button = drawerButton(page);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const panelId = await button.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    const panel = page.locator(`#${panelId ?? 'missing'}`);
    await expect(panel).toBeHidden();
    await expect(sidebar(page).getByRole('button', { name: /All subscriptions/ })).toBeHidden();

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    // Focus lands on the subscription now shown ("All subscriptions" at first).
    await expect(panel.getByRole('button', { name: /All subscriptions/ })).toBeFocused();
    await expectNoSidewaysScrolling(page, 'drawer open');

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    // Choosing a subscription closes it, shows that subscription, and focus is back on the button.
    await page.keyboard.press('Space');
    await expect(panel).toBeVisible();
    const nightly = panel.getByRole('button', { name: /Nightly backups/ });
    // Down the list with Tab (its order is the core's); focus stays in the drawer on the way.
    for (let step = 0; step < 4 && !(await isFocused(nightly)); step += 1) {
      await page.keyboard.press('Tab');
      await expect(panel).toBeVisible();
    }
    await expect(nightly).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    await expect(rows(page)).toHaveCount(1);
    // Inside a topic its rows do not repeat its name (issue 33 §7): the topic's header says it.
    await expect(page.getByRole('heading', { name: 'Nightly backups', level: 3 })).toBeVisible();
    await expect(rows(page)).toContainText('Backup done');
  });

  test('a click outside closes it; a click on the button toggles it', async ({ page }) => {
    await openMessages(page);
    const button = drawerButton(page);
    await button.click();
    const panel = page.locator(`#${(await button.getAttribute('aria-controls')) ?? 'missing'}`);
    await expect(panel).toBeVisible();
    await page.locator('.app-header h1').click();
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await expect(panel).toBeVisible();
    await button.click();
    await expect(panel).toBeHidden();
  });

  test('wide again (960 px): no drawer button, the sidebar is always there', async ({ page }) => {
    await openMessages(page);
    await expect(drawerButton(page)).toBeVisible();
    await page.setViewportSize({ width: 960, height: 680 });
    await expect(drawerButton(page)).toHaveCount(0);
    await expect(sidebar(page).getByRole('button', { name: /Nightly backups/ })).toBeVisible();
  });
});

// Axe checks the window at 400 and 960 px in axe-views.spec.ts.
test.describe('screenshots for the docs', () => {
  test('narrow screenshots for the docs (400x680, drawer closed and open)', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 680 });
    await page.emulateMedia({ colorScheme: 'light' });
    await openMessages(page);
    await docsScreenshot(page, 'window-narrow.png');
    await drawerButton(page).click();
    await expect(drawerButton(page)).toHaveAttribute('aria-expanded', 'true');
    await docsScreenshot(page, 'window-narrow-drawer.png');
  });

  // The "after" of docs/before/4-narrow-600.png and 4-zoom-200.png: a subscription chosen and a message open.
  for (const shot of [
    { file: 'window-narrow-600-detail.png', width: 600, height: 680, scale: 1 },
    { file: 'window-zoom-200-detail.png', width: 600, height: 400, scale: 2 },
  ]) {
    test(`screenshot for the docs: ${shot.file}`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: shot.scale,
        colorScheme: 'light',
      });
      try {
        const page = await context.newPage();
        await openMessages(page);
        await drawerButton(page).click();
        await sidebar(page)
          .getByRole('button', { name: /reflow-alerts/ })
          .click();
        await expect(rows(page)).toHaveCount(2);
        await rows(page).filter({ hasText: 'Disk almost full' }).click();
        await expect(page.getByRole('button', { name: 'Close message' })).toBeVisible();
        await expectNoSidewaysScrolling(page, shot.file);
        await docsScreenshot(page, shot.file);
      } finally {
        await context.close();
      }
    });
  }
});
