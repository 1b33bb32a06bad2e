/**
 * What the window's page may do without the app's consent, with the app's own handlers driven as Electron drives
 * them (test/electron-runtime/page-navigation.ts, page-permissions.ts): a link in a message opens in the system
 * browser and never in the window, a navigation the page starts is refused through 'will-navigate', window.open
 * and target=_blank links through the window open handler, and permission requests through the session's
 * permission request handler (all but writing to the clipboard are refused).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { LaunchedApp } from '../../electron-runtime/launch-app.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import { waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks, sharedApp } from '../../support/app-test-hooks.ts';

const { cleanUpAfterTest, startServer, launchSubscribed } = registerAppTestHooks();

const APP_PAGE = 'app://ntfy-tray/index.html';

/** The page's own DOM, as far as these tests click and create things in it (typed without the DOM library). */
interface ClickablePage {
  readonly document: {
    querySelector(selector: string): { click(): void } | null;
    querySelectorAll(selector: string): ArrayLike<{ readonly textContent: string | null; click(): void }>;
    createElement(tag: 'a'): { href: string; target: string; textContent: string; click(): void };
    readonly body: { append(node: unknown): void };
  };
  readonly location: { href: string };
  open(url: string): unknown;
}

/** The bridge still answers: the page is still the app's own, in the same document. */
async function bridgeAnswers(app: LaunchedApp): Promise<boolean> {
  const answer = await app.evaluate(() => (globalThis as unknown as PageGlobals).ntfy.listSubscriptions(), null);
  return answer.ok;
}

// The tests of a plain start share one launch: each drives the page its own way and reads its own kind of record
// (navigations, window opens, permission requests), and none needs a fresh profile. The link test has its own: it
// needs a subscription and reads the openedExternal the navigation test expects empty.
const plainStart = sharedApp();

async function launchOnAppPage(): Promise<LaunchedApp> {
  return plainStart.app();
}

