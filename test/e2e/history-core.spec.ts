import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { installOfflineGuard } from '../../scripts/offline-guard.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { classifyAddress } from '../../main/core/net/address-class.ts';

// The history view against the REAL core (SQLite history, settings, engine) behind the dev:web bridge and a local
// test/server: search among 5,000 stored messages, combined filters, delete and clear surviving a reload, the
// message detail (markdown, actions, attachment, copy), hostile content, keyboard and axe. Each test uses its own
// topics on one shared core.

// Hostile messages name foreign hosts (attachments main would fetch for previews and popups): in this process every
// connection or lookup to anything but loopback fails locally. Chromium has its own rule in playwright.config.ts.
installOfflineGuard();

let ntfy: TestServer;
let bridge: WebBridge;
/** Serves a small PNG on 127.0.0.1, as an attachment host. */
let images: Server;
let imageUrl: string;
const IMAGES_HOST = 'images.example';

// A 2×2 red PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({
    ntfyServerUrl: ntfy.url,
    log: createRecordingLogger('web-bridge'),
    // images.example (on 127.0.0.1 here) plays a host on the internet; every other address keeps its class.
    addressGuard: {
      resolve: (name) => (name === IMAGES_HOST ? Promise.resolve(['127.0.0.1']) : Promise.reject(new Error(name))),
      classify: (address, host) => (host === IMAGES_HOST ? 'public' : (classifyAddress(address) ?? 'public')),
      interfaces: () => [],
    },
  });
  images = createServer((request, response) => {
    if (request.url === '/chart.png') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      response.end(png);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageUrl = `http://${IMAGES_HOST}:${(images.address() as AddressInfo).port}/chart.png`;
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
  await new Promise((resolve) => images.close(resolve));
});

const timeout = { timeout: 20_000 };

/** Subscribes through the core (the form itself is tested in subscriptions.spec.ts) and waits until it listens. */
async function subscribe(topic: string, displayName?: string): Promise<void> {
  const saved = await bridge.core.service.saveSubscription({
    server: ntfy.url,
    topic,
    ...(displayName === undefined ? {} : { displayName }),
  });
  expect(saved.ok).toBe(true);
  await ntfy.waitForSubscribers(1, { topic });
}

async function storedCount(topic: string): Promise<number> {
  let count = 0;
  let before;
  for (;;) {
    const page = await bridge.core.service.listMessages({
      subscription: { server: ntfy.url, topic },
      limit: 1000,
      ...(before === undefined ? {} : { before }),
    });
    if (!page.ok) throw new Error(page.error.message);
    count += page.value.messages.length;
    if (page.value.next === undefined) return count;
    before = page.value.next;
  }
}

/** The message rows (tag chips are list items too, inside the rows). */
function rows(page: Page) {
  return page
    .getByRole('listbox', { name: /Messages, newest first|Search results/ })
    .getByRole('option')
    .filter({ has: page.locator('.message-meta') });
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Subscriptions' });
}

function detail(page: Page) {
  return page.getByRole('article');
}

test('search finds one message among 5,000 stored, and filters combine', async ({ page }) => {
  test.setTimeout(90_000);
  const now = Math.floor(Date.now() / 1000);
  // Published before subscribing: the core loads them as history (cached by the server, stored as read).
  for (let i = 0; i < 5000; i += 1) {
    await ntfy.publish('bulk', {
      time: now - 3600 - (5000 - i) * 5,
      title: `Nightly job ${i}`,
      message: i === 3217 ? 'The backup of volume zircon-42 failed checksum verification' : `Job ${i} finished fine`,
      priority: (i % 5) + 1,
    });
  }
  await subscribe('bulk', 'Bulk jobs');
  await expect.poll(() => storedCount('bulk'), timeout).toBe(5000);

  await page.goto(bridge.url);
  await expect(rows(page).first()).toContainText('Nightly job 4999');
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search messages' })).toBeFocused();
  await page.keyboard.type('zircon');
  const results = rows(page);
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('Nightly job 3217');
  await expect(results.first().locator('mark')).toHaveText(['zircon']);

  // Filters combine with each other and with search: a second subscription with live (unread) messages.
  await subscribe('mixed', 'Mixed');
  await ntfy.publish('mixed', { title: 'mixed low', message: 'volume check', priority: 2 });
  await ntfy.publish('mixed', { title: 'mixed high read', message: 'volume check', priority: 4 });
  await ntfy.publish('mixed', { title: 'mixed high unread', message: 'volume check', priority: 5 });
  await expect.poll(() => storedCount('mixed'), timeout).toBe(3);
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('');
  await expect(rows(page).first()).toContainText('mixed high unread');
  await rows(page).filter({ hasText: 'mixed high read' }).click(); // opening it reads it

  await sidebar(page).getByRole('button', { name: /Mixed/ }).click();
  await page.getByLabel('Priority').selectOption({ label: 'High and above' });
  await expect(rows(page)).toHaveText([/mixed high unread/, /mixed high read/]);
  await page.getByLabel('Unread only').check();
  await expect(rows(page)).toHaveText([/mixed high unread/]);
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('volume');
  await expect(rows(page)).toHaveText([/mixed high unread/]);
  // All subscriptions again: the search now also reaches the bulk message, but only if it passes the filters.
  await sidebar(page)
    .getByRole('button', { name: /All subscriptions/ })
    .click();
  await page.getByLabel('Unread only').uncheck();
  await page.getByLabel('Priority').selectOption({ label: 'Any priority' });
  await expect(rows(page)).toHaveCount(4);
  await page.getByLabel('Priority').selectOption({ label: 'Urgent only' });
  await expect(rows(page)).toHaveText([/mixed high unread/]);
});

