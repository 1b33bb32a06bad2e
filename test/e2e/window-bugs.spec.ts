import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// Bugs a new user met in the window (issue 25 item 6), each played as they met it, against the real core behind the
// dev:web bridge and test/server on 127.0.0.1. (The grey dot beside "No servers to connect to" is in renderer.spec.)

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

test.use({ viewport: { width: 960, height: 680 } });

async function startBridge(): Promise<WebBridge> {
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('window-bugs-bridge') });
  return bridge;
}

function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Subscriptions' });
}

function rows(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Messages, newest first' }).getByRole('option');
}

test('the first click after editing a quiet-hours time is not lost while the time is saved', async ({ page }) => {
  const core = await startBridge();
  await page.goto(core.url);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings' }).click();
  const quiet = page.getByRole('group', { name: 'Quiet hours' });
  await quiet.getByLabel('Starts at').fill('21:30');
  // A real click is a press and a release: the press moves focus (the time is saved on blur) and the release
  // lands a moment later. The release must still be on the same checkbox after "Saved" appeared above it.
  const startAtLogin = page.getByRole('switch', { name: 'Start ntfy Tray when I log in' });
  await expect(startAtLogin).not.toBeChecked();
  const box = await startAtLogin.boundingBox();
  expect(box).not.toBeNull();
  if (box === null) return;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(quiet.getByRole('status')).toHaveText('Saved');
  await page.mouse.up();
  await expect(startAtLogin).toBeChecked();
  const settings = await core.core.service.getSettings();
  expect(settings.ok && settings.value.preferences.quietHours.start).toBe('21:30');
});

test('choosing another subscription closes a message of another topic', async ({ page }) => {
  const core = await startBridge();
  const service = core.core.service;
  expect((await service.saveSubscription({ server: ntfy.url, topic: 'bugs-one', displayName: 'One' })).ok).toBe(true);
  expect((await service.saveSubscription({ server: ntfy.url, topic: 'bugs-two', displayName: 'Two' })).ok).toBe(true);
  await ntfy.waitForSubscribers(1, { topic: 'bugs-one' });
  await ntfy.waitForSubscribers(1, { topic: 'bugs-two' });
  await ntfy.publish('bugs-one', { title: 'From one', message: 'first topic' });
  await ntfy.publish('bugs-two', { title: 'From two', message: 'second topic' });
  await page.goto(core.url);
  await expect(rows(page)).toHaveCount(2);

  await rows(page).filter({ hasText: 'From one' }).click();
  await expect(page.getByRole('article', { name: /From one/ })).toBeVisible();
  await sidebar(page).getByRole('button', { name: /Two/ }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('article', { name: /From one/ })).toHaveCount(0);

  // A message of the topic chosen stays open.
  await rows(page).filter({ hasText: 'From two' }).click();
  await sidebar(page).getByRole('button', { name: /Two/ }).click();
  await expect(page.getByRole('article', { name: /From two/ })).toBeVisible();
});

test('"Send test notification" while paused or muted says that nothing will pop up, and why', async ({ page }) => {
  const core = await startBridge();
  const service = core.core.service;
  expect((await service.saveSubscription({ server: ntfy.url, topic: 'bugs-test', displayName: 'Tested' })).ok).toBe(
    true,
  );
  await ntfy.waitForSubscribers(1, { topic: 'bugs-test' });
  expect((await service.updateSettings({ pause: 'until-resumed' })).ok).toBe(true);
  await page.goto(core.url);
  await sidebar(page)
    .getByRole('button', { name: /Tested/ })
    .click();
  const header = page.getByRole('region', { name: 'Tested' });
  await header.getByRole('button', { name: 'Send test notification' }).click();
  await expect(header.getByRole('status')).toHaveText(
    'Test notification sent, but it will not pop up: Notifications paused until resumed',
  );

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.locator('.quiet-status-badge')).toHaveCount(0);
  await header.getByRole('button', { name: 'Send test notification' }).click();
  await expect(header.getByRole('status')).toHaveText('Test notification sent');

  await header.getByRole('button', { name: 'Mute' }).click();
  await expect(header.getByRole('button', { name: 'Unmute' })).toBeVisible();
  await header.getByRole('button', { name: 'Send test notification' }).click();
  await expect(header.getByRole('status')).toHaveText(
    'Test notification sent, but it will not pop up: This topic is muted',
  );
});
