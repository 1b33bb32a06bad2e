import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Clock } from '../../main/core/ports.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { docsScreenshot } from './support/docs-screenshot.ts';

// The Messages view's rows (display name, plain markdown preview, icons, high/urgent accent) and its header's
// pause and quiet-hours badges, against the real core behind the dev:web bridge and a test server on 127.0.0.1.

// Times in en-GB read "19:43" whatever the machine's locale; both the page and Node use the machine's time zone.
test.use({ locale: 'en-GB' });

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

/**
 * The wall clock moved to `startMs` (and on by `shift()`), with real timers: the core's pause ends at a time the
 * page's installed clock also shows, so both sides can be moved past it together.
 */
function shiftedClock(startMs: number): Clock & { shift(ms: number): void } {
  let offset = startMs - Date.now();
  return {
    now: () => Date.now() + offset,
    setTimeout: (callback, delayMs) => ({ id: setTimeout(callback, delayMs) }),
    clearTimeout: (handle) => {
      clearTimeout(handle.id as NodeJS.Timeout);
    },
    shift: (ms) => {
      offset += ms;
    },
  };
}

async function startBridge(clock?: Clock): Promise<WebBridge> {
  bridge = await startWebBridge({
    ntfyServerUrl: ntfy.url,
    log: createRecordingLogger('message-rows-bridge'),
    ...(clock === undefined ? {} : { clock }),
  });
  return bridge;
}

function rows(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Messages, newest first' }).getByRole('option');
}

function row(page: Page, text: string): Locator {
  return rows(page).filter({ hasText: text });
}

function badges(page: Page): Locator {
  return page.locator('.quiet-status-badge');
}

