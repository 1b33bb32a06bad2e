import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { coreSpeaks } from './support/core-language.ts';

// A message's own action buttons in the detail pane (issue 13, item 7), against the real core behind the dev:web
// bridge: grouped under their own heading apart from the app's buttons, the ones that cannot run here disabled with
// their reason, and an http action's progress and result next to it, in the core's words.

let ntfy: TestServer;
let bridge: WebBridge | undefined;
let target: HeldServer | undefined;

test.beforeAll(async () => {
  ntfy = await startTestServer();
});

test.afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
  await target?.close();
  target = undefined;
});

test.afterAll(async () => {
  await ntfy.close();
});

/**
 * An http action's target on 127.0.0.1 that holds each request until the test answers it, so "Running…" is seen
 * for as long as the test wants, without a timer.
 */
interface HeldServer {
  readonly host: string;
  /** How many requests arrived so far. */
  received(): number;
  /** Resolves with the next request's response, once the request has arrived. */
  nextRequest(): Promise<ServerResponse>;
  close(): Promise<void>;
}

async function heldServer(): Promise<HeldServer> {
  const waiting: ((response: ServerResponse) => void)[] = [];
  const arrived: ServerResponse[] = [];
  let received = 0;
  const server: Server = createServer((_request: IncomingMessage, response: ServerResponse) => {
    received += 1;
    const waiter = waiting.shift();
    if (waiter === undefined) arrived.push(response);
    else waiter(response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${String(port)}`,
    received: () => received,
    nextRequest: () => {
      const ready = arrived.shift();
      return ready === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(ready);
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

function rows(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Messages, newest first' }).getByRole('option');
}

function detail(page: Page): Locator {
  return page.getByRole('article');
}

function publisherActions(page: Page): Locator {
  return detail(page).getByRole('region', { name: 'Actions from the publisher' });
}

/** One publisher action's list item, found by its button's label. */
function actionItem(page: Page, label: string): Locator {
  return publisherActions(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: label }) });
}

/** `topic` is the test's own: the test server keeps what earlier tests published and replays it to a new subscriber. */
async function setUp(page: Page, topic: string): Promise<{ refusedPort: number }> {
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('message-actions-bridge') });
  target = await heldServer();
  const refusedPort = await closedPort();
  const core = bridge.core.service;
  expect((await core.saveSubscription({ server: ntfy.url, topic, displayName: 'Front door' })).ok).toBe(true);
  await ntfy.waitForSubscribers(1, { topic });
  await ntfy.publish(topic, {
    title: 'Door sensor offline',
    message: 'The sensor stopped reporting.',
    actions: [
      { action: 'view', label: 'Open log file', url: 'file:///var/log/door.log' },
      { action: 'broadcast', label: 'Take photo', extras: { cmd: 'pic' } },
      { action: 'http', label: 'Restart sensor', url: `http://127.0.0.1:${String(refusedPort)}/restart` },
    ],
  });
  await ntfy.publish(topic, {
    title: 'Backup due',
    message: 'Nightly backup is waiting.',
    click: 'https://example.com/backups',
    actions: [
      { action: 'http', label: 'Run backup', url: `http://${target.host}/backup`, method: 'POST', body: 'now' },
      { action: 'view', label: 'Open dashboard', url: 'https://example.com/dashboard' },
    ],
  });
  await expect
    .poll(async () => {
      const listed = await core.listMessages({});
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(2);
  await page.goto(bridge.url);
  await expect(rows(page)).toHaveCount(2);
  return { refusedPort };
}

test('actions from the publisher: grouped apart from the app buttons, unrunnable ones disabled with the reason', async ({
  page,
}) => {
  const { refusedPort } = await setUp(page, 'door-grouped');
  await rows(page).filter({ hasText: 'Door sensor offline' }).click();

  // Under their own heading, and not among the app's own buttons.
  const group = publisherActions(page);
  await expect(group.getByRole('heading', { name: 'Actions from the publisher' })).toBeVisible();
  await expect(group.getByRole('button')).toHaveText(['Open log file', 'Take photo', 'Restart sensor']);
  await expect(detail(page).locator('.message-detail-actions').getByRole('button')).toHaveText([
    'Copy message',
    'Delete message',
  ]);

  // A file: link and an Android broadcast can never run here: disabled, and the reason is visible and read out.
  const file = group.getByRole('button', { name: 'Open log file' });
  await expect(file).toBeDisabled();
  const fileReason = 'Not available: this app opens only web and mail links, not file: links.';
  await expect(actionItem(page, 'Open log file')).toContainText(fileReason);
  await expect(file).toHaveAccessibleDescription(new RegExp(fileReason.replace(/[.]/g, '\\.')));
  const broadcast = group.getByRole('button', { name: 'Take photo' });
  await expect(broadcast).toBeDisabled();
  await expect(broadcast).toHaveAccessibleDescription(/broadcast actions run only in the ntfy Android app/);
  // Still a Tab stop, so a keyboard user reaches it and hears why; pressing it runs nothing.
  await broadcast.focus();
  await expect(broadcast).toBeFocused();
  await broadcast.press('Enter');
  await file.dispatchEvent('click');

  // An http action to a port nobody listens on says what failed, once, next to its button (after the question every
  // request to this computer gets: 127.0.0.1 on another port than the subscription's server).
  const restart = group.getByRole('button', { name: 'Restart sensor' });
  await expect(restart).toBeEnabled();
  await restart.click();
  await actionItem(page, 'Restart sensor').getByRole('button', { name: 'Confirm' }).click();
  await expect(actionItem(page, 'Restart sensor').getByRole('status')).toHaveText(
    `POST 127.0.0.1:${String(refusedPort)} failed: connection refused`,
  );
  expect(bridge?.os.opened).toEqual([]);

  if (process.env['UPDATE_SCREENSHOTS'] === '1') {
    await mkdir('docs', { recursive: true });
    await page.screenshot({ path: path.join('docs', 'window-message-actions.png') });
  }
});

test('an http action shows Running… until the server answers, then its result; another message starts clean', async ({
  page,
}) => {
  await setUp(page, 'door-running');
  const server = target;
  if (server === undefined) throw new Error('no target server');
  await rows(page).filter({ hasText: 'Backup due' }).click();
  const item = actionItem(page, 'Run backup');
  const status = item.getByRole('status');
  await expect(status).toHaveText('');

  const answered = server.nextRequest();
  await item.getByRole('button', { name: 'Run backup' }).click();
  await item.getByRole('button', { name: 'Confirm' }).click();
  const response = await answered;
  await expect(status).toHaveText('Running…');
  // Pressed again while running: the button is disabled, so nothing is sent twice.
  await expect(item.getByRole('button', { name: 'Run backup' })).toBeDisabled();
  response.statusCode = 500;
  response.end('boom');
  await expect(status).toHaveText(`POST ${server.host} failed: the server answered HTTP 500`);
  await expect(item.getByRole('button', { name: 'Run backup' })).toBeEnabled();

  // A view action of the same message opens through main, its result next to it.
  await publisherActions(page).getByRole('button', { name: 'Open dashboard' }).click();
  await expect(actionItem(page, 'Open dashboard').getByRole('status')).toHaveText(
    'Opened https://example.com/dashboard',
  );

  // Another message opens without the last one's results, and coming back starts clean too.
  await rows(page).filter({ hasText: 'Door sensor offline' }).click();
  await expect(detail(page).getByRole('heading', { name: 'Door sensor offline' })).toBeVisible();
  await expect(actionItem(page, 'Restart sensor').getByRole('status')).toHaveText('');
  await rows(page).filter({ hasText: 'Backup due' }).click();
  await expect(actionItem(page, 'Run backup').getByRole('status')).toHaveText('');

  // A success says so in the same words.
  const second = server.nextRequest();
  await actionItem(page, 'Run backup').getByRole('button', { name: 'Run backup' }).click();
  await actionItem(page, 'Run backup').getByRole('button', { name: 'Confirm' }).click();
  (await second).end('ok');
  await expect(actionItem(page, 'Run backup').getByRole('status')).toHaveText(
    `POST ${server.host} done: the server answered HTTP 200`,
  );
});

test('an http action to another address on this computer asks first: Cancel sends nothing, Confirm sends it once', async ({
  page,
}) => {
  await setUp(page, 'door-confirm');
  const server = target;
  if (server === undefined) throw new Error('no target server');
  await rows(page).filter({ hasText: 'Backup due' }).click();
  const item = actionItem(page, 'Run backup');
  const status = item.getByRole('status');
  const question = `Send POST to ${server.host}? This address is on your own network.`;

  // First press: main found the address internal and sent nothing; the question names method and host.
  await item.getByRole('button', { name: 'Run backup' }).click();
  await expect(status).toHaveText(question);
  await expect(item.getByRole('button', { name: 'Run backup' })).toBeDisabled();
  await item.getByRole('button', { name: 'Cancel' }).click();
  await expect(status).toHaveText('Not sent');
  await expect(item.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

  // Asked again, and confirmed: exactly one request reaches the target.
  await item.getByRole('button', { name: 'Run backup' }).click();
  await expect(status).toHaveText(question);
  expect(server.received()).toBe(0);
  const answered = server.nextRequest();
  await item.getByRole('button', { name: 'Confirm' }).click();
  (await answered).end('ok');
  await expect(status).toHaveText(`POST ${server.host} done: the server answered HTTP 200`);
  expect(server.received()).toBe(1);
});

test('a popup cannot ask: its http button to this computer opens the window on the message with the question', async ({
  page,
}) => {
  await setUp(page, 'door-popup');
  const server = target;
  if (server === undefined || bridge === undefined) throw new Error('not set up');
  const popup = await bridge.notifier.waitForShown((request) => request.body.includes('Nightly backup is waiting.'));
  expect(popup.actions[0]).toEqual({ id: 'action-0', label: `Run backup (POST ${server.host})` });
  bridge.notifier.click(popup.id, 'action-0');

  await expect(detail(page).getByRole('heading', { name: 'Backup due' })).toBeVisible();
  const item = actionItem(page, 'Run backup');
  await expect(item.getByRole('status')).toHaveText(
    `Send POST to ${server.host}? This address is on your own network.`,
  );
  expect(server.received()).toBe(0);
  const answered = server.nextRequest();
  await item.getByRole('button', { name: 'Confirm' }).click();
  (await answered).end('ok');
  await expect(item.getByRole('status')).toHaveText(`POST ${server.host} done: the server answered HTTP 200`);
  expect(server.received()).toBe(1);
});

test.describe('in German (de-DE)', () => {
  test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  coreSpeaks('de-DE');

  test('the detail, its attachment and the publisher’s actions speak German, the time in German form', async ({
    page,
  }) => {
    bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('message-actions-de') });
    const core = bridge.core.service;
    const topic = 'door-german';
    expect((await core.saveSubscription({ server: ntfy.url, topic, displayName: 'Haustür' })).ok).toBe(true);
    await ntfy.waitForSubscribers(1, { topic });
    await ntfy.publish(topic, {
      title: 'Tür offen',
      message: 'Die Haustür steht seit 10 Minuten offen.',
      priority: 4,
      attach: 'https://example.com/bericht.pdf',
      actions: [{ action: 'view', label: 'Kamera ansehen', url: 'https://example.com/kamera' }],
    });
    await expect
      .poll(async () => {
        const listed = await core.listMessages({});
        return listed.ok ? listed.value.messages.length : 0;
      })
      .toBe(1);
    await page.goto(bridge.url);
    // The list is another part: its row is found by the message's own title.
    await page.getByRole('option').filter({ hasText: 'Tür offen' }).first().click();

    const article = detail(page);
    await expect(article.getByRole('heading', { name: 'Tür offen' })).toBeVisible();
    await expect(article.getByRole('button', { name: 'Nachricht schließen' })).toBeVisible();
    const meta = article.locator('.message-detail-meta');
    await expect(meta).toContainText('Priorität: hoch');
    // "10.03.2026, 19:43": German date order and the 24-hour clock (English would be "Mar 10, 2026, 7:43 PM").
    await expect(meta.locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);

    const attachment = article.getByRole('region', { name: 'Anhang' });
    await expect(attachment.locator('dt').first()).toHaveText('Datei');
    await expect(attachment.locator('dd').first()).toHaveText('bericht.pdf');
    await attachment.getByRole('button', { name: 'Im Browser öffnen' }).click();
    const outcome = article.locator('.message-detail-outcome');
    await expect(outcome).toHaveText('bericht.pdf im Browser geöffnet');

    const actions = article.getByRole('region', { name: 'Aktionen des Absenders' });
    const camera = actions.getByRole('button', { name: 'Kamera ansehen' });
    await expect(camera).toHaveAccessibleDescription('Öffnet example.com');
    await camera.click();
    await expect(actions.getByRole('status')).toHaveText('https://example.com/kamera geöffnet');

    await expect(article.locator('.message-detail-actions').getByRole('button')).toHaveText([
      'Nachricht kopieren',
      'Nachricht löschen',
    ]);
  });
});