test('delete one message and clear a subscription; both survive a reload', async ({ page }) => {
  await subscribe('keep-a', 'Keep A');
  await subscribe('keep-b', 'Keep B');
  for (const n of [1, 2, 3]) await ntfy.publish('keep-a', { title: `A${n}`, message: `alpha ${n}` });
  for (const n of [1, 2]) await ntfy.publish('keep-b', { title: `B${n}`, message: `beta ${n}` });
  await expect.poll(() => storedCount('keep-a'), timeout).toBe(3);
  await expect.poll(() => storedCount('keep-b'), timeout).toBe(2);

  await page.goto(bridge.url);
  await sidebar(page)
    .getByRole('button', { name: /Keep A/ })
    .click();
  await expect(rows(page)).toHaveText([/A3/, /A2/, /A1/]);
  await rows(page).filter({ hasText: 'A2' }).click();
  await expect(detail(page).getByRole('heading', { name: 'A2' })).toBeFocused();
  await detail(page).getByRole('button', { name: 'Delete message' }).click();
  await expect(rows(page)).toHaveText([/A3/, /A1/]);
  await expect(detail(page)).toHaveCount(0);

  await sidebar(page)
    .getByRole('button', { name: /Keep B/ })
    .click();
  await expect(rows(page)).toHaveCount(2);
  // Clear is in the topic header's "More actions" menu; its question starts on Cancel.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Clear messages…' }).click();
  const confirm = page.getByRole('group', { name: 'Clear all messages of Keep B' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();

  await page.reload();
  await sidebar(page)
    .getByRole('button', { name: /Keep A/ })
    .click();
  await expect(rows(page)).toHaveText([/A3/, /A1/]);
  await sidebar(page)
    .getByRole('button', { name: /Keep B/ })
    .click();
  await expect(page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  expect(await storedCount('keep-a')).toBe(2);
  expect(await storedCount('keep-b')).toBe(0);
  // Cleared, not unsubscribed: new messages still arrive.
  await ntfy.publish('keep-b', { title: 'B3', message: 'after the clear' });
  await expect(rows(page)).toHaveText([/B3/]);
});

test('message detail: markdown, emoji tags, click URL, actions, image attachment, copy', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(bridge.url).origin });
  // The image lives on another host than the subscription's server: fetched only once the user allows any server.
  const allowed = await bridge.core.service.updateSettings({ preferences: { autoDownloadAttachments: 'any-server' } });
  expect(allowed.ok).toBe(true);
  await subscribe('detail', 'Detail');
  await ntfy.publish('detail', {
    title: 'Deploy finished',
    message: '**Build 42** is live.\n\n- [release notes](https://example.com/notes)\n- `v1.2.3`',
    markdown: true,
    priority: 4,
    tags: ['white_check_mark', 'prod'],
    click: 'https://example.com/deploys/42',
    actions: [
      { action: 'view', label: 'Open dashboard', url: 'https://example.com/dashboard' },
      { action: 'http', label: 'Roll back', url: `${ntfy.url}/detail-rollback`, method: 'POST', body: 'rollback 42' },
    ],
    attach: imageUrl,
  });
  await page.goto(bridge.url);
  const row = rows(page).filter({ hasText: 'Deploy finished' });
  await expect(row.locator('.message-title')).toHaveText('✅ Deploy finished');
  await row.click();

  const article = detail(page);
  await expect(article.getByRole('heading', { name: /Deploy finished/ })).toBeFocused();
  await expect(article).toContainText('Priority high');
  await expect(article.locator('strong')).toHaveText('Build 42');
  await expect(article.locator('code')).toHaveText('v1.2.3');
  // The emoji tag shows once, before the title; only the other tags are chips.
  await expect(article.getByRole('heading', { level: 3 })).toHaveText('✅ Deploy finished');
  await expect(article.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['prod']);

  // Links in the body and the click URL go through main (the dev bridge records what it would open).
  await article.getByRole('link', { name: 'release notes' }).click();
  // The detail's own line (each action from the publisher has a status line of its own, next to its button).
  const outcome = article.locator('.message-detail-outcome');
  await expect(outcome).toHaveText('Opened https://example.com/notes');
  await article.getByRole('button', { name: 'Open link' }).click();
  await expect.poll(() => bridge.os.opened.at(-1)).toBe('https://example.com/deploys/42');
  await article.getByRole('button', { name: 'Open dashboard' }).click();
  await expect.poll(() => bridge.os.opened.at(-1)).toBe('https://example.com/dashboard');

  // The http action is run by main: the server receives it (the test server counts it as a publish).
  await article.getByRole('button', { name: 'Roll back' }).click();
  const rollBack = article.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Roll back' }) });
  await expect(rollBack.getByRole('status')).toHaveText(
    `POST ${new URL(ntfy.url).host} done: the server answered HTTP 200`,
  );
  await expect.poll(() => ntfy.cachedMessages().some((m) => m.message === 'rollback 42')).toBe(true);

  // The image attachment is fetched by main and shown as a data: URL; its name is listed.
  const preview = article.getByRole('img', { name: 'Attached image chart.png' });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(article.getByRole('region', { name: 'Attachment' })).toContainText('chart.png');

  await article.getByRole('button', { name: 'Copy message' }).click();
  await expect(outcome).toHaveText('Message copied');
  expect(
    await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    ),
  ).toBe(
    'Deploy finished\n\n**Build 42** is live.\n\n- [release notes](https://example.com/notes)\n- `v1.2.3`\n\nhttps://example.com/deploys/42',
  );

  if (process.env['UPDATE_SCREENSHOTS'] === '1') {
    await page.setViewportSize({ width: 1100, height: 680 });
    await page.emulateMedia({ colorScheme: 'light' });
    await mkdir('docs', { recursive: true });
    await page.screenshot({ path: path.join('docs', 'window-message-detail.png') });
  }

  // Escape closes the detail and puts focus back on the row.
  await article.getByRole('button', { name: 'Copy message' }).press('Escape');
  await expect(detail(page)).toHaveCount(0);
  await expect(row).toBeFocused();
});

