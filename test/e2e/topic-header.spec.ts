import { expect, test, type Locator, type Page } from '@playwright/test';
import type { SubscriptionDto } from '../../common/ipc.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { DOCS_PICTURE, docsScreenshot } from './support/docs-screenshot.ts';

// The topic header (issue 13 item 3): a selected subscription's name, host and URL, and its actions, above its
// messages, at the default window size, against the real core behind the dev:web bridge and a test server on
// 127.0.0.1. Each test runs its own core, so the sidebar holds only that test's subscriptions.

let ntfy: TestServer;
let bridge: WebBridge | undefined;

test.beforeAll(async () => {
  ntfy = await startTestServer();
});

test.afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
});

test.afterAll(async () => {
  await ntfy.close();
});

async function startBridge(): Promise<WebBridge> {
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('topic-header-bridge') });
  return bridge;
}

/** Subscribes through the core (the form is subscriptions.spec's) and publishes `messages` once it listens. */
async function subscribe(core: WebBridge, topic: string, displayName: string, messages = 0): Promise<void> {
  expect((await core.core.service.saveSubscription({ server: ntfy.url, topic, displayName })).ok).toBe(true);
  await ntfy.waitForSubscribers(1, { topic });
  for (let n = 1; n <= messages; n += 1) await ntfy.publish(topic, { title: `${displayName} ${n}`, message: `#${n}` });
  if (messages > 0) await expect.poll(() => storedCount(core, topic)).toBe(messages);
}

async function storedCount(core: WebBridge, topic: string): Promise<number> {
  const listed = await core.core.service.listMessages({ subscription: { server: ntfy.url, topic }, limit: 500 });
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value.messages.length;
}

async function storedSubscription(core: WebBridge, topic: string): Promise<SubscriptionDto | undefined> {
  const listed = await core.core.service.listSubscriptions();
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.value.find((subscription) => subscription.topic === topic);
}

function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Subscriptions' });
}

function sidebarEntry(page: Page, name: string): Locator {
  return sidebar(page).getByRole('button', { name: new RegExp(name) });
}

function topicHeader(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

function rows(page: Page): Locator {
  return page
    .getByRole('listbox', { name: 'Messages, newest first' })
    .getByRole('option')
    .filter({ has: page.locator('.message-meta') });
}

/** Opens the window at the default size with `name` selected in the sidebar. */
async function openTopic(page: Page, core: WebBridge, name: string): Promise<Locator> {
  await page.setViewportSize({ width: 960, height: 680 });
  await page.goto(core.url);
  await sidebarEntry(page, name).click();
  const header = topicHeader(page, name);
  await expect(header.getByRole('heading', { name, level: 3 })).toBeVisible();
  return header;
}

async function openMenuItem(header: Locator, item: string): Promise<void> {
  await header.getByRole('button', { name: 'More actions' }).click();
  await header.getByRole('menuitem', { name: item }).click();
}

/** Every button (and checkbox) in `scope` lies fully inside the viewport: none is cut off or pushed off screen. */
async function expectAllOnScreen(scope: Locator, what: string): Promise<void> {
  const controls = scope.locator('button, input');
  const count = await controls.count();
  expect(count, what).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    await expect(controls.nth(index), `${what}: control ${index}`).toBeInViewport({ ratio: 1 });
  }
}