test('rows inside a topic do not repeat its name, which its header says; in All subscriptions each row names its own', async ({
  page,
}) => {
  const core = (await startBridge()).core.service;
  expect((await core.saveSubscription({ server: ntfy.url, topic: 'rows-in-a', displayName: 'Build box' })).ok).toBe(
    true,
  );
  expect((await core.saveSubscription({ server: ntfy.url, topic: 'rows-in-b' })).ok).toBe(true);
  await ntfy.waitForSubscribers(1, { topic: 'rows-in-a' });
  await ntfy.waitForSubscribers(1, { topic: 'rows-in-b' });
  await ntfy.publish('rows-in-a', { title: 'Nightly', message: 'Backup done' });
  await ntfy.publish('rows-in-b', { message: 'Disk almost full' });
  await expect
    .poll(async () => {
      const listed = await core.listMessages({});
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(2);

  await page.goto(bridge?.url ?? '');
  await expect(row(page, 'Nightly').locator('.message-topic')).toHaveText('Build box');
  await expect(row(page, 'Disk almost full').locator('.message-topic')).toHaveText('rows-in-b');

  const sidebar = page.getByRole('navigation', { name: 'Subscriptions' });
  await sidebar.getByRole('button', { name: /Build box/ }).click();
  await expect(page.getByRole('heading', { name: 'Build box' })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'Nightly')).not.toContainText('Build box');
  await expect(row(page, 'Nightly').locator('.message-topic')).toHaveCount(0);

  await sidebar.getByRole('button', { name: /rows-in-b/ }).click();
  await expect(page.getByRole('heading', { name: 'rows-in-b' })).toBeVisible();
  await expect(row(page, 'Disk almost full')).not.toContainText('rows-in-b');

  await sidebar.getByRole('button', { name: /^All subscriptions/ }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(row(page, 'Nightly').locator('.message-topic')).toHaveText('Build box');
});

test('rows show the display name, markdown as plain text, icons for extras and a worded accent for urgent', async ({
  page,
}) => {
  const core = (await startBridge()).core.service;
  expect((await core.saveSubscription({ server: ntfy.url, topic: 'rows-named', displayName: 'Build box' })).ok).toBe(
    true,
  );
  expect((await core.saveSubscription({ server: ntfy.url, topic: 'rows-plain' })).ok).toBe(true);
  await ntfy.waitForSubscribers(1, { topic: 'rows-named' });
  await ntfy.waitForSubscribers(1, { topic: 'rows-plain' });

  await ntfy.publish('rows-named', {
    title: 'Nightly',
    message: '# Backup done\n\n**All good**, see [the log](https://example.com/log)',
    markdown: true,
  });
  await ntfy.publish('rows-plain', { message: 'Report attached', attach: 'https://files.example/report.pdf' });
  await ntfy.publish('rows-plain', {
    message: 'Deploy waiting',
    actions: [{ action: 'view', label: 'Open', url: 'https://example.com/deploy' }],
    click: 'https://example.com/ci',
  });
  await ntfy.publish('rows-plain', { message: 'Disk almost full', priority: 4 });
  await ntfy.publish('rows-plain', { message: 'Server on fire', priority: 5 });
  await ntfy.publish('rows-plain', { message: 'Just so you know', priority: 3 });
  await expect
    .poll(async () => {
      const listed = await core.listMessages({});
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(6);

  await page.goto(bridge?.url ?? '');
  await expect(rows(page)).toHaveCount(6);

  // Soft: each of the row's features is reported on its own when it is missing.
  // The name the user gave, not the topic; a subscription without one shows its topic.
  await expect.soft(row(page, 'Nightly').locator('.message-topic')).toHaveText('Build box');
  await expect.soft(row(page, 'Report attached').locator('.message-topic')).toHaveText('rows-plain');

  // Markdown reads as its text: no markers, the link as its words, and no markup in the row.
  const markdown = row(page, 'Nightly').locator('.message-body');
  await expect.soft(markdown).toHaveText('Backup done All good, see the log');
  await expect.soft(row(page, 'Nightly').locator('a, strong, h1')).toHaveCount(0);

  // Icons with words for screen readers.
  await expect.soft(row(page, 'Report attached').getByRole('img', { name: 'Attachment: report.pdf' })).toBeVisible();
  await expect.soft(row(page, 'Deploy waiting').getByRole('img', { name: '1 action' })).toBeVisible();
  await expect.soft(row(page, 'Deploy waiting').getByRole('img', { name: 'Opens a link' })).toBeVisible();
  await expect.soft(row(page, 'Just so you know').locator('.message-feature')).toHaveCount(0);

  // High and urgent say so in words, and their rows stand out from a default one, in light and dark. Screen readers
  // hear "Priority urgent" as on every row; the visible word is for everyone else.
  const visibleLabel = (text: string) => row(page, text).locator('.message-priority-label > [aria-hidden="true"]');
  await expect.soft(visibleLabel('Server on fire')).toHaveText('▲ Urgent');
  await expect.soft(row(page, 'Server on fire')).toContainText('Priority urgent');
  await expect.soft(visibleLabel('Disk almost full')).toHaveText('↑ High');
  await expect.soft(row(page, 'Just so you know').locator('.message-priority-label')).toHaveCount(0);
  const background = (text: string) =>
    row(page, text).evaluate((element) => {
      // The page's window, typed loosely: this project's Node types have no DOM.
      const view = globalThis as unknown as { getComputedStyle(node: unknown): { backgroundColor: string } };
      return view.getComputedStyle(element).backgroundColor;
    });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const normal = await background('Just so you know');
    expect(await background('Server on fire')).not.toBe(normal);
    expect(await background('Disk almost full')).not.toBe(normal);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await docsScreenshot(page, 'window-rows.png');
});

test('a pause until resumed shows in the header, and Resume ends it', async ({ page }) => {
  const core = (await startBridge()).core.service;
  await page.goto(bridge?.url ?? '');
  await expect(page.getByRole('heading', { name: 'Messages', exact: true })).toBeAttached();
  await expect(badges(page)).toHaveCount(0);

  // Paused elsewhere (the tray): the header follows.
  expect((await core.updateSettings({ pause: 'until-resumed' })).ok).toBe(true);
  await expect(badges(page)).toHaveText('🔕 Paused until resumedResume');
  await badges(page).getByRole('button', { name: 'Resume' }).click();
  await expect(badges(page)).toHaveCount(0);
  const settings = await core.getSettings();
  expect(settings.ok && settings.value.pausedUntil).toBeUndefined();
});

test('a timed pause says until when, in the locale, and the badge goes when the pause ends', async ({ page }) => {
  const start = new Date(2026, 2, 10, 19, 13).getTime();
  const clock = shiftedClock(start);
  const core = (await startBridge(clock)).core.service;
  await page.clock.install({ time: start });
  await page.goto(bridge?.url ?? '');

  expect((await core.updateSettings({ pause: 30 })).ok).toBe(true);
  await expect(badges(page)).toHaveText('🔕 Paused until 19:43Resume');

  // Both clocks past the end: the page's timer to the pause's end fires; no waiting on the real clock.
  clock.shift(31 * 60_000);
  await page.clock.fastForward('31:00');
  await expect(badges(page)).toHaveCount(0);
});

test('quiet hours that are on now show until when they end, and go when they do', async ({ page }) => {
  const start = new Date(2026, 2, 10, 23, 30).getTime();
  const core = (await startBridge(shiftedClock(start))).core.service;
  await page.clock.install({ time: start });
  await page.goto(bridge?.url ?? '');
  await expect(page.getByRole('heading', { name: 'Messages', exact: true })).toBeAttached();

  const quietHours = { enabled: true, start: '22:00', end: '07:00' };
  expect((await core.updateSettings({ preferences: { quietHours } })).ok).toBe(true);
  await expect(badges(page)).toHaveText('🌙 Quiet hours until 07:00');
  await expect(badges(page).getByRole('button')).toHaveCount(0);

  await page.clock.fastForward('07:31:00');
  await expect(badges(page)).toHaveCount(0);
});
