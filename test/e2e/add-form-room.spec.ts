import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// A form gets the room it needs (issue 33 §7): Messages' "Add subscription" was a box of 60 % of the pane above the
// list, clipped at 1280×800. Now a modal dialog as in ntfy's web app: the whole form is seen at 1280×800, and in a
// small window (600×400, or 1280×800 at 200 %) it takes the window's height and scrolls inside, every control
// reachable, the window's own chrome never scrolled away. The send dialog likewise at 200 %. Against the real core
// behind the dev:web bridge.

let bridge: WebBridge;

test.beforeAll(async () => {
  bridge = await startWebBridge({ log: createRecordingLogger('add-form-room-bridge') });
});

test.afterAll(async () => {
  await bridge.close();
});

interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not rendered');
  return { top: box.y, bottom: box.y + box.height, left: box.x, right: box.x + box.width };
}

/** The dialog's height, and how much of its content it has to scroll to show. */
async function scrolling(dialog: Locator): Promise<{ client: number; scroll: number }> {
  // Typed loosely: this project's Node types have no DOM.
  return dialog.evaluate((element) => {
    const box = element as unknown as { clientHeight: number; scrollHeight: number };
    return { client: box.clientHeight, scroll: box.scrollHeight };
  });
}

async function openAddForm(page: Page): Promise<Locator> {
  await page.goto(bridge.url);
  const add = page.getByRole('button', { name: 'Add subscription' });
  // In a narrow window the subscription list, with its "Add subscription", is a panel behind a button.
  const list = page.getByRole('button', { name: 'Subscription list', exact: true });
  await expect(add.or(list).first()).toBeVisible();
  if (await list.isVisible()) await list.click();
  await add.click();
  const form = page.getByRole('dialog', { name: 'Add subscription' });
  await expect(form.getByLabel('Topic', { exact: true })).toBeFocused();
  return form;
}

/** The form's box lies inside the window, and the window itself has not scrolled. */
async function expectInsideWindow(page: Page, form: Locator): Promise<void> {
  const viewport = page.viewportSize();
  if (viewport === null) throw new Error('no viewport');
  const box = await boxOf(form);
  expect(box.top).toBeGreaterThanOrEqual(0);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.bottom).toBeLessThanOrEqual(viewport.height);
  expect(box.right).toBeLessThanOrEqual(viewport.width);
  const windowScroll = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { scrollingElement: { scrollTop: number } | null } }).document
        .scrollingElement?.scrollTop ?? 0,
  );
  expect(windowScroll).toBe(0);
}

/** Each control, scrolled to inside the dialog, is wholly in view and inside the dialog's box. */
async function expectEachReachableInside(dialog: Locator, controls: readonly Locator[]): Promise<void> {
  for (const control of controls) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1 });
    const inner = await boxOf(control);
    const outer = await boxOf(dialog);
    expect(inner.top).toBeGreaterThanOrEqual(outer.top);
    expect(inner.bottom).toBeLessThanOrEqual(outer.bottom);
  }
}

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the whole add form is seen, nothing scrolled away', async ({ page }) => {
    const form = await openAddForm(page);
    await expectInsideWindow(page, form);
    const { client, scroll } = await scrolling(form);
    expect(scroll).toBeLessThanOrEqual(client);
    await expect(form.getByRole('button', { name: 'Subscribe', exact: true })).toBeInViewport({ ratio: 1 });
  });

  test('with Advanced open the form takes the room it needs, up to the window’s height, and scrolls inside', async ({
    page,
  }) => {
    const form = await openAddForm(page);
    await form.locator('details.form-advanced > summary').click();
    await expect(form.getByRole('radio', { name: 'Access token' })).toBeAttached();
    await expectInsideWindow(page, form);
    // What the old box above the list did not: as tall as its content, or as the window (but its margins) allows.
    const { client, scroll } = await scrolling(form);
    expect(client).toBeGreaterThanOrEqual(Math.min(scroll, 800 - 40));
    const subscribe = form.getByRole('button', { name: 'Subscribe', exact: true });
    await subscribe.scrollIntoViewIfNeeded();
    await expect(subscribe).toBeInViewport({ ratio: 1 });
    await expectInsideWindow(page, form);
  });
});

for (const size of [
  { name: '600×400', width: 600, height: 400, scale: 1 },
  { name: '1280×800 at 200 %', width: 640, height: 400, scale: 2 },
]) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: size.scale });

    test('the add form takes the window’s height and every part of it can be reached', async ({ page }) => {
      const form = await openAddForm(page);
      await expectInsideWindow(page, form);
      const box = await boxOf(form);
      // All the room the window has, but for the dialog's margins (1 rem each side).
      expect(box.bottom - box.top).toBeGreaterThanOrEqual(size.height - 40);

      await form.locator('details.form-advanced > summary').click();
      await expectEachReachableInside(form, [
        form.getByRole('button', { name: 'Generate name' }),
        form.getByLabel('Transport'),
        form.getByRole('radio', { name: 'Access token' }),
        form.getByRole('button', { name: 'Subscribe', exact: true }),
        form.getByRole('button', { name: 'Cancel' }),
      ]);
      await expectInsideWindow(page, form);
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();
    });
  });
}

test.describe('the send dialog at 1280×800 at 200 %', () => {
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

  test('takes the window’s height (not a small scroll box) and every part of it can be reached', async ({ page }) => {
    // A server nothing answers on is enough: the dialog is opened, not sent.
    const saved = await bridge.core.service.saveSubscription({ server: 'http://127.0.0.1:9', topic: 'room-send' });
    expect(saved.ok).toBe(true);
    await page.goto(bridge.url);
    await page.getByRole('button', { name: 'Subscription list', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Subscriptions' })
      .getByRole('button', { name: /room-send/ })
      .click();
    await page.getByRole('button', { name: /^Send a message/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a message to room-send' });
    await expect(dialog.getByLabel('Title', { exact: true })).toBeFocused();
    await expectInsideWindow(page, dialog);
    const box = await boxOf(dialog);
    // Issue 33 §7: it was a 190 px scroll box here.
    expect(box.bottom - box.top).toBeGreaterThanOrEqual(400 - 40);
    await expectEachReachableInside(dialog, [
      dialog.getByLabel('Message', { exact: true }),
      dialog.getByRole('button', { name: 'Attach a file…' }),
      dialog.getByLabel('Priority'),
      dialog.getByRole('button', { name: 'Add action' }),
      dialog.getByRole('button', { name: 'Send', exact: true }),
      dialog.getByRole('button', { name: 'Cancel' }),
    ]);
    await expectInsideWindow(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const removed = saved.ok
      ? await bridge.core.service.removeSubscription(saved.value.id, { deleteHistory: true })
      : undefined;
    expect(removed?.ok).toBe(true);
  });
});
