import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { MessageDto } from '../../common/ipc.ts';
import { makeSubscription } from '../support/subscriptions.ts';
import { serveDirectory, type StaticServer } from './support/static-server.ts';
import { exposeStubBridge, type StubBridgeGlobals } from './support/stub-bridge.ts';
import { DOCS_PICTURE, docsScreenshot } from './support/docs-screenshot.ts';

const rendererDir = path.resolve(import.meta.dirname, '../../dist/renderer');
const server0 = 'https://ntfy.example.com';
const messageCount = 5_000;
const topics = ['alerts', 'backups', 'deploys'];

/** What a hostile payload leaves on globalThis if it manages to run. */
interface HostileGlobals {
  pwned?: string;
}

/** `count` generated messages over three topics, newest first; message 1234 holds the needle a search finds. */
function historyMessages(count: number): MessageDto[] {
  const newest = Math.floor(Date.now() / 1000) - 30;
  const messages: MessageDto[] = [];
  for (let i = 0; i < count; i += 1) {
    const topic = topics[i % topics.length] ?? 'alerts';
    messages.push({
      server: server0,
      id: `m${i}`,
      topic,
      time: newest - i * 97,
      ...(i % 7 === 6 ? {} : { title: `Message ${i} on ${topic}` }),
      message: i === 1234 ? 'The disk check found a needle in the haystack' : `Body of message ${i}: all fine.`,
      priority: ((i % 5) + 1) as MessageDto['priority'],
      tags: i % 4 === 0 ? ['warning', 'disk'] : [],
      tagEmoji: i % 4 === 0 ? ['⚠️'] : [],
      tagLabels: i % 4 === 0 ? ['disk'] : [],
      ...(i === 2
        ? {
            attachment: {
              name: 'report.pdf',
              url: 'https://files.example/report.pdf',
              type: 'application/pdf',
              size: 1_536_000,
              expires: newest + 86_400,
            },
          }
        : {}),
      actions: [],
      read: i % 5 === 1,
      receivedAt: (newest - i * 97) * 1000,
    });
  }
  return messages;
}

/** The newest messages replaced by ones whose title, body and tags would run script if rendered as HTML. */
function withHostileMessages(generated: readonly MessageDto[]): MessageDto[] {
  const messages = [...generated];
  const script = `<script>globalThis.pwned = 'script'</script>`;
  const img = `<img src=x onerror="globalThis.pwned = 'img'">`;
  const link = `javascript:globalThis.pwned = 'link'`;
  messages.splice(0, 2, {
    ...(messages[0] as MessageDto),
    title: `${script} ${img}`,
    message: `${img} [click me](${link}) ${script}`,
    tags: [img, link, script],
    tagEmoji: [],
    tagLabels: [img, link, script],
  });
  messages.splice(1, 0, {
    ...(messages[2] as MessageDto),
    id: 'markdown',
    title: `**bold** ${img}`,
    message: `[click me](${link})\n\n${img}`,
    contentType: 'text/markdown',
  });
  return messages;
}

interface HistoryOptions {
  readonly count?: number;
  readonly hostile?: boolean;
}

/**
 * A stand-in preload holding `count` generated messages over three subscriptions, newest first, answering keyset
 * pages and searches like the real history; one server is connected, its deploys topic reconnecting.
 */