describe('what the window lets its page do', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('opens a link in a markdown message in the system browser and leaves the window where it is', async () => {
    const server = await startServer();
    const app = await launchSubscribed(server, 'links');
    await server.publish('links', { message: 'See [the runbook](https://runbook.example/disk) now', markdown: true });
    await waitForPageText(app, 'the runbook');

    await app.evaluate(() => {
      const page = globalThis as unknown as ClickablePage;
      const rows = Array.from(page.document.querySelectorAll('[role="option"]'));
      rows.find((row) => (row.textContent ?? '').includes('the runbook'))?.click();
    }, null);
    await app.waitForFunction(
      () => (globalThis as unknown as ClickablePage).document.querySelector('.message-detail-body a') !== null,
      null,
    );
    await app.evaluate(() => {
      (globalThis as unknown as ClickablePage).document.querySelector('.message-detail-body a')?.click();
    }, null);
    await waitForPageText(app, 'Opened https://runbook.example/disk');

    const records = await app.records();
    expect(records.openedExternal).toEqual(['https://runbook.example/disk']);
    // The renderer handled the click itself: the window never set out to go anywhere.
    expect(records.navigations).toEqual([]);
    expect(records.windows.map((window) => window.url)).toEqual([APP_PAGE]);
    expect(records.errors).toEqual([]);
  });

  it('refuses a navigation the page starts by a link or a script, through will-navigate', async () => {
    const app = await launchOnAppPage();

    await app.evaluate(() => {
      const page = globalThis as unknown as ClickablePage;
      const link = page.document.createElement('a');
      link.href = 'https://elsewhere.example/login';
      link.textContent = 'elsewhere';
      page.document.body.append(link);
      link.click();
    }, null);
    await app.evaluate(() => {
      (globalThis as unknown as ClickablePage).location.href = 'https://elsewhere.example/script';
    }, null);
    await app.waitForPageRequests('navigations', 2);
    // A refused navigation leaves the same document: the bridge still answers from the app's page.
    expect(await bridgeAnswers(app)).toBe(true);

    const records = await app.records();
    expect(records.navigations).toEqual([
      { url: 'https://elsewhere.example/login', prevented: true },
      { url: 'https://elsewhere.example/script', prevented: true },
    ]);
    expect(records.windows.map((window) => window.url)).toEqual([APP_PAGE]);
    expect(records.openedExternal).toEqual([]);
    await app.waitForOutput('refused to navigate the main window');
  });

  it('refuses window.open and target=_blank links through the window open handler: nothing loads', async () => {
    // A page on 127.0.0.1 that counts who asks for it: a popup that loaded would ask.
    const asked: string[] = [];
    const elsewhere = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.end('<!doctype html><title>elsewhere</title>');
    });
    elsewhere.listen(0, '127.0.0.1');
    await once(elsewhere, 'listening');
    cleanUpAfterTest(async () => {
      // The app outlives this test (it is shared), and its Chromium may keep a connection open here without asking.
      elsewhere.closeAllConnections();
      elsewhere.close();
      await once(elsewhere, 'close');
    });
    const address = elsewhere.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const origin = `http://127.0.0.1:${String(address.port)}`;
    const app = await launchOnAppPage();

    await app.evaluate((target) => {
      const page = globalThis as unknown as ClickablePage;
      const link = page.document.createElement('a');
      link.href = `${target}/tab`;
      link.target = '_blank';
      page.document.body.append(link);
      link.click();
      page.open(`${target}/popup`);
    }, origin);
    await app.waitForPageRequests('windowOpens', 2);
    // Chromium makes the popups anyway; once each first load has ended, the stand-in closes it.
    await app.waitForPageRequests('closedPopups', 2);
    expect(await bridgeAnswers(app)).toBe(true);

    const records = await app.records();
    expect(records.windowOpens).toEqual([
      { url: `${origin}/tab`, action: 'deny' },
      { url: `${origin}/popup`, action: 'deny' },
    ]);
    expect(asked).toEqual([]);
    expect(records.closedPopups.map((popup) => popup.url)).not.toContain(`${origin}/popup`);
    expect(records.windows.map((window) => window.url)).toEqual([APP_PAGE]);
    expect(records.errors).toEqual([]);
    await app.waitForOutput('refused to open a new window');
  });

  it('refuses notifications, location and reading the clipboard, lets the page write to it, and says so when asked', async () => {
    const app = await launchOnAppPage();

    const answers = await app.evaluate(async () => {
      const page = globalThis as unknown as {
        Notification: { requestPermission(): Promise<string> };
        navigator: {
          geolocation: { getCurrentPosition(ok: () => void, failed: (error: { code: number }) => void): void };
          clipboard: { readText(): Promise<string>; writeText(text: string): Promise<void> };
          permissions: { query(descriptor: { name: string }): Promise<{ state: string }> };
        };
      };
      const settled = (promise: Promise<unknown>) =>
        promise.then(
          () => 'allowed',
          (error: unknown) => `refused: ${String(error)}`,
        );
      return {
        notifications: await page.Notification.requestPermission(),
        geolocation: await new Promise<string>((resolve) => {
          page.navigator.geolocation.getCurrentPosition(
            () => {
              resolve('allowed');
            },
            (error) => {
              resolve(`refused: code ${String(error.code)}`);
            },
          );
        }),
        readClipboard: await settled(page.navigator.clipboard.readText()),
        writeClipboard: await settled(page.navigator.clipboard.writeText('copied by the page')),
        // Asked of the check handler: what the page may do without asking.
        checkGeolocation: (await page.navigator.permissions.query({ name: 'geolocation' })).state,
        checkClipboardWrite: (await page.navigator.permissions.query({ name: 'clipboard-write' })).state,
      };
    }, null);

    expect(answers).toEqual({
      notifications: 'denied',
      geolocation: 'refused: code 1',
      readClipboard: expect.stringContaining('refused: NotAllowedError') as unknown,
      writeClipboard: 'allowed',
      checkGeolocation: 'denied',
      checkClipboardWrite: 'granted',
    });
    const records = await app.records();
    expect(records.permissionRequests).toEqual([
      { permission: 'notifications', requestingUrl: APP_PAGE, granted: false },
      { permission: 'geolocation', requestingUrl: APP_PAGE, granted: false },
      { permission: 'clipboard-read', requestingUrl: APP_PAGE, granted: false },
      { permission: 'clipboard-sanitized-write', requestingUrl: APP_PAGE, granted: true },
    ]);
    expect(records.permissionChecks).toEqual([
      { permission: 'geolocation', requestingUrl: APP_PAGE, granted: false },
      { permission: 'clipboard-sanitized-write', requestingUrl: APP_PAGE, granted: true },
    ]);
    await app.waitForOutput('refused a permission request');
  });
});
