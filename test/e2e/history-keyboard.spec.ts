import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { MessageDto } from '../../common/ipc.ts';
import { makeSubscription } from '../support/subscriptions.ts';
import { serveDirectory, type StaticServer } from './support/static-server.ts';
import { exposeStubBridge, type StubBridgeGlobals } from './support/stub-bridge.ts';
import { docsScreenshot } from './support/docs-screenshot.ts';

const rendererDir = path.resolve(import.meta.dirname, '../../dist/renderer');
const server0 = 'https://ntfy.example.com';
/** Enough rows that most of them are not in the DOM at once (the list is virtualized). */
const messageCount = 300;

/**
 * A stand-in preload with `messageCount` messages on one topic, newest first, all in the first page;
 * `pushMessages` on the page plays a live push.
 */
async function exposeBridge(page: Page): Promise<void> {
  const newest = Math.floor(Date.now() / 1000) - 30;
  const messages: MessageDto[] = Array.from({ length: messageCount }, (_, i) => ({
    server: server0,
    id: `m${i}`,
    topic: 'alerts',
    time: newest - i * 60,
    title: `Message ${i}`,
    message: `Body of message ${i}.`,
    priority: 3,
    tags: [],
    tagEmoji: [],
    tagLabels: [],
    actions: [],
    read: true,
    receivedAt: (newest - i * 60) * 1000,
  }));
  await exposeStubBridge(page, {
    messages,
    onePage: true,
    subscriptions: [makeSubscription({ id: 's0', server: server0, topic: 'alerts' })],
    connections: [
      { server: server0, topics: ['alerts'], forbiddenTopics: [], transport: 'json', state: { kind: 'open' } },
    ],
  });
}

let server: StaticServer;

test.beforeAll(async () => {
  server = await serveDirectory(rendererDir);
});

test.afterAll(async () => {
  await server.close();
});

const messageList = (page: Page) => page.getByRole('listbox', { name: 'Messages, newest first' });
const row = (page: Page, index: number) => messageList(page).locator(`[data-index="${index}"]`);

/** Where keyboard focus is: a row's data-index, "body" (nothing focused), or another element's name. */
async function focusedPlace(page: Page): Promise<string> {
  const focused = page.locator(':focus');
  if ((await focused.count()) === 0) return 'body';
  const index = await focused.getAttribute('data-index');
  if (index !== null) return `row ${index}`;
  const name = (await focused.getAttribute('aria-label')) ?? (await focused.textContent()) ?? '';
  return `other ${name.trim().slice(0, 40)}`;
}

async function openHistory(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1100, height: 720 });
  await exposeBridge(page);
  await page.goto(server.url);
  await expect(row(page, 0)).toContainText('Message 0');
}

/** Tabs from the search box until focus reaches the list (a few controls lie between them). */
async function tabIntoList(page: Page): Promise<string> {
  await page.getByRole('searchbox', { name: 'Search messages' }).focus();
  for (let step = 0; step < 20; step += 1) {
    await page.keyboard.press('Tab');
    const place = await focusedPlace(page);
    if (place.startsWith('row ')) return place;
  }
  return await focusedPlace(page);
}

test('the list is one Tab stop: Tab enters it at one row and the next Tab leaves it', async ({ page }) => {
  await openHistory(page);

  expect(await tabIntoList(page)).toBe('row 0');
  await expect(messageList(page).locator('[tabindex="0"]')).toHaveCount(1);

  await page.keyboard.press('Tab');
  // The list is the page's last control while no message is open, so Tab leaves the page here.
  expect(await focusedPlace(page)).not.toMatch(/^row /);
  await expect(page.locator('.message-scroller:focus, .message-scroller :focus')).toHaveCount(0);

  // Back in, it lands on the row that was focused last, not on the scroller or the first row.
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => focusedPlace(page)).toBe('row 0');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+Tab');
  expect(await focusedPlace(page)).toMatch(/^other /);
  await expect(page.locator('.message-scroller:focus, .message-scroller :focus')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedPlace(page)).toBe('row 2');
});

