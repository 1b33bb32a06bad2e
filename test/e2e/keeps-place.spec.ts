import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// Each view keeps its place (issue 33 §3): going to Settings or Subscriptions and back leaves Messages on the topic
// chosen, the message open, the list where it was scrolled and the search typed; Settings keeps where it was
// scrolled. Last round, coming back reset Messages to "All subscriptions" and closed the open message. Against the
// real core behind the dev:web bridge and test/server on 127.0.0.1.

let ntfy: TestServer;
let bridge: WebBridge;

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('keeps-place-bridge') });
  const core = bridge.core.service;
  for (const [topic, displayName] of [
    ['place-builds', 'Builds'],
    ['place-door', 'Front door'],
  ] as const) {
    expect((await core.saveSubscription({ server: ntfy.url, topic, displayName })).ok).toBe(true);
    await ntfy.waitForSubscribers(1, { topic });
  }
  await ntfy.publish('place-door', { title: 'Ring', message: 'Someone at the door' });
  for (let index = 0; index < 80; index += 1) {
    await ntfy.publish('place-builds', { title: `Build ${String(index)}`, message: `Build ${String(index)} passed` });
  }
  await expect
    .poll(async () => {
      const listed = await core.listMessages({ limit: 200 });
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(81);
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

function views(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name });
}

function list(page: Page): Locator {
  return page.getByRole('listbox', { name: /^(Messages, newest first|Search results)/ });
}

/** Where the messages' scroller is scrolled to, in CSS px. */
function listScroll(page: Page): Promise<number> {
  return page
    .locator('.message-scroller')
    .evaluate((element) => (element as unknown as { scrollTop: number }).scrollTop);
}

/** Goes to `view` and back to Messages. */
async function awayAndBack(page: Page, view: 'Settings' | 'Subscriptions'): Promise<void> {
  await views(page, view).click();
  await expect(views(page, view)).toHaveAttribute('aria-current', 'page');
  await expect(list(page)).toBeHidden();
  await views(page, 'Messages').click();
  await expect(list(page)).toBeVisible();
}

test('Messages keeps its topic, open message and scroll position across Settings and Subscriptions', async ({
  page,
}) => {
  await page.goto(bridge.url);
  await page
    .getByRole('navigation', { name: 'Subscriptions' })
    .getByRole('button', { name: /Builds/ })
    .click();
  const header = page.getByRole('region', { name: 'Builds' });
  await expect(header.getByRole('heading', { name: 'Builds' })).toBeVisible();
  await expect(list(page).getByRole('option').first()).toContainText('Build 79');

  // Down the list, and a message from there opened.
  await page.locator('.message-scroller').hover();
  for (let turn = 0; turn < 4; turn += 1) await page.mouse.wheel(0, 600);
  await expect.poll(() => listScroll(page)).toBeGreaterThan(1000);
  const option = list(page).getByRole('option', { name: /Build 40\b/ });
  await option.scrollIntoViewIfNeeded();
  await option.click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { name: 'Build 40' })).toBeVisible();
  const scrolled = await listScroll(page);
  expect(scrolled).toBeGreaterThan(1000);

  for (const view of ['Settings', 'Subscriptions'] as const) {
    await awayAndBack(page, view);
    await expect(header.getByRole('heading', { name: 'Builds' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Subscriptions' }).getByRole('button', { name: /Builds/ }),
    ).toHaveAttribute('aria-current', 'true');
    await expect(detail.getByRole('heading', { name: 'Build 40' })).toBeVisible();
    await expect(list(page).getByRole('option', { name: /Build 40\b/ })).toHaveAttribute('aria-selected', 'true');
    expect(await listScroll(page), `the list's scroll position after ${view}`).toBe(scrolled);
  }
});

test('Messages keeps the search typed, and its results', async ({ page }) => {
  await page.goto(bridge.url);
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('door');
  await expect(list(page).getByRole('option')).toHaveCount(1);
  for (const view of ['Settings', 'Subscriptions'] as const) {
    await awayAndBack(page, view);
    await expect(page.getByRole('searchbox', { name: 'Search messages' })).toHaveValue('door');
    await expect(list(page).getByRole('option')).toHaveCount(1);
    await expect(list(page).getByRole('option')).toContainText('Ring');
  }
});

test('Settings keeps where it was scrolled; Subscriptions keeps its open editor', async ({ page }) => {
  await page.goto(bridge.url);
  await views(page, 'Settings').click();
  const settings = page.locator('.settings');
  await expect(page.getByLabel('Default server')).toBeVisible();
  await settings.evaluate((element) => {
    (element as unknown as { scrollTop: number }).scrollTop = 400;
  });
  const scrolled = await settings.evaluate((element) => (element as unknown as { scrollTop: number }).scrollTop);
  expect(scrolled).toBeGreaterThan(100);

  await views(page, 'Subscriptions').click();
  await page.getByRole('button', { name: /^Edit/ }).first().click();
  const editor = page.getByRole('dialog', { name: 'Edit subscription' });
  await editor.getByLabel('Display name (optional)').fill('Builds, renamed but not saved');

  await views(page, 'Messages').click();
  await views(page, 'Settings').click();
  await expect(page.getByLabel('Default server')).toBeVisible();
  expect(await settings.evaluate((element) => (element as unknown as { scrollTop: number }).scrollTop)).toBe(scrolled);
  await views(page, 'Subscriptions').click();
  await expect(editor.getByLabel('Display name (optional)')).toHaveValue('Builds, renamed but not saved');
});

test('a topic removed in Subscriptions is not kept: Messages goes back to all of them', async ({ page }) => {
  const core = bridge.core.service;
  const saved = await core.saveSubscription({ server: ntfy.url, topic: 'place-gone', displayName: 'Gone soon' });
  if (!saved.ok) throw new Error(saved.error.message);
  await page.goto(bridge.url);
  const sidebar = page.getByRole('navigation', { name: 'Subscriptions' });
  await sidebar.getByRole('button', { name: /Gone soon/ }).click();
  await expect(page.getByRole('region', { name: 'Gone soon' })).toBeVisible();
  await views(page, 'Subscriptions').click();
  expect((await core.removeSubscription(saved.value.id, { deleteHistory: true })).ok).toBe(true);
  await views(page, 'Messages').click();
  await expect(sidebar.getByRole('button', { name: /Gone soon/ })).toHaveCount(0);
  await expect(sidebar.getByRole('button', { name: /^All subscriptions/ })).toHaveAttribute('aria-current', 'true');
});
