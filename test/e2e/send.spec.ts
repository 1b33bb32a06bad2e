import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// "Send a message" and "Send test notification" (issue 14 §1) in the window, against the real core behind the
// dev:web bridge and test/server on 127.0.0.1: what the form sends is read back from the server's cache.

const docsDir = path.resolve(import.meta.dirname, '../../docs');

let ntfy: TestServer;
let bridge: WebBridge | undefined;
/** A second server whose topics anyone may read but nobody may write (ntfy auth-default-access read-only). */
let readOnly: TestServer | undefined;

test.beforeAll(async () => {
  ntfy = await startTestServer();
});

test.afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
  await readOnly?.close();
  readOnly = undefined;
});

test.afterAll(async () => {
  await ntfy.close();
});

async function startBridge(): Promise<WebBridge> {
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('send-bridge') });
  return bridge;
}

async function subscribe(core: WebBridge, server: TestServer, topic: string, displayName: string): Promise<void> {
  const saved = await core.core.service.saveSubscription({ server: server.url, topic, displayName });
  expect(saved.ok).toBe(true);
}

/** Opens the window at the default size with `name` selected; answers its topic header. */
async function openTopic(page: Page, core: WebBridge, name: string): Promise<Locator> {
  await page.setViewportSize({ width: 960, height: 680 });
  await page.goto(core.url);
  await page
    .getByRole('navigation', { name: 'Subscriptions' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  const header = page.getByRole('region', { name });
  await expect(header.getByRole('heading', { name, level: 3 })).toBeVisible();
  return header;
}

async function openForm(page: Page, header: Locator, name: string): Promise<Locator> {
  await header.getByRole('button', { name: 'Send a message…' }).click();
  const form = page.getByRole('form', { name: `Send a message to ${name}` });
  await expect(form).toBeVisible();
  return form;
}

function cachedOn(server: TestServer, topic: string) {
  return server.cachedMessages().filter((message) => message.topic === topic);
}

test('every field of the form reaches the server; a delay says when, a plain send says Sent and clears the message', async ({
  page,
}) => {
  const core = await startBridge();
  await subscribe(core, ntfy, 'send-all', 'Send all');
  const header = await openTopic(page, core, 'Send all');
  const form = await openForm(page, header, 'Send all');

  await form.getByLabel('Title').fill('Backup finished');
  await form.getByLabel('Message', { exact: true }).fill('All **42** files copied');
  await form.getByRole('checkbox', { name: 'Markdown' }).check();
  await form.getByLabel('Priority').selectOption({ label: 'High' });
  await form.getByLabel('Tags').fill('tada, backup');
  // The tag preview maps emoji names the way message rows show them.
  await expect(form.getByText('Shows as: 🎉 backup')).toBeVisible();
  await form.getByLabel('Click URL').fill('https://example.com/backups');
  await form.getByLabel('Attachment URL').fill('https://example.com/report.pdf');
  await form.getByLabel('Attachment file name').fill('report.pdf');
  await form.getByLabel('Delay').fill('30m');
  await form.getByRole('button', { name: 'Add action' }).click();
  const first = form.getByRole('group', { name: 'Action 1' });
  await first.getByLabel('Label').fill('Open report');
  await first.getByLabel('URL').fill('https://example.com/report');
  await form.getByRole('button', { name: 'Add action' }).click();
  const second = form.getByRole('group', { name: 'Action 2' });
  await second.getByLabel('Kind').selectOption('http');
  await second.getByLabel('Label').fill('Archive');
  await second.getByLabel('URL').fill('https://example.com/archive');
  await second.getByLabel('Method').selectOption('PUT');
  await form.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(form.getByRole('status')).toHaveText(/^Scheduled for /);
  await expect(form.getByLabel('Message', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Title')).toHaveValue('Backup finished');
  const [scheduled] = cachedOn(ntfy, 'send-all');
  expect(scheduled).toMatchObject({
    title: 'Backup finished',
    message: 'All **42** files copied',
    content_type: 'text/markdown',
    priority: 4,
    tags: ['tada', 'backup'],
    click: 'https://example.com/backups',
    attachment: { url: 'https://example.com/report.pdf', name: 'report.pdf' },
    actions: [
      { action: 'view', label: 'Open report', url: 'https://example.com/report' },
      { action: 'http', label: 'Archive', url: 'https://example.com/archive', method: 'PUT' },
    ],
  });
  // 30 minutes ahead of when it was published, give or take the server's clock (seconds).
  expect((scheduled?.time ?? 0) - Math.floor(Date.now() / 1000)).toBeGreaterThan(25 * 60);

  await form.getByLabel('Delay').fill('');
  await form.getByLabel('Message', { exact: true }).fill('second one');
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText('Sent');
  expect(cachedOn(ntfy, 'send-all').map((message) => message.message)).toEqual([
    'All **42** files copied',
    'second one',
  ]);
});

test('the markdown preview shows the message rendered and sanitized', async ({ page }) => {
  const core = await startBridge();
  await subscribe(core, ntfy, 'send-preview', 'Preview');
  const form = await openForm(page, await openTopic(page, core, 'Preview'), 'Preview');

  await form.getByLabel('Message', { exact: true }).fill('# Deploy\n\n**done** <img src=x onerror=alert(1)>');
  await expect(form.getByRole('button', { name: 'Preview' })).toHaveCount(0);
  await form.getByRole('checkbox', { name: 'Markdown' }).check();
  await form.getByRole('button', { name: 'Preview' }).click();

  const preview = form.getByRole('region', { name: 'Message preview' });
  await expect(preview.getByRole('heading', { name: 'Deploy' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('done');
  // Raw HTML is text, never an element.
  await expect(preview.locator('img')).toHaveCount(0);
  await expect(preview).toContainText('<img src=x onerror=alert(1)>');

  // Back to editing: the text is as typed.
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByLabel('Message', { exact: true })).toHaveValue(
    '# Deploy\n\n**done** <img src=x onerror=alert(1)>',
  );
});

test('a topic the user may only read says so, and nothing is stored', async ({ page }) => {
  readOnly = await startTestServer({ auth: { users: [], defaultAccess: 'read-only' } });
  const core = await startBridge();
  await subscribe(core, readOnly, 'announcements', 'Announcements');
  const form = await openForm(page, await openTopic(page, core, 'Announcements'), 'Announcements');

  await form.getByLabel('Message', { exact: true }).fill('may I?');
  await form.getByRole('button', { name: 'Send', exact: true }).click();

  await expect(form.getByRole('status')).toHaveText(/^Not sent: .*read-only for this user/i);
  // What was typed stays, to be sent elsewhere or later.
  await expect(form.getByLabel('Message', { exact: true })).toHaveValue('may I?');
  expect(readOnly.cachedMessages()).toEqual([]);
});

test('"Send test notification" in the header sends the test message without opening the form', async ({ page }) => {
  const core = await startBridge();
  await subscribe(core, ntfy, 'send-test', 'Test me');
  const header = await openTopic(page, core, 'Test me');

  await header.getByRole('button', { name: 'Send test notification' }).click();

  await expect(header.getByRole('status')).toHaveText('Test notification sent');
  await expect(page.getByRole('form')).toHaveCount(0);
  expect(cachedOn(ntfy, 'send-test')).toMatchObject([
    { title: 'Test notification', message: 'This is a test from ntfy Tray', tags: ['tada'] },
  ]);
});

test('keyboard: the fields are reachable with Tab, Escape and Cancel close the form and focus goes back', async ({
  page,
}) => {
  const core = await startBridge();
  await subscribe(core, ntfy, 'send-keys', 'Keys');
  const header = await openTopic(page, core, 'Keys');
  const opener = header.getByRole('button', { name: 'Send a message…' });
  const form = page.getByRole('form', { name: 'Send a message to Keys' });

  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Title')).toBeFocused();
  const expected = [
    form.getByLabel('Message', { exact: true }),
    form.getByRole('checkbox', { name: 'Markdown' }),
    form.getByLabel('Priority'),
    form.getByLabel('Tags'),
    form.getByLabel('Click URL'),
    form.getByLabel('Delay'),
    form.getByLabel('Attachment URL'),
    form.getByLabel('Attachment file name'),
    form.getByRole('button', { name: 'Add action' }),
    form.getByRole('button', { name: 'Send', exact: true }),
    form.getByRole('button', { name: 'Cancel' }),
  ];
  for (const field of expected) {
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
  }

  await form.getByLabel('Tags').focus();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Title')).toBeFocused();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('the send form has no accessibility violations in light and dark; captured at 960×680', async ({ page }) => {
  // Axe runs twice on a machine shared with other test runs: more than the default, never a wait on a timer.
  test.setTimeout(120_000);
  const core = await startBridge();
  await subscribe(core, ntfy, 'send-axe', 'Deploys');
  const form = await openForm(page, await openTopic(page, core, 'Deploys'), 'Deploys');
  await form.getByLabel('Title').fill('Deploy finished');
  await form.getByLabel('Message', { exact: true }).fill('Version **2.4** is live on all hosts.');
  await form.getByLabel('Tags').fill('rocket, production');
  await form.getByRole('button', { name: 'Add action' }).click();
  await form.getByRole('group', { name: 'Action 1' }).getByLabel('Label').fill('Open dashboard');
  await form.getByRole('group', { name: 'Action 1' }).getByLabel('URL').fill('https://example.com/dashboard');

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).include('.send-form').include('.topic-header').analyze();
    expect(results.violations, colorScheme).toEqual([]);
  }

  await page.emulateMedia({ colorScheme: 'light' });
  await form.getByLabel('Title').focus();
  // docs/ keeps the committed screenshots; a normal run writes to its own output folder so it never dirties the
  // checkout. `UPDATE_SCREENSHOTS=1` refreshes the one in docs/.
  const screenshotDir = process.env['UPDATE_SCREENSHOTS'] === '1' ? docsDir : test.info().outputDir;
  await page.screenshot({ path: path.join(screenshotDir, 'window-send.png'), fullPage: true });
});
