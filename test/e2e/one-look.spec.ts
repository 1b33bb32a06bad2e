import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// One look (issue 25 item 2): the Messages view's controls look as the Subscriptions view's do (no browser
// defaults), markdown tables have borders, and a priority badge never breaks over two lines. Against the real core
// behind the dev:web bridge and test/server on 127.0.0.1.

let ntfy: TestServer;
let bridge: WebBridge;

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('one-look-bridge') });
  const core = bridge.core.service;
  const displayName = 'A display name long enough to squeeze every row of this topic hard';
  expect((await core.saveSubscription({ server: ntfy.url, topic: 'look-table', displayName })).ok).toBe(true);
  await ntfy.waitForSubscribers(1, { topic: 'look-table' });
  await ntfy.publish('look-table', {
    title: 'Disk report',
    message: '| Disk | Used |\n| --- | --- |\n| /var | 97 % |\n| /home | 40 % |',
    markdown: true,
    priority: 5,
  });
  await expect
    .poll(async () => {
      const listed = await core.listMessages({});
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(1);
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

const looks = [
  'border-top-style',
  'border-top-color',
  'border-top-left-radius',
  'background-color',
  'padding-top',
  'padding-left',
  'font-size',
  'font-family',
] as const;

/** The computed properties that make a control's look. */
async function lookOf(control: Locator): Promise<Record<string, string>> {
  return control.evaluate((element, properties) => {
    const style = (
      globalThis as unknown as { getComputedStyle(e: unknown): { getPropertyValue(p: string): string } }
    ).getComputedStyle(element);
    return Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]));
  }, looks);
}

function views(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Views' });
}

test.use({ viewport: { width: 960, height: 680 } });

test('buttons and fields in Messages look as they do in Subscriptions', async ({ page }) => {
  await page.goto(bridge.url);
  const sidebar = page.getByRole('navigation', { name: 'Subscriptions' });
  const messagesAdd = await lookOf(sidebar.getByRole('button', { name: 'Add subscription' }));
  await sidebar.getByRole('button', { name: 'Add subscription' }).click();
  const addForm = page.getByRole('dialog', { name: 'Add subscription' });
  const messagesField = await lookOf(addForm.getByLabel('Topic'));
  const messagesCancel = await lookOf(addForm.getByRole('button', { name: 'Cancel' }));

  await views(page).getByRole('button', { name: 'Subscriptions' }).click();
  const list = page.locator('.subscriptions');
  await expect(list.getByRole('button', { name: 'Add subscription' })).toBeVisible();
  expect(messagesAdd).toEqual(await lookOf(list.getByRole('button', { name: 'Add subscription' })));
  await list.getByRole('button', { name: 'Add subscription' }).click();
  const editor = page.getByRole('dialog', { name: 'Add subscription' });
  expect(messagesField).toEqual(await lookOf(editor.getByLabel('Topic')));
  expect(messagesCancel).toEqual(await lookOf(editor.getByRole('button', { name: 'Cancel' })));
});

test('a markdown table has cell borders in the detail', async ({ page }) => {
  await page.goto(bridge.url);
  await page.getByRole('listbox', { name: 'Messages, newest first' }).getByRole('option').click();
  const cell = page.getByRole('article', { name: /Disk report/ }).getByRole('cell', { name: '/var' });
  await expect(cell).toBeVisible();
  await expect(cell).toHaveCSS('border-top-style', 'solid');
  await expect(cell).toHaveCSS('border-top-width', '1px');
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the urgent badge keeps to one line', async ({ page }) => {
    await page.goto(bridge.url);
    const badge = page.locator('.message-priority-label');
    await expect(badge).toBeVisible();
    // The words shown (the screen readers' words beside them are out of the flow).
    const lines = await badge.locator('[aria-hidden="true"]').evaluate((element) => {
      interface Rect {
        readonly bottom: number;
      }
      const view = globalThis as unknown as {
        document: { createRange(): { selectNodeContents(node: unknown): void; getClientRects(): Iterable<Rect> } };
      };
      const range = view.document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom))).size;
    });
    expect(lines).toBe(1);
  });
});