test('hostile content from a real server stays inert, and nothing leaves for a foreign host', async ({ page }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.hostname !== '127.0.0.1') foreign.push(request.url());
  });
  await subscribe('hostile', 'Hostile');
  const script = `<script>globalThis.pwned = 'script'</script>`;
  const img = `<img src=https://evil.example/x.png onerror="globalThis.pwned = 'img'">`;
  const js = `javascript:globalThis.pwned='link'`;
  await ntfy.publish('hostile', {
    title: `${script} ${img}`,
    message: `[click me](${js}) ${img} ${script} ![pic](https://evil.example/p.png) <a href="${js}">raw</a>`,
    markdown: true,
    tags: [img, script],
    click: js,
    actions: [{ action: 'view', label: `${img} open`, url: js }],
    attach: 'https://evil.example/evil.png',
    filename: `${img}.png`,
  });
  await ntfy.publish('hostile', { title: 'plain hostile', message: `[click me](${js}) ${img}` });

  await page.goto(bridge.url);
  const hostileRow = rows(page).filter({ hasText: '<script>' });
  await hostileRow.click();
  const article = detail(page);
  await expect(article).toBeVisible();
  // Shown as text where it was text, and the markdown kept only harmless formatting.
  await expect(article.getByRole('heading', { level: 3 })).toContainText(script);
  await expect(article.getByRole('list', { name: 'Tags' })).toContainText('onerror');
  await expect(article.getByRole('region', { name: 'Attachment' })).toContainText(`${img}.png`);
  await expect(article.getByRole('button', { name: /open$/ })).toContainText('<img');
  // The action that cannot run is disabled with its reason; the refused link answers with one instead of opening.
  await expect(article.getByRole('button', { name: /open$/ })).toBeDisabled();
  await expect(article.getByRole('region', { name: 'Actions from the publisher' })).toContainText(
    'Not available: this app opens only web and mail links, not javascript: links.',
  );
  await article.getByRole('button', { name: 'Open link' }).click();
  await expect(article.locator('.message-detail-outcome')).toContainText('not opened');

  await rows(page).filter({ hasText: 'plain hostile' }).click();
  await expect(detail(page)).toContainText('[click me](javascript:');

  expect(await page.evaluate(() => (globalThis as unknown as { pwned?: string }).pwned ?? null)).toBeNull();
  await expect(page.locator('#root script, #root [onerror], #root a[href^="javascript:" i]')).toHaveCount(0);
  await expect(page.locator('#root img:not([src^="data:"])')).toHaveCount(0);
  expect(bridge.os.opened.filter((url) => url.startsWith('javascript:'))).toEqual([]);
  expect(foreign).toEqual([]);
});

