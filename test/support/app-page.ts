/**
 * Page steps the app tests share (test/integration/app/*.test.ts): subscribe through the page's bridge
 * as the settings view does, wait for text in the window, and catch what the window is told to show.
 */
import { expect } from 'vitest';
import type { LaunchedApp } from '../electron-runtime/launch-app.ts';
import type { PageGlobals } from '../electron-runtime/page-globals.ts';

export async function subscribeInApp(app: LaunchedApp, server: string, topic: string): Promise<void> {
  const saved = await app.evaluate((input) => (globalThis as unknown as PageGlobals).ntfy.saveSubscription(input), {
    server,
    topic,
  });
  expect(saved.ok).toBe(true);
}

export function waitForPageText(app: LaunchedApp, text: string): Promise<void> {
  return app.waitForFunction(
    (wanted) => ((globalThis as unknown as PageGlobals).document.body.textContent ?? '').includes(wanted),
    text,
  );
}

/** The page keeps every `onShowMessage` payload in `globalThis.shownMessages`. */
export async function recordShownMessages(app: LaunchedApp): Promise<void> {
  await app.evaluate(() => {
    const page = globalThis as unknown as PageGlobals & { shownMessages?: unknown[] };
    const shown: unknown[] = [];
    page.shownMessages = shown;
    page.ntfy.onShowMessage((payload) => {
      shown.push(payload);
    });
  }, null);
}

/** Resolves with the payload of the first `onShowMessage` the page received (see recordShownMessages). */
export async function firstShownMessage(app: LaunchedApp): Promise<unknown> {
  await app.waitForFunction(
    () => ((globalThis as unknown as { shownMessages?: unknown[] }).shownMessages ?? []).length > 0,
    null,
  );
  return app.evaluate(() => (globalThis as unknown as { shownMessages: unknown[] }).shownMessages[0], null);
}
