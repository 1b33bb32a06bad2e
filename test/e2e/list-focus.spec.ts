import { expect, test, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// Roving focus in the message list when the row that should take focus is out of view: deleting the open message
// after the list was scrolled away from it puts focus on the row that took its place (scrolled back into view),
// not on whichever row happens to be in view. Against the real core behind the dev:web bridge.

let ntfy: TestServer;
let bridge: WebBridge;

test.use({ viewport: { width: 1100, height: 720 } });

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('list-focus-bridge') });
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

const messageCount = 40;

function list(page: Page) {
  return page.getByRole('listbox', { name: 'Messages, newest first' });
}

/** The focused row's data-index, or what else has focus. */
function focusedIndex(page: Page): Promise<string> {
  return page.evaluate(() => {
    // The page's document, typed loosely: this project's Node types have no DOM.
    const { activeElement } = (globalThis as unknown as { document: { activeElement: unknown } }).document;
    const element = activeElement as { getAttribute(name: string): string | null; tagName: string } | null;
    return element?.getAttribute('data-index') ?? `not a row (${element?.tagName ?? 'none'})`;
  });
}

test('deleting the open message after scrolling away focuses the row that took its place', async ({ page }) => {
  const core = bridge.core.service;
  expect((await core.saveSubscription({ server: ntfy.url, topic: 'list-focus' })).ok).toBe(true);
  await ntfy.waitForSubscribers(1, { topic: 'list-focus' });
  // Distinct recent times (Unix seconds), so the order is known and no retention rule drops them.
  const firstTime = Math.floor(Date.now() / 1000) - 3600;
  for (let index = 0; index < messageCount; index += 1) {
    await ntfy.publish('list-focus', { title: `Message ${index}`, message: 'body', time: firstTime + index });
  }
  await expect
    .poll(async () => {
      const listed = await core.listMessages({});
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(messageCount);
  await page.goto(bridge.url);

  // Newest first: row 3 is "Message 36"; row 4, "Message 35", takes its place once it is deleted.
  await list(page).locator('[data-index="3"]').click();
  const detail = page.getByRole('article', { name: 'Message 36' });
  await expect(detail).toBeVisible();

  // The reader scrolls the list to its end while the message stays open.
  await page.locator('.message-scroller').evaluate((scroller) => {
    const element = scroller as { scrollTop: number; scrollHeight: number };
    element.scrollTop = element.scrollHeight;
  });
  await expect(list(page).locator(`[data-index="${messageCount - 1}"]`)).toBeInViewport();

  await detail.getByRole('button', { name: 'Delete message' }).click();
  await expect(detail).toBeHidden();
  await expect.poll(() => focusedIndex(page)).toBe('3');
  const replacement = list(page).locator('[data-index="3"]');
  await expect(replacement).toContainText('Message 35');
  await expect(replacement).toBeInViewport();
});