test('arrows, Home/End and PageUp/PageDown move between rows, scrolled into view, never to <body>', async ({
  page,
}) => {
  await openHistory(page);
  expect(await tabIntoList(page)).toBe('row 0');

  const press = async (key: string, expected: number | 'below' | 'above', from: number) => {
    await page.keyboard.press(key);
    // Focus may move once the target row is rendered: wait for it to land on a row, then read which.
    await expect.poll(() => focusedPlace(page), { message: `${key} from row ${from}` }).toMatch(/^row \d+$/);
    const place = await focusedPlace(page);
    const index = Number(place.slice('row '.length));
    if (expected === 'below') expect(index).toBeGreaterThan(from + 1);
    else if (expected === 'above') expect(index).toBeLessThan(from - 1);
    else expect(index).toBe(expected);
    await expect(row(page, index)).toBeInViewport();
    await expect(row(page, index)).toHaveAttribute('tabindex', '0');
    return index;
  };

  await press('ArrowDown', 1, 0);
  await press('ArrowDown', 2, 1);
  await press('ArrowUp', 1, 2);
  const pagedDown = await press('PageDown', 'below', 1);
  await press('PageUp', 1, pagedDown);
  await press('End', messageCount - 1, 1);
  await docsScreenshot(page, 'window-keyboard.png');
  await press('ArrowDown', messageCount - 1, messageCount - 1);
  await press('ArrowUp', messageCount - 2, messageCount - 1);
  const pagedUp = await press('PageUp', 'above', messageCount - 2);
  await press('Home', 0, pagedUp);
  await press('ArrowUp', 0, 0);
  await expect(messageList(page).locator('[tabindex="0"]')).toHaveCount(1);
});

test('Enter opens the detail; Delete in it keeps focus in the list, on the next row or the previous at the end', async ({
  page,
}) => {
  await openHistory(page);
  expect(await tabIntoList(page)).toBe('row 0');
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowDown');

  await page.keyboard.press('Enter');
  const detail = page.getByRole('article', { name: 'Message 5' });
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: 'Delete message' }).focus();
  await page.keyboard.press('Enter');
  await expect(detail).toBeHidden();
  await expect(row(page, 5)).toContainText('Message 6');
  await expect.poll(() => focusedPlace(page)).toBe('row 5');

  await page.keyboard.press('End');
  await expect.poll(() => focusedPlace(page)).toBe(`row ${messageCount - 2}`);
  await page.keyboard.press('Enter');
  const last = page.getByRole('article', { name: `Message ${messageCount - 1}` });
  await last.getByRole('button', { name: 'Delete message' }).focus();
  await page.keyboard.press('Enter');
  await expect(last).toBeHidden();
  await expect.poll(() => focusedPlace(page)).toBe(`row ${messageCount - 3}`);
  await expect(row(page, messageCount - 3)).toContainText(`Message ${messageCount - 2}`);
});

test('Escape closes the detail from a button or its text, and focus returns to the row', async ({ page }) => {
  await openHistory(page);
  await row(page, 3).click();
  const detail = page.getByRole('article', { name: 'Message 3' });
  await detail.getByRole('button', { name: 'Copy message' }).focus();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect.poll(() => focusedPlace(page)).toBe('row 3');

  // A click on the detail's text used to leave focus on <body>, where Escape did nothing.
  await page.keyboard.press('Enter');
  await detail.locator('.message-detail-body').click();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect.poll(() => focusedPlace(page)).toBe('row 3');
});

/** A message as the core pushes it live, stamped now. */
function liveMessage(id: string, title: string): MessageDto {
  const time = Math.floor(Date.now() / 1000);
  return {
    server: server0,
    id,
    topic: 'alerts',
    time,
    title,
    message: 'live',
    priority: 3,
    tags: [],
    tagEmoji: [],
    tagLabels: [],
    actions: [],
    read: false,
    receivedAt: time * 1000,
  };
}

test('the "N new" pill puts the new message on top and focus on its row, not on <body>', async ({ page }) => {
  await openHistory(page);
  expect(await tabIntoList(page)).toBe('row 0');
  // Far down the list: a live message waits behind the pill instead of moving the rows under the reader.
  await page.keyboard.press('End');
  await expect.poll(() => focusedPlace(page)).toBe(`row ${messageCount - 1}`);
  await page.evaluate(
    (messages) => {
      (globalThis as unknown as StubBridgeGlobals).pushMessages(messages);
    },
    [liveMessage('live-1', 'Pushed while reading')],
  );
  const pill = page.getByRole('button', { name: '1 new' });
  await pill.click();

  await expect(pill).toBeHidden();
  await expect.poll(() => focusedPlace(page)).toBe('row 0');
  await expect(row(page, 0)).toContainText('Pushed while reading');
  await expect(row(page, 0)).toBeInViewport();
  await expect(messageList(page).locator('[tabindex="0"]')).toHaveCount(1);
});

test('a message arriving in the same moment as a jump down waits behind the pill (no wait for the scroll event)', async ({
  page,
}) => {
  await openHistory(page);
  // The jump and the push in one task: the scroll event comes only with the next frame, as it did under load when
  // a push landed between them and the list was moved under the reader.
  await page.locator('.message-scroller').evaluate(
    (scroller, messages) => {
      const element = scroller as { scrollTop: number; scrollHeight: number };
      element.scrollTop = element.scrollHeight;
      (globalThis as unknown as StubBridgeGlobals).pushMessages(messages);
    },
    [liveMessage('live-same-task', 'Pushed during the jump')],
  );
  await expect(page.getByRole('button', { name: '1 new' })).toBeVisible();
});
