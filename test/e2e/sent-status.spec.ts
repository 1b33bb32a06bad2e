import { expect, test, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// "Sent" belongs to the topic it was sent to, and fades (issue 33 §4). Last round, after sending to one topic,
// "Sent" showed under every topic opened later, even a new one. Against the real core behind the dev:web bridge and
// test/server on 127.0.0.1.
//
// What each topic header's status line ever showed is recorded in the page as it happens (a MutationObserver), so
// the test reads events rather than racing the fade: "Sent" was shown under the topic sent to, never under another.

let ntfy: TestServer;
let bridge: WebBridge;

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('sent-status-bridge') });
  for (const [topic, displayName] of [
    ['sent-news', 'News'],
    ['sent-door', 'Front door'],
  ] as const) {
    expect((await bridge.core.service.saveSubscription({ server: ntfy.url, topic, displayName })).ok).toBe(true);
    await ntfy.waitForSubscribers(1, { topic });
  }
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

/** Records `topic name: status text` each time a topic header's status line changes (or a header appears). */
const recordStatusLines = `(() => {
  window.__statusLines = [];
  const record = () => {
    for (const header of document.querySelectorAll('.topic-header')) {
      const name = header.querySelector('.topic-header-title')?.textContent ?? '';
      const line = name + ': ' + (header.querySelector('.topic-header-status')?.textContent ?? '');
      if (window.__statusLines.at(-1) !== line) window.__statusLines.push(line);
    }
  };
  new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

function statusLines(page: Page): Promise<string[]> {
  return page.evaluate<string[]>('window.__statusLines');
}

function sidebarEntry(page: Page, name: RegExp) {
  return page.getByRole('navigation', { name: 'Subscriptions' }).getByRole('button', { name });
}

test('"Sent" shows under the topic sent to, not under others opened later (even a new one), and fades', async ({
  page,
}) => {
  await page.goto(bridge.url);
  await page.evaluate(recordStatusLines);
  await sidebarEntry(page, /News/).click();
  const news = page.getByRole('region', { name: 'News' });
  await news.getByRole('button', { name: 'Send a message…' }).click();
  const send = page.getByRole('form', { name: 'Send a message to News' });
  await send.getByLabel('Message', { exact: true }).fill('Hello from the window');
  await send.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(send).toHaveCount(0);
  await expect.poll(() => statusLines(page)).toContain('News: Sent');

  // Another topic, then a new one: their status lines are empty, and never said "Sent".
  await sidebarEntry(page, /Front door/).click();
  await expect(page.getByRole('region', { name: 'Front door' }).getByRole('status')).toHaveText('');
  const added = await bridge.core.service.saveSubscription({ server: ntfy.url, topic: 'sent-new', displayName: 'New' });
  expect(added.ok).toBe(true);
  await sidebarEntry(page, /\bNew\b/).click();
  await expect(page.getByRole('region', { name: 'New' }).getByRole('status')).toHaveText('');

  // Back on News: "Sent" fades and goes (at once if it already has).
  await sidebarEntry(page, /News/).click();
  await expect(news.getByRole('status')).toHaveText('', { timeout: 30_000 });
  const lines = await statusLines(page);
  expect(lines.filter((line) => line.endsWith(': Sent'))).toEqual(lines.filter((line) => line === 'News: Sent'));
  expect(lines).toContain('Front door: ');
  expect(lines).toContain('New: ');
});
