import { expect, test, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// The window's own chrome never scrolls away (issue 33 §1): in every view, at 1280×800, 600×400 and 200 % zoom, the
// wheel past the end of a view and Tab through every control leave the document where it is (its scrollTop stays 0)
// and the header with the view navigation in sight. Only the views' own scroll boxes scroll. Last round, a wheel past
// the end of Settings or a Tab onto its JSON import field (a hidden file input placed against the page) scrolled the
// document 904 px, 1295 px at 200 %. Against the real core behind the dev:web bridge and test/server on 127.0.0.1.

let ntfy: TestServer;
let bridge: WebBridge;

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('window-chrome-bridge') });
  const core = bridge.core.service;
  expect((await core.saveSubscription({ server: ntfy.url, topic: 'chrome-a', displayName: 'Build box' })).ok).toBe(
    true,
  );
  await ntfy.waitForSubscribers(1, { topic: 'chrome-a' });
  for (let index = 0; index < 40; index += 1) {
    await ntfy.publish('chrome-a', {
      title: `Build ${String(index)}`,
      message: `Line one\nline two of ${String(index)}`,
    });
  }
  await expect
    .poll(async () => {
      const listed = await core.listMessages({});
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(40);
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

/**
 * Counts how far the document was ever scrolled, from now on: a scroll that is undone at once still counts (a Tab
 * that scrolls the page and a later one that scrolls it back would hide the fault from a look at the end).
 */
const watchDocumentScroll = `(() => {
  window.__documentScrolled = 0;
  document.addEventListener('scroll', () => {
    const element = document.scrollingElement;
    window.__documentScrolled = Math.max(window.__documentScrolled, element.scrollTop, element.scrollLeft);
  });
})()`;

/** After two frames (a scroll event waits for the next one), the most the document was scrolled, and where it is now. */
const documentScroll = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const element = document.scrollingElement;
  resolve({ most: window.__documentScrolled, now: element.scrollTop + element.scrollLeft });
})))`;

async function expectChromeInPlace(page: Page, what: string): Promise<void> {
  expect(await page.evaluate(documentScroll), `the document after ${what}`).toEqual({ most: 0, now: 0 });
  const header = await page.locator('.app-header').boundingBox();
  expect(header?.y, `the header after ${what}`).toBe(0);
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeInViewport({ ratio: 1 });
}

/** The wheel far past the end (and the start) over the middle and the lower part of the view. */
async function wheelPastTheEnds(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  if (viewport === null) throw new Error('no viewport');
  for (const [x, y] of [
    [viewport.width / 2, viewport.height / 2],
    [viewport.width * 0.8, viewport.height - 20],
    [20, viewport.height - 20],
  ] as const) {
    await page.mouse.move(x, y);
    for (let turn = 0; turn < 6; turn += 1) await page.mouse.wheel(0, 3000);
    await page.mouse.wheel(0, -30_000);
  }
}

/**
 * The focused control (a visually hidden one by the box that shows it, its parent): which one it is, and whether its
 * box lies inside the window, so a Tab onto it shows it rather than leaving it out of sight.
 */
const focusedControl = `(() => {
  const focused = document.activeElement;
  if (focused === null || focused === document.body) return { id: '', inView: true };
  const shown = focused.getBoundingClientRect().height <= 2 ? focused.parentElement : focused;
  const box = shown.getBoundingClientRect();
  const id = focused.outerHTML.slice(0, 160) + '@' + [...document.querySelectorAll('*')].indexOf(focused);
  return { id, inView: box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth };
})()`;

/**
 * Tab through the view's controls until focus comes round to where it started (at most `limit` stops); each one is
 * in sight when it has the focus. Returns the number of stops.
 */
async function tabThroughEverything(page: Page, view: string, limit = 200): Promise<number> {
  await page.locator('body').focus();
  let first: string | undefined;
  for (let stops = 1; stops <= limit; stops += 1) {
    await page.keyboard.press('Tab');
    const now = await page.evaluate<{ id: string; inView: boolean }>(focusedControl);
    expect(now.inView, `Tab stop ${String(stops)} in ${view} is in sight: ${now.id}`).toBe(true);
    if (first === undefined) first = now.id;
    else if (now.id === first) return stops;
  }
  return limit;
}

async function checkView(page: Page, view: string, open: (page: Page) => Promise<void>): Promise<void> {
  await open(page);
  await page.evaluate(watchDocumentScroll);
  await wheelPastTheEnds(page);
  await expectChromeInPlace(page, `the wheel in ${view}`);
  const stops = await tabThroughEverything(page, view);
  expect(stops, `Tab stops in ${view}`).toBeGreaterThan(3);
  await expectChromeInPlace(page, `Tab through ${view}`);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('End');
  await expectChromeInPlace(page, `End in ${view}`);
}

function nav(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name });
}

const views: readonly { readonly name: string; readonly open: (page: Page) => Promise<void> }[] = [
  {
    name: 'Messages with a message open',
    open: async (page) => {
      await nav(page, 'Messages').click();
      const list = page.getByRole('listbox', { name: 'Messages, newest first' });
      await expect(list.getByRole('option')).not.toHaveCount(0);
      await list.getByRole('option').first().click();
      await expect(page.getByRole('article').getByRole('heading', { name: 'Build 39' })).toBeVisible();
    },
  },
  {
    name: 'Subscriptions with the editor open',
    open: async (page) => {
      await nav(page, 'Subscriptions').click();
      await page.getByRole('button', { name: /^Edit/ }).first().click();
      const form = page.getByRole('dialog', { name: 'Edit subscription' });
      await form.locator('details.form-advanced summary').click();
      await expect(form.locator('details.form-advanced')).toHaveAttribute('open');
    },
  },
  {
    name: 'Subscriptions with the add form',
    open: async (page) => {
      await nav(page, 'Subscriptions').click();
      await page.getByRole('button', { name: 'Add subscription' }).click();
      await expect(page.getByRole('dialog', { name: 'Add subscription' })).toBeVisible();
    },
  },
  {
    name: 'Settings',
    open: async (page) => {
      await nav(page, 'Settings').click();
      await expect(page.getByLabel('Default server')).toBeVisible();
    },
  },
];

const sizes = [
  { name: '1280×800', width: 1280, height: 800, scale: 1 },
  { name: '600×400', width: 600, height: 400, scale: 1 },
  // A 1280×800 window at 200 % zoom: 640×400 CSS px, two device pixels to each.
  { name: '1280×800 at 200 %', width: 640, height: 400, scale: 2 },
] as const;

for (const size of sizes) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: size.scale });

    test('neither the wheel nor Tab scrolls the header and navigation away, in any view', async ({ page }) => {
      await page.goto(bridge.url);
      await expect(nav(page, 'Messages')).toBeVisible();
      for (const view of views) await checkView(page, view.name, view.open);
    });
  });
}
