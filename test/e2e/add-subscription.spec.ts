import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { DOCS_PICTURE, docsScreenshot } from './support/docs-screenshot.ts';

// Adding a subscription (issue 13, item 8): one form from Messages and from Subscriptions, https assumed where no
// scheme is typed, the new topic opened, and an empty topic that says how to publish to it. Driven through the UI
// against the real core behind the dev:web bridge and a local test/server; tests share one core and use their own
// topics.

let ntfy: TestServer;
let bridge: WebBridge;

test.use({ viewport: { width: 960, height: 680 } });

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('add-subscription-bridge') });
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Subscriptions' });
}

function addForm(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Add subscription' });
}

async function openFromMessages(page: Page): Promise<Locator> {
  await page.goto(bridge.url);
  await sidebar(page).getByRole('button', { name: 'Add subscription' }).click();
  const form = addForm(page);
  // The default server is filled in once settings answer; tests type after that.
  await expect(form.getByLabel('Server')).toHaveValue(ntfy.url);
  return form;
}

async function openFromSubscriptions(page: Page): Promise<Locator> {
  await page.goto(bridge.url);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Subscriptions' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Add subscription' }).click();
  const form = addForm(page);
  await expect(form.getByLabel('Server')).toHaveValue(ntfy.url);
  return form;
}

/** What a form offers: each control's label in order, and whether "Advanced" is unfolded. */
async function formShape(form: Locator): Promise<{ labels: string[]; advancedOpen: boolean }> {
  const labels = await form.locator('label, legend, summary, button').allTextContents();
  const advancedOpen = (await form.locator('details.form-advanced').getAttribute('open')) !== null;
  return { labels: labels.map((text) => text.trim()), advancedOpen };
}

test('the form shows the URL it will use as it is typed, https assumed where no scheme was typed', async ({ page }) => {
  const form = await openFromMessages(page);
  const topic = form.getByLabel('Topic');
  const port = new URL(ntfy.url).port;

  await topic.pressSequentially(`127.0.0.1:${port}/alerts`);
  await expect(topic).toHaveAccessibleDescription(`Subscribes to https://127.0.0.1:${port}/alerts`);
  await expect(form.getByLabel('Server')).toHaveAccessibleDescription('Not used: the topic URL names its server.');

  // A bare topic goes to the server field's server, which may be typed without a scheme too.
  await topic.fill('alerts');
  await expect(topic).toHaveAccessibleDescription(`Subscribes to ${ntfy.url}/alerts`);
  await form.getByLabel('Server').fill('ntfy.example.com');
  await expect(topic).toHaveAccessibleDescription('Subscribes to https://ntfy.example.com/alerts');

  // Nothing was saved by typing.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  const listed = await bridge.core.service.listSubscriptions();
  expect(listed.ok && listed.value.filter((item) => item.topic === 'alerts')).toEqual([]);
});

test('an http topic URL is saved as given, opened in Messages, and its empty list shows the curl line to copy', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(bridge.url).origin });
  const form = await openFromMessages(page);
  await form.getByLabel('Server').fill('');
  await form.getByLabel('Topic').fill(`${ntfy.url}/x`);
  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(form).toBeHidden();

  const listed = await bridge.core.service.listSubscriptions();
  const saved = listed.ok ? listed.value.filter((item) => item.topic === 'x') : [];
  expect(saved.map((item) => item.server)).toEqual([ntfy.url]);

  // The new topic is the selected one, and its (empty) list says how to publish to it.
  await expect(sidebar(page).getByRole('button', { name: /(^| )x$/ })).toHaveAttribute('aria-current', 'true');
  const empty = page.getByRole('region', { name: 'No messages yet' });
  const command = `curl -d "Hi" ${ntfy.url}/x`;
  await expect(empty.locator('code')).toHaveText(command);
  await empty.getByRole('button', { name: 'Copy' }).click();
  await expect(empty.getByRole('status')).toHaveText('Copied');
  expect(
    await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    ),
  ).toBe(command);

  // What the line says works: a message published there shows up in the open topic.
  await ntfy.waitForSubscribers(1, { topic: 'x' });
  await ntfy.publish('x', 'Hi');
  await expect(page.getByRole('listbox', { name: 'Messages, newest first' }).getByRole('option')).toHaveCount(1);
});

test('the same form opens from Messages and from Subscriptions, with "Advanced" folded', async ({ page }) => {
  const fromMessages = await openFromMessages(page);
  const messagesShape = await formShape(fromMessages);
  await expect(fromMessages.getByLabel('Transport')).toBeHidden();
  await fromMessages.getByLabel('Topic').press('Escape');
  await expect(fromMessages).toBeHidden();

  const fromSubscriptions = await openFromSubscriptions(page);
  await expect(fromSubscriptions.getByLabel('Topic')).toBeFocused();
  await expect(fromSubscriptions.getByLabel('Transport')).toBeHidden();
  expect(await formShape(fromSubscriptions)).toEqual(messagesShape);
  expect(messagesShape.advancedOpen).toBe(false);
  // Topic first (with Generate name, issue 33 §6), then where it lives, then its name; everything else under Advanced.
  expect(messagesShape.labels.slice(0, 5)).toEqual([
    'Topic',
    'Generate name',
    'Server',
    'Display name (optional)',
    'Advanced',
  ]);
  expect(messagesShape.labels).toEqual(expect.arrayContaining(['Transport', 'Minimum priority', 'Credentials']));

  // Added from Subscriptions: the new subscription's row is shown and focused.
  await fromSubscriptions.getByLabel('Topic').fill('from-subscriptions');
  await fromSubscriptions.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const entry = page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem').filter({
    hasText: 'from-subscriptions',
  });
  await expect(entry.getByRole('button', { name: /^Edit/ })).toBeFocused();
  await expect(entry).toBeInViewport();
});

test('"All subscriptions" says what to do first when there are none', async ({ page }) => {
  const own = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('empty-bridge') });
  try {
    await page.goto(own.url);
    const empty = page.getByRole('region', { name: 'No messages yet' });
    await expect(empty).toContainText('First add a subscription');
    await expect(empty.locator('code')).toHaveCount(0);
  } finally {
    await own.close();
  }
});

// Axe checks the filled form and an empty topic, light and dark, in axe-views.spec.ts; here only their pictures for
// docs/ are taken.
test.describe('pictures for the docs', { tag: DOCS_PICTURE }, () => {
  test('the filled add form', async ({ page }) => {
    const form = await openFromMessages(page);
    await form.getByLabel('Topic').fill('ntfy.sh/alerts');
    await form.getByLabel('Display name (optional)').fill('Alerts');
    await expect(form.getByLabel('Topic')).toHaveAccessibleDescription('Subscribes to https://ntfy.sh/alerts');
    await docsScreenshot(page, 'window-add-subscription.png');
  });

  test('an empty topic', async ({ page }) => {
    const topic = 'empty-docs';
    const form = await openFromMessages(page);
    await form.getByLabel('Topic').fill(topic);
    await form.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('region', { name: 'No messages yet' }).locator('code')).toHaveText(
      `curl -d "Hi" ${ntfy.url}/${topic}`,
    );
    await docsScreenshot(page, 'window-empty-topic.png');
  });
});