test('a message bigger than the history keeps says in its detail what was cut', async ({ page }) => {
  await subscribe('oversized', 'Oversized');
  // Within what ntfy accepts (an 8 KiB JSON publish), beyond what the history keeps: a 4 Ki title, 32 tags.
  await ntfy.publish('oversized', {
    title: `Long ${'t'.repeat(5_000)}`,
    message: 'the body fits',
    tags: Array.from({ length: 40 }, (_, index) => `tag${String(index)}`),
  });
  await page.goto(bridge.url);
  await rows(page).filter({ hasText: 'Long ttt' }).click();
  const article = detail(page);
  await expect(article.locator('.message-detail-cut')).toHaveText(
    'Too big to keep in full, cut or left out: title and tags.',
  );
  await expect(article.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveCount(32);
});

test('a markdown link whose text is another address shows its real host and says where it goes before it opens', async ({
  page,
}) => {
  await subscribe('phish', 'Phish');
  await ntfy.publish('phish', {
    title: 'Your bank',
    message:
      'Log in at [https://bank.example/login](https://evil.example/steal) and see [the docs](https://docs.example/)',
    markdown: true,
  });
  await page.goto(bridge.url);
  await rows(page).filter({ hasText: 'Your bank' }).click();
  const openedBefore = bridge.os.opened.length; // the bridge is shared by this file's tests
  const openedHere = (): readonly string[] => bridge.os.opened.slice(openedBefore);
  const article = detail(page);
  const disguised = article.getByRole('link', { name: 'https://bank.example/login' });
  // Hovering shows the real target, whatever the publisher wrote.
  await expect(disguised).toHaveAttribute('title', 'https://evil.example/steal');
  // And the real host stands right beside the text that pretends otherwise; the honest link has none.
  const body = article.locator('.message-detail-body');
  await expect(body).toContainText('https://bank.example/login (goes to evil.example) and see the docs');
  await expect(body.locator('a + .link-real-host')).toHaveText(['(goes to evil.example)']);
  await disguised.click();
  await expect(article.locator('.message-detail-outcome')).toContainText(
    'This link goes to evil.example, not to https://bank.example/login',
  );
  expect(openedHere()).toEqual([]);
  await disguised.click();
  await expect.poll(openedHere).toEqual(['https://evil.example/steal']);
  // An honest link opens at the first click.
  await article.getByRole('link', { name: 'the docs' }).click();
  await expect.poll(openedHere).toEqual(['https://evil.example/steal', 'https://docs.example/']);
});

test('keyboard only: search, move through rows, open, act, close', async ({ page }) => {
  await subscribe('keys', 'Keys');
  for (const n of [1, 2, 3]) await ntfy.publish('keys', { title: `Key ${n}`, message: `keyboard ${n}` });
  await expect.poll(() => storedCount('keys'), timeout).toBe(3);
  await page.goto(bridge.url);
  await sidebar(page).getByRole('button', { name: /Keys/ }).click();
  await expect(rows(page)).toHaveCount(3);

  // From the search box, Tab reaches the filters, then the list; arrows move, Enter opens.
  await page.keyboard.press('/');
  await page.keyboard.type('keyboard');
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('');
  await rows(page).first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows(page).nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(detail(page).getByRole('heading', { name: 'Key 2' })).toBeFocused();
  await expect(rows(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(detail(page).getByRole('button', { name: 'Close message' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(detail(page).getByRole('button', { name: 'Copy message' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(detail(page)).toHaveCount(0);
  await expect(rows(page).nth(1)).toBeFocused();

  // The view switcher is reachable and says which view is current.
  const views = page.getByRole('navigation', { name: 'Views' });
  await views.getByRole('button', { name: 'Settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(views.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await views.getByRole('button', { name: 'Messages' }).focus();
  await page.keyboard.press('Enter');
  await expect(rows(page).first()).toBeVisible();
});

test('a click on a notification opens its message, from any view', async ({ page }) => {
  await subscribe('clicked', 'Clicked');
  await page.goto(bridge.url);
  const views = page.getByRole('navigation', { name: 'Views' });
  await views.getByRole('button', { name: 'Settings' }).click();

  await ntfy.publish('clicked', { title: 'Click me', message: 'from the popup' });
  const shown = await bridge.notifier.waitForShown((request) => request.body === 'from the popup');
  bridge.notifier.click(shown.id, 'default');

  await expect(views.getByRole('button', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
  await expect(detail(page).getByRole('heading', { name: 'Click me' })).toBeFocused();
  await expect(rows(page).filter({ hasText: 'from the popup' })).toHaveAttribute('data-read', 'true');
});
