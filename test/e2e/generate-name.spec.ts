import { expect, test, type Locator, type Page } from '@playwright/test';
import { isValidTopicName } from '../../common/topic-name.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// "Generate name" for a new topic, with ntfy's advice to pick a name that is hard to guess (issue 33 §6). Against the
// real core behind the dev:web bridge and test/server on 127.0.0.1, English and German.

let ntfy: TestServer;
let bridge: WebBridge;

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('generate-name-bridge') });
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

async function openAddForm(page: Page): Promise<Locator> {
  await page.goto(bridge.url);
  await page
    .locator('.sidebar')
    .getByRole('button', { name: /^(Add subscription|Abonnement hinzufügen)$/ })
    .click();
  const form = page.getByRole('dialog');
  await expect(form.locator('input').nth(1)).toHaveValue(ntfy.url);
  return form;
}

test('Generate name fills a hard-to-guess topic, new each time, and subscribing to it works', async ({ page }) => {
  const form = await openAddForm(page);
  const generate = form.getByRole('button', { name: 'Generate name' });
  await expect(generate).toHaveAccessibleDescription(
    "Anyone who knows a topic's name can read and send to it, unless the server protects it: pick a name that is hard to guess.",
  );
  await generate.click();
  const topic = form.getByLabel('Topic');
  const first = await topic.inputValue();
  expect(first).toMatch(/^[A-Za-z0-9]{16}$/);
  expect(isValidTopicName(first)).toBe(true);
  await generate.click();
  const second = await topic.inputValue();
  expect(second).toMatch(/^[A-Za-z0-9]{16}$/);
  expect(second).not.toBe(first);

  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('region', { name: second })).toBeVisible();
  const listed = await bridge.core.service.listSubscriptions();
  expect(listed.ok && listed.value.map((item) => item.topic)).toContain(second);
});

test('an existing subscription has no Generate name', async ({ page }) => {
  expect((await bridge.core.service.saveSubscription({ server: ntfy.url, topic: 'gen-existing' })).ok).toBe(true);
  await page.goto(bridge.url);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Subscriptions' }).click();
  await page.getByRole('button', { name: /^Edit/ }).first().click();
  const form = page.getByRole('dialog', { name: 'Edit subscription' });
  await expect(form.getByLabel('Topic')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Generate name' })).toHaveCount(0);
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('Namen erzeugen, with the advice in German', async ({ page }) => {
    const form = await openAddForm(page);
    const generate = form.getByRole('button', { name: 'Namen erzeugen' });
    await expect(generate).toHaveAccessibleDescription(/schwer zu erratenden Namen/);
    await generate.click();
    await expect(form.locator('input').first()).toHaveValue(/^[A-Za-z0-9]{16}$/);
  });
});
