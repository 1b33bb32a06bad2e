import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { coreSpeaks } from './support/core-language.ts';

// Issue 33 §5: a local file sent as ntfy's attachment (picker, drop, the server's limit, progress and Cancel) and the
// one-line message bar under a topic, in the window against the real core behind the dev:web bridge and test/server
// on 127.0.0.1 with an attachment store: what arrives is read back from the server.

let ntfy: TestServer | undefined;
let bridge: WebBridge | undefined;

test.afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
  await ntfy?.close();
  ntfy = undefined;
});

async function start(page: Page, attachments: { fileSizeLimitBytes?: number }, topic: string): Promise<TestServer> {
  ntfy = await startTestServer({ attachments });
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('send-file-bridge') });
  const saved = await bridge.core.service.saveSubscription({ server: ntfy.url, topic, displayName: 'Files' });
  expect(saved.ok).toBe(true);
  await page.setViewportSize({ width: 960, height: 680 });
  await page.goto(bridge.url);
  await page.locator('nav.sidebar').getByRole('button', { name: /Files/ }).click();
  await expect(page.getByRole('region', { name: 'Files' })).toBeVisible();
  return ntfy;
}

async function openForm(page: Page): Promise<Locator> {
  await page.getByRole('region', { name: 'Files' }).getByRole('button', { name: 'Send a message…' }).click();
  const form = page.getByRole('form', { name: 'Send a message to Files' });
  await expect(form).toBeVisible();
  return form;
}

/** Bytes that are no UTF-8 text. */
function fileBytes(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, index) => (index * 7 + 0x80) % 256));
}

test('a file chosen with the picker arrives as the attachment with its exact bytes and name', async ({ page }) => {
  const server = await start(page, {}, 'pick');
  const form = await openForm(page);
  const bytes = fileBytes(300_000);
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Attach a file…' }).click();
  await (await chooser).setFiles({ name: 'report.bin', mimeType: 'application/octet-stream', buffer: bytes });
  await expect(form.getByText('File: report.bin (300 KB)')).toBeVisible();
  await form.getByLabel('Message', { exact: true }).fill('Nightly report');
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(form).toHaveCount(0);
  const [message] = server.cachedMessages();
  expect(message).toMatchObject({ message: 'Nightly report', attachment: { name: 'report.bin', size: bytes.length } });
  const file = await fetch(message?.attachment?.url ?? '');
  expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
});

test('a file dropped on the form is attached and sent', async ({ page }) => {
  const server = await start(page, {}, 'drop');
  const form = await openForm(page);
  // Built in the page (this file is compiled without the DOM library): a drag carrying one file, as a file manager's.
  const transfer = await page.evaluateHandle(
    '(() => { const data = new DataTransfer(); data.items.add(new File(["dropped notes\\n"], "notes.txt")); return data; })()',
  );
  await form.dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(form.getByText('Drop the file to attach it')).toBeVisible();
  await form.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(form.getByText(/^File: notes\.txt/)).toBeVisible();
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(form).toHaveCount(0);
  const [message] = server.cachedMessages();
  expect(message).toMatchObject({ attachment: { name: 'notes.txt', size: 14 } });
  expect(await (await fetch(message?.attachment?.url ?? '')).text()).toBe('dropped notes\n');
});

test("a file dropped anywhere on a topic's view opens the send dialog with it attached, as in ntfy's web app", async ({
  page,
}) => {
  const server = await start(page, {}, 'drop-view');
  const view = page.locator('main.history-main');
  const transfer = await page.evaluateHandle(
    '(() => { const data = new DataTransfer(); data.items.add(new File(["from the desktop\\n"], "desk.txt")); return data; })()',
  );
  // Dragged over the topic's (empty) list, not any form: the view says where the file will go, and a drop there
  // opens the dialog with it.
  await view.locator('.empty-state').dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(view.getByText('Drop the file to send it to Files')).toBeVisible();
  await view.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(view.getByText('Drop the file to send it to Files')).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Send a message to Files' });
  await expect(form.getByText(/^File: desk\.txt/)).toBeVisible();
  await expect(form.getByLabel('Title', { exact: true })).toBeFocused();
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(form).toHaveCount(0);
  const [message] = server.cachedMessages();
  expect(message).toMatchObject({ attachment: { name: 'desk.txt', size: 17 } });
  expect(await (await fetch(message?.attachment?.url ?? '')).text()).toBe('from the desktop\n');

  // With no topic chosen there is nowhere to send it: the view takes no drop.
  await page
    .locator('nav.sidebar')
    .getByRole('button', { name: /All subscriptions/ })
    .click();
  await view.dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(view).not.toHaveAttribute('data-dropping', 'true');
  await view.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("a file over the server's limit is refused in plain words and nothing is published", async ({ page }) => {
  const server = await start(page, { fileSizeLimitBytes: 1000 }, 'large');
  const form = await openForm(page);
  await form.locator('input[type="file"]').setInputFiles({ name: 'big.bin', mimeType: 'x/y', buffer: fileBytes(2500) });
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Not sent: The file is 2.5 KB; this server takes files up to 1.0 KB.',
  );
  expect(server.requests.filter((entry) => entry.transport === 'publish')).toEqual([]);
  expect(server.cachedMessages()).toEqual([]);
});

test('an upload shows its progress, and Cancel aborts it so that nothing is published', async ({ page }) => {
  const server = await start(page, {}, 'cancel');
  server.faults.holdUploads(true);
  const form = await openForm(page);
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'held.bin', mimeType: 'x/y', buffer: fileBytes(600_000) });
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  const put = await server.waitForRequest((entry) => entry.transport === 'publish');
  await expect(form.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(form.getByText(/^Uploading… \d+%$/)).toBeVisible();
  await form.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(form.getByRole('status')).toHaveText('Upload cancelled: nothing was sent.');
  await expect(form.getByRole('progressbar')).toHaveCount(0);
  expect((await server.waitForRequestEnd((entry) => entry.seq === put.seq)).end).toBe('client-closed');
  server.faults.holdUploads(false);
  expect(server.cachedMessages()).toEqual([]);
});

test.describe('in German (de-DE)', () => {
  test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  coreSpeaks('de-DE');

  test('the message bar sends with Enter and clears; a refusal keeps the text and says why', async ({ page }) => {
    const server = await start(page, {}, 'bar');
    const bar = page.getByRole('textbox', { name: 'Nachricht an Files' });
    await expect(bar).toHaveAttribute('placeholder', 'Nachricht eingeben, Enter sendet');
    await bar.fill('Hallo vom Balken');
    await bar.press('Enter');
    await expect(bar).toHaveValue('');
    expect(server.cachedMessages().map((message) => message.message)).toEqual(['Hallo vom Balken']);

    server.faults.failNext(1, { status: 403, body: { code: 40301, http: 403, error: 'forbidden' } });
    await bar.fill('Noch einmal');
    await bar.press('Enter');
    await expect(page.getByRole('alert')).toContainText('Nicht gesendet');
    await expect(bar).toHaveValue('Noch einmal');
    await expect(bar).toBeFocused();
    expect(server.cachedMessages()).toHaveLength(1);
  });
});
