import { expect, test, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// The subscription editor and reading, driven through the UI only, against the real core behind the dev:web
// bridge and a local test/server. Tests share one core, so each uses its own topics.

let ntfy: TestServer;
let bridge: WebBridge;

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('web-bridge') });
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Subscriptions' });
}

function editor(page: Page) {
  return page.getByRole('dialog', { name: 'Add subscription' });
}

/** Opens the editor and submits it; fields left undefined keep what the form shows (the default server). */
async function addThroughForm(
  page: Page,
  fields: { readonly topic: string; readonly server?: string; readonly displayName?: string },
): Promise<void> {
  await sidebar(page).getByRole('button', { name: 'Add subscription' }).click();
  const form = editor(page);
  await expect(form.getByLabel('Server')).toHaveValue(fields.server ?? ntfy.url);
  await form.getByLabel('Topic').fill(fields.topic);
  if (fields.displayName !== undefined) await form.getByLabel('Display name (optional)').fill(fields.displayName);
  await form.getByLabel('Topic').press('Enter');
}

test('add through the form, receive, read by activating the row, mark all read', async ({ page }) => {
  await page.goto(bridge.url);
  await addThroughForm(page, { topic: 'ui-added', displayName: 'UI alerts' });

  await expect(editor(page)).toBeHidden();
  const entry = sidebar(page).getByRole('button', { name: /UI alerts/ });
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAttribute('aria-current', 'true');
  await expect(sidebar(page).getByRole('button', { name: 'Add subscription' })).toBeFocused();
  await ntfy.waitForSubscribers(1, { topic: 'ui-added' });

  await ntfy.publish('ui-added', { title: 'Backup', message: 'older message' });
  await ntfy.publish('ui-added', { title: 'Disk', message: 'disk almost full' });

  const rows = page.getByRole('listbox', { name: 'Messages, newest first' }).getByRole('option');
  await expect(rows.first()).toContainText('disk almost full');
  await expect(entry).toContainText('2 unread');
  await expect(rows.first()).toContainText('Unread');

  // Keyboard: focus the newest row and press Enter.
  await rows.first().focus();
  await page.keyboard.press('Enter');
  await expect(rows.first()).toHaveAttribute('data-read', 'true');
  await expect(rows.first()).not.toContainText('Unread');
  await expect(entry).toContainText('1 unread');

  // Mouse: the older one.
  await rows.nth(1).click();
  await expect(rows.nth(1)).toHaveAttribute('data-read', 'true');
  await expect(entry.locator('.unread-badge')).toHaveCount(0);

  // Mark all read for the selected subscription.
  await ntfy.publish('ui-added', 'one more');
  await ntfy.publish('ui-added', 'and another');
  await expect(entry).toContainText('2 unread');
  await entry.click();
  await expect(entry).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(entry.locator('.unread-badge')).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Unread' })).toHaveCount(0);

  // And the core kept it: a reload shows the same counts.
  await page.reload();
  await expect(sidebar(page).getByRole('button', { name: /UI alerts/ })).toBeVisible();
  await expect(
    sidebar(page)
      .getByRole('button', { name: /UI alerts/ })
      .locator('.unread-badge'),
  ).toHaveCount(0);
});

test('validation messages sit next to the field they are about', async ({ page }) => {
  await page.goto(bridge.url);
  await addThroughForm(page, { topic: 'ui-duplicate' });
  await expect(sidebar(page).getByRole('button', { name: /ui-duplicate/ })).toBeVisible();

  // The same topic again, this time as a pasted topic URL: it names its server, so the server field is not used.
  await sidebar(page).getByRole('button', { name: 'Add subscription' }).click();
  const form = editor(page);
  await form.getByLabel('Server').fill('');
  await form.getByLabel('Topic').fill(`${ntfy.url}/ui-duplicate`);
  await expect(form.getByLabel('Topic')).toHaveAccessibleDescription(`Subscribes to ${ntfy.url}/ui-duplicate`);
  await expect(form.getByLabel('Server')).toHaveAccessibleDescription('Not used: the topic URL names its server.');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByLabel('Topic')).toHaveAccessibleDescription(/^is already subscribed on this server/);
  await expect(form.getByLabel('Topic')).toHaveAttribute('aria-invalid', 'true');

  // A bad topic name.
  await form.getByLabel('Topic').fill('no spaces allowed!');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByLabel('Topic')).toHaveAccessibleDescription(/^must be 1-64 characters of A-Z a-z 0-9 _ -/);

  // A bad server goes next to the server field.
  await form.getByLabel('Topic').fill('fine-topic');
  await form.getByLabel('Server').fill('ftp://example.com');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByLabel('Server')).toHaveAccessibleDescription('must be an http or https URL');
  await expect(form.getByLabel('Topic')).not.toHaveAttribute('aria-invalid', 'true');

  // Escape closes without saving.
  await form.getByLabel('Server').press('Escape');
  await expect(editor(page)).toBeHidden();
  await expect(sidebar(page).getByRole('button', { name: /fine-topic/ })).toHaveCount(0);
  await expect(sidebar(page).getByRole('button', { name: /ui-duplicate/ })).toHaveCount(1);
});
