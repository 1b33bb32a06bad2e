import { expect, test, type Page } from '@playwright/test';
import { BRIDGE_CONTRACT_VERSION, type BridgeApi, type SubscriptionInput } from '../../common/ipc.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// The built renderer (npm run test:e2e builds first) served by the dev:web bridge, which runs the real core
// against a local test/server; the page talks to it only through window.ntfy over the bridge's WebSocket.

/** The page's globals as these tests use them (functions given to page.evaluate run in the page). */
interface BridgePage {
  readonly ntfy: BridgeApi;
  nextBatch?: Promise<readonly string[]>;
  unsubscribedCalls?: number;
}

let ntfy: TestServer;
let bridge: WebBridge;

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('web-bridge') });
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

/** Collects console errors (CSP violations among them) and uncaught page errors from the moment it is called. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Subscribes to `topic` from the page and resolves once the test server has the app's connection for it. */
async function subscribeFromPage(page: Page, topic: string): Promise<void> {
  const saved = await page.evaluate((input) => (globalThis as unknown as BridgePage).ntfy.saveSubscription(input), {
    server: ntfy.url,
    topic,
  } satisfies SubscriptionInput);
  expect(saved).toMatchObject({ ok: true, value: { server: ntfy.url, topic } });
  await ntfy.waitForSubscribers(1, { topic });
}

/** In the page: the message texts of the next onMessagesReceived batch, as a promise kept on globalThis. */
async function listenForNextBatch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const pageGlobals = globalThis as unknown as BridgePage;
    pageGlobals.nextBatch = new Promise((resolve) => {
      const unsubscribe = pageGlobals.ntfy.onMessagesReceived((messages) => {
        unsubscribe();
        resolve(messages.map((message) => message.message));
      });
    });
  });
}

function nextBatch(page: Page): Promise<readonly string[] | undefined> {
  return page.evaluate(() => (globalThis as unknown as BridgePage).nextBatch);
}

test('exposes window.ntfy with the contract version and the page says it is connected', async ({ page }) => {
  const errors = collectPageErrors(page);

  await page.goto(bridge.url);

  expect(await page.evaluate(() => (globalThis as unknown as BridgePage).ntfy.contractVersion)).toBe(
    BRIDGE_CONTRACT_VERSION,
  );
  await expect(page.getByRole('banner').getByRole('status')).toHaveText(
    /^(No servers to connect to|Connect(ed|ing) to .+)$/,
  );
  // A round trip over the WebSocket, which the unchanged CSP (connect-src 'self') must allow.
  const settings = await page.evaluate(() => (globalThis as unknown as BridgePage).ntfy.getSettings());
  expect(settings).toMatchObject({ ok: true, value: { defaultServer: ntfy.url } });
  expect(errors).toEqual([]);
});

test('delivers a published message to onMessagesReceived and listMessages', async ({ page }) => {
  await page.goto(bridge.url);
  await subscribeFromPage(page, 'bridge-delivery');
  await listenForNextBatch(page);

  await ntfy.publish('bridge-delivery', { title: 'Disk', message: 'disk full', priority: 5 });

  expect(await nextBatch(page)).toEqual(['disk full']);
  const listed = await page.evaluate(
    (server) =>
      (globalThis as unknown as BridgePage).ntfy.listMessages({ subscription: { server, topic: 'bridge-delivery' } }),
    ntfy.url,
  );
  expect(listed).toMatchObject({
    ok: true,
    value: { messages: [{ topic: 'bridge-delivery', title: 'Disk', message: 'disk full', priority: 5, read: false }] },
  });
});

test('answers malformed arguments with invalid-argument, as over IPC', async ({ page }) => {
  await page.goto(bridge.url);

  const results = await page.evaluate(async () => {
    const api = (globalThis as unknown as BridgePage).ntfy;
    return [
      await api.saveSubscription({ server: 42, topic: ['x'] } as unknown as SubscriptionInput),
      await api.markRead({ server: 'http://127.0.0.1', id: 'x' }, 'yes' as unknown as boolean),
      await (api.listMessages as unknown as () => Promise<unknown>)(),
    ];
  });

  expect(results).toEqual([
    { ok: false, error: expect.objectContaining({ code: 'invalid-argument' }) as unknown },
    { ok: false, error: expect.objectContaining({ code: 'invalid-argument' }) as unknown },
    { ok: false, error: expect.objectContaining({ code: 'invalid-argument' }) as unknown },
  ]);
});

test('an unsubscribed listener is not called again', async ({ page }) => {
  await page.goto(bridge.url);
  await subscribeFromPage(page, 'bridge-unsubscribe');
  await page.evaluate(() => {
    const pageGlobals = globalThis as unknown as BridgePage;
    pageGlobals.unsubscribedCalls = 0;
    const unsubscribe = pageGlobals.ntfy.onMessagesReceived(() => {
      pageGlobals.unsubscribedCalls = (pageGlobals.unsubscribedCalls ?? 0) + 1;
    });
    unsubscribe();
  });
  // Registered after the other one: by the time it has its batch, the unsubscribed listener would have had it too.
  await listenForNextBatch(page);

  await ntfy.publish('bridge-unsubscribe', 'after unsubscribe');

  expect(await nextBatch(page)).toEqual(['after unsubscribe']);
  expect(await page.evaluate(() => (globalThis as unknown as BridgePage).unsubscribedCalls)).toBe(0);
});