async function exposeHistoryBridge(
  page: Page,
  { count = messageCount, hostile = false }: HistoryOptions = {},
): Promise<void> {
  const generated = historyMessages(count);
  await exposeStubBridge(page, {
    messages: hostile ? withHostileMessages(generated) : generated,
    subscriptions: topics.map((topic, index) =>
      makeSubscription({
        id: `s${index}`,
        server: server0,
        topic,
        ...(topic === 'alerts' ? { displayName: 'Server alerts' } : {}),
      }),
    ),
    connections: [
      {
        server: server0,
        topics: ['alerts', 'backups'],
        forbiddenTopics: [],
        transport: 'json',
        state: { kind: 'open' },
      },
      {
        server: server0,
        topics: ['deploys'],
        forbiddenTopics: [],
        transport: 'json',
        state: { kind: 'backoff', nextAttemptAt: Date.now() + 5000, reason: 'timeout', trouble: { kind: 'silent' } },
      },
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

const messageList = (page: Page) => page.getByRole('listbox', { name: /Messages, newest first|Search results/ });
const rows = (page: Page) =>
  messageList(page)
    .getByRole('option')
    .filter({ has: page.locator('.message-meta') });
const lastListQuery = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as StubBridgeGlobals).listQueries.at(-1) ?? null);

async function openHistory(page: Page, options: HistoryOptions = {}): Promise<void> {
  await page.setViewportSize({ width: 1100, height: 720 });
  await exposeHistoryBridge(page, options);
  await page.goto(server.url);
  await expect(rows(page).first()).toContainText(options.hostile === true ? 'onerror' : 'Message 0 on alerts');
}

test('renders the newest messages, virtualized, with the subscriptions in the sidebar', async ({ page }) => {
  await openHistory(page);

  const rowCount = await rows(page).count();
  expect(rowCount).toBeGreaterThan(3);
  expect(rowCount).toBeLessThan(60);
  const first = rows(page).first();
  await expect(first.locator('time')).toHaveAttribute('title', /\d/);
  await expect(first).toContainText('Priority min');
  await expect(rows(page).nth(4)).toContainText('Priority urgent');
  // Tags that are gemoji short names show as emoji before the title (as ntfy's clients do); the rest as chips.
  await expect(first.locator('.message-title')).toHaveText('⚠️ Message 0 on alerts');
  await expect(first.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['disk']);

  const sidebar = page.getByRole('navigation', { name: 'Subscriptions' });
  await expect(sidebar.getByRole('button', { name: /Server alerts/ })).toBeVisible();
  await expect(sidebar.getByRole('img', { name: 'Connected' })).toHaveCount(2);
  await expect(sidebar.getByRole('img', { name: 'Reconnecting' })).toHaveCount(1);
  await expect(sidebar.getByRole('button', { name: /backups/ })).toContainText(/\d+ unread/);
});

test('loads the next keyset page when scrolled near the end', async ({ page }) => {
  await openHistory(page);
  expect(await lastListQuery(page)).toEqual({ limit: 100 });

  // Hover a row, not the list: the list is as tall as all rows together, and hovering it would scroll to its middle.
  await rows(page).first().hover();
  for (let step = 0; step < 8; step += 1) await page.mouse.wheel(0, 4000);

  await expect.poll(async () => (await lastListQuery(page))?.before).toBeDefined();
  await expect.poll(async () => Number(await rows(page).last().getAttribute('data-index'))).toBeGreaterThan(150);
  const pagesAsked = await page.evaluate(() => (globalThis as unknown as StubBridgeGlobals).listQueries.length);
  expect(pagesAsked).toBeGreaterThan(2);
  expect(await rows(page).count()).toBeLessThan(60);
});

test('search highlights matches among 5,000 messages', async ({ page }) => {
  await openHistory(page);

  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search messages' })).toBeFocused();
  await page.keyboard.type('NEEDLE');

  await expect(page.getByRole('listbox', { name: 'Search results' })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).locator('mark')).toHaveText('needle');
  await expect(rows(page)).toContainText('The disk check found a needle in the haystack');
  // Typing may send a query per pause (a short debounce); the last one is the whole word, and earlier answers
  // never replace its results.
  expect(
    await page.evaluate(() => (globalThis as unknown as StubBridgeGlobals).searchQueries.map((q) => q.text).at(-1)),
  ).toBe('NEEDLE');

  await page.getByRole('searchbox').fill('no such words');
  await expect(page.getByRole('heading', { name: 'No matching messages' })).toBeVisible();
  await page.getByRole('searchbox').fill('');
  await expect(rows(page).first()).toContainText('Message 0 on alerts');
});

test('an attachment that is no image shows its name, size, expiry and a link', async ({ page }) => {
  await openHistory(page);
  await rows(page).filter({ hasText: 'Message 2 on deploys' }).click();
  const attachment = page.getByRole('article').getByRole('region', { name: 'Attachment' });
  await expect(attachment.getByRole('img')).toHaveCount(0);
  await expect(attachment.locator('dt')).toHaveText(['File', 'Size', 'Expires']);
  await expect(attachment.locator('dd').nth(0)).toHaveText('report.pdf');
  await expect(attachment.locator('dd').nth(1)).toHaveText('1.5 MB');
  await expect(attachment.locator('dd').nth(2)).toHaveText(/\d/);
  await attachment.getByRole('button', { name: 'Open in browser' }).click();
  await expect(page.getByRole('article').getByRole('status')).toHaveText('Opened report.pdf in the browser');
});

test('the sidebar and the unread toggle filter the query', async ({ page }) => {
  await openHistory(page);

  await page.getByRole('button', { name: /backups/ }).click();
  await expect(page.getByRole('button', { name: /backups/ })).toHaveAttribute('aria-current', 'true');
  await expect
    .poll(() => lastListQuery(page))
    .toEqual({ subscription: { server: server0, topic: 'backups' }, limit: 100 });
  await expect(rows(page).first()).toContainText('Message 1 on backups');

  await page.getByRole('checkbox', { name: 'Unread only' }).check();
  await expect
    .poll(() => lastListQuery(page))
    .toEqual({ subscription: { server: server0, topic: 'backups' }, unreadOnly: true, limit: 100 });
  // Message 1 is read, so the first unread one of backups is message 4.
  await expect(rows(page).first()).toContainText('Message 4 on backups');
  await expect(rows(page).first()).toContainText('Unread');
  await expect(rows(page).filter({ hasText: 'Message 1 on backups' })).toHaveCount(0);

  await page.getByRole('button', { name: /All subscriptions/ }).click();
  await expect.poll(() => lastListQuery(page)).toEqual({ unreadOnly: true, limit: 100 });
});

function livePush(page: Page, id: string, title: string): Promise<void> {
  return page.evaluate(
    ({ id, title, server }) => {
      const time = Math.floor(Date.now() / 1000);
      (globalThis as unknown as StubBridgeGlobals).pushMessages([
        {
          server,
          id,
          topic: 'alerts',
          time,
          title,
          message: 'live',
          priority: 4,
          tags: [],
          tagEmoji: [],
          tagLabels: [],
          actions: [],
          read: false,
          receivedAt: time * 1000,
        },
      ]);
    },
    { id, title, server: server0 },
  );
}

test('live messages go on top, or behind a "N new" pill when the reader has scrolled down', async ({ page }) => {
  await openHistory(page);

  await livePush(page, 'live-1', 'Pushed while at the top');
  await expect(rows(page).first()).toContainText('Pushed while at the top');

  await rows(page).first().hover();
  await page.mouse.wheel(0, 1500);
  const firstVisible = rows(page).filter({ hasText: 'Body of message 20:' });
  await expect(firstVisible).toBeInViewport();
  await livePush(page, 'live-2', 'Pushed while reading');
  await livePush(page, 'live-3', 'Pushed again');

  const pill = page.getByRole('button', { name: '2 new' });
  await expect(pill).toBeVisible();
  await expect(firstVisible).toBeInViewport();
  await pill.click();
  await expect(rows(page).first()).toContainText('Pushed again');
  await expect(rows(page).first()).toBeInViewport();
  await expect(pill).toBeHidden();
});

test('hostile titles, bodies and tags stay inert text', async ({ page }) => {
  await openHistory(page, { hostile: true });

  await expect(rows(page).first()).toContainText(`<script>globalThis.pwned = 'script'</script>`);
  await expect(rows(page).nth(1)).toContainText('[click me](javascript:');
  await expect(rows(page).first().getByRole('list', { name: 'Tags' })).toContainText('<img src=x onerror=');
  expect(await page.evaluate(() => (globalThis as unknown as HostileGlobals).pwned ?? null)).toBeNull();
  await expect(page.locator('#root img, #root script, #root a[href^="javascript:"]')).toHaveCount(0);

  await page.getByRole('searchbox').fill('onerror');
  await expect(rows(page).first().locator('mark').first()).toHaveText('onerror');
  await expect(page.locator('#root img, #root script')).toHaveCount(0);
  expect(await page.evaluate(() => (globalThis as unknown as HostileGlobals).pwned ?? null)).toBeNull();
});

test('is keyboard reachable: / focuses search, arrow keys move between rows', async ({ page }) => {
  await openHistory(page);

  await rows(page).first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows(page).nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(rows(page).first()).toBeFocused();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search messages' })).toBeFocused();
});

for (const colorScheme of ['light', 'dark'] as const) {
  // Axe checks this view in axe-views.spec.ts; here only its picture for docs/ is taken.
  test(`is captured for the docs (${colorScheme})`, { tag: DOCS_PICTURE }, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openHistory(page);
    await page.getByRole('searchbox').fill('message 1');
    await expect(rows(page).first().locator('mark').first()).toBeVisible();
    await page.getByRole('searchbox').fill('');
    await expect(rows(page).first()).toContainText('Message 0 on alerts');

    await docsScreenshot(page, `window-history-${colorScheme}.png`);
  });
}

test('an empty history says what to do next', async ({ page }) => {
  await exposeHistoryBridge(page, { count: 0 });
  await page.goto(server.url);
  await expect(page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
});