test('at 960×680 the header names the topic and its server, every action is on screen, and search keeps its room', async ({
  page,
}) => {
  const core = await startBridge();
  await subscribe(core, 'fit-header', 'Nightly build server alerts', 1);
  const header = await openTopic(page, core, 'Nightly build server alerts');

  const host = new URL(ntfy.url).host;
  await expect(header.locator('.topic-header-host')).toHaveText(host);
  await expect(header.locator('.topic-header-url')).toHaveText(`${ntfy.url}/fit-header`);
  // The toolbar keeps only search and filters; the topic's actions moved into its header.
  const toolbar = page.locator('.history-toolbar');
  await expect(toolbar.getByRole('button')).toHaveCount(0);
  const search = await page.getByRole('searchbox', { name: 'Search messages' }).boundingBox();
  expect(search?.width ?? 0).toBeGreaterThanOrEqual(200);

  await expectAllOnScreen(header, 'header');
  await header.getByRole('button', { name: 'More actions' }).click();
  await expectAllOnScreen(header.getByRole('menu', { name: 'More actions' }), 'menu');
  await header.getByRole('menuitem', { name: 'Clear messages…' }).click();
  await expectAllOnScreen(header.getByRole('group', { name: /Clear all messages/ }), 'clear question');
  await header.getByRole('button', { name: 'Cancel' }).click();
  await openMenuItem(header, 'Unsubscribe…');
  await expectAllOnScreen(header.getByRole('group', { name: /Unsubscribe from/ }), 'unsubscribe question');
  await header.getByRole('button', { name: 'Keep subscription' }).click();

  // Narrow windows (the sidebar is a drawer then): the header wraps instead of pushing Cancel off screen.
  for (const width of [600, 320]) {
    await page.setViewportSize({ width, height: 680 });
    await expectAllOnScreen(header, `header at ${width} px`);
    await openMenuItem(header, 'Clear messages…');
    await expectAllOnScreen(header.getByRole('group', { name: /Clear all messages/ }), `clear question at ${width} px`);
    await header.getByRole('button', { name: 'Cancel' }).click();
  }
});

test('Mark all read marks the topic read in the core', async ({ page }) => {
  const core = await startBridge();
  await subscribe(core, 'read-all', 'Read all', 2);
  const header = await openTopic(page, core, 'Read all');
  await expect(sidebarEntry(page, 'Read all')).toContainText('2 unread');

  await header.getByRole('button', { name: 'Mark all read' }).click();
  await expect(sidebarEntry(page, 'Read all').locator('.unread-badge')).toHaveCount(0);
  await expect(rows(page).filter({ hasText: 'Unread' })).toHaveCount(0);
  // The core lists only topics with unread messages.
  const counts = await core.core.service.unreadCounts();
  expect(counts.ok ? counts.value.filter((count) => count.topic === 'read-all') : counts.error).toEqual([]);
});

test('Mute and Unmute change the subscription in the core and say so in the header', async ({ page }) => {
  const core = await startBridge();
  await subscribe(core, 'mute-me', 'Mute me');
  const header = await openTopic(page, core, 'Mute me');

  await header.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect.poll(async () => (await storedSubscription(core, 'mute-me'))?.muted).toBe(true);
  await expect(header.getByText('Muted', { exact: true })).toBeVisible();
  // The rest of the subscription is saved as it was.
  expect(await storedSubscription(core, 'mute-me')).toMatchObject({ displayName: 'Mute me', transport: 'json' });

  await header.getByRole('button', { name: 'Unmute' }).click();
  await expect.poll(async () => (await storedSubscription(core, 'mute-me'))?.muted).toBe(false);
  await expect(header.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
  await expect(header.getByText('Muted', { exact: true })).toHaveCount(0);
});

test('More actions is a menu: arrows, Home/End, Escape back to the button, Tab closes it', async ({ page }) => {
  const core = await startBridge();
  await subscribe(core, 'menu-keys', 'Menu keys');
  const header = await openTopic(page, core, 'Menu keys');
  const button = header.getByRole('button', { name: 'More actions' });
  const menu = header.getByRole('menu', { name: 'More actions' });
  const item = (name: string) => menu.getByRole('menuitem', { name });

  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(item('Edit subscription')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Clear messages…')).toBeFocused();
  await page.keyboard.press('End');
  await expect(item('Unsubscribe…')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Edit subscription')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(item('Unsubscribe…')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(item('Edit subscription')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // ArrowUp opens it on the last item; Tab closes it and moves on.
  await page.keyboard.press('ArrowUp');
  await expect(item('Unsubscribe…')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu).toHaveCount(0);
  await expect(page.locator('body')).not.toBeFocused();
});

test('Clear asks in the header, starting on Cancel; cancelled or done, focus is on More actions, not <body>', async ({
  page,
}) => {
  const core = await startBridge();
  await subscribe(core, 'clear-me', 'Clear me', 2);
  const header = await openTopic(page, core, 'Clear me');
  await expect(rows(page)).toHaveCount(2);
  const more = header.getByRole('button', { name: 'More actions' });
  const question = header.getByRole('group', { name: 'Clear all messages of Clear me' });

  await openMenuItem(header, 'Clear messages…');
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(more).toBeFocused();

  await openMenuItem(header, 'Clear messages…');
  await question.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(rows(page)).toHaveCount(0);
  await expect.poll(() => storedCount(core, 'clear-me')).toBe(0);
  await expect(more).toBeFocused();
  // Cleared, not unsubscribed: the header stays.
  await expect(header).toBeVisible();
});

test('Unsubscribe asks, removes the subscription from the core and the sidebar, and focus goes to the sidebar', async ({
  page,
}) => {
  const core = await startBridge();
  await subscribe(core, 'stay', 'Stays here', 1);
  await subscribe(core, 'go-away', 'Goes away', 1);
  const header = await openTopic(page, core, 'Goes away');

  await openMenuItem(header, 'Unsubscribe…');
  const question = header.getByRole('group', { name: 'Unsubscribe from Goes away? Its notifications stop.' });
  await expect(question.getByRole('button', { name: 'Keep subscription' })).toBeFocused();
  await question.getByRole('button', { name: 'Unsubscribe', exact: true }).click();

  await expect(sidebarEntry(page, 'Goes away')).toHaveCount(0);
  await expect.poll(() => storedSubscription(core, 'go-away')).toBeUndefined();
  await expect(header).toHaveCount(0);
  // All subscriptions is shown again, and focus is on its entry; the stored messages stay unless asked.
  const all = sidebarEntry(page, 'All subscriptions');
  await expect(all).toHaveAttribute('aria-current', 'true');
  await expect(all).toBeFocused();
  expect(await storedCount(core, 'go-away')).toBe(1);

  // The last one, with its messages: the sidebar has no "All subscriptions" left, so focus goes to Add.
  const last = await openTopic(page, core, 'Stays here');
  await openMenuItem(last, 'Unsubscribe…');
  await last.getByRole('checkbox', { name: 'Also delete its stored messages' }).check();
  await last.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect.poll(() => storedSubscription(core, 'stay')).toBeUndefined();
  await expect(sidebar(page).getByRole('button', { name: 'Add subscription' })).toBeFocused();
  expect(await storedCount(core, 'stay')).toBe(0);
});

test('Edit opens the subscription in Subscriptions', async ({ page }) => {
  const core = await startBridge();
  await subscribe(core, 'edit-me', 'Edit me');
  const header = await openTopic(page, core, 'Edit me');

  await openMenuItem(header, 'Edit subscription');
  const form = page.getByRole('dialog', { name: 'Edit subscription' });
  await expect(form).toBeVisible();
  // The form itself, not the login step "Fix credentials" opens: nothing was refused.
  await expect(form.getByRole('group', { name: /^Login required/ })).toHaveCount(0);
  await expect(form.getByLabel('Topic', { exact: true })).toBeFocused();
  await expect(form.getByLabel('Display name')).toHaveValue('Edit me');
});

// Axe checks the header with its menu closed and open in axe-views.spec.ts; here only its picture for docs/ is taken.
test('the header with its menu open is captured at 960×680 for the docs', { tag: DOCS_PICTURE }, async ({ page }) => {
  const core = await startBridge();
  await subscribe(core, 'deploys', 'Deploys', 3);
  await subscribe(core, 'backups', 'Backups', 1);
  const header = await openTopic(page, core, 'Deploys');
  await expect(rows(page)).toHaveCount(3);
  // Captured with the menu open, so the picture shows every action the header has.
  await header.getByRole('button', { name: 'More actions' }).click();
  await expect(header.getByRole('menu')).toBeVisible();
  await docsScreenshot(page, 'window-topic-header.png');
});
