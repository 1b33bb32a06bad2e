import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { ALICE_AND_OPEN_TOPICS } from '../support/alice-auth.ts';
import { holdingClock } from '../support/holding-clock.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// Servers named exactly (issue 25 item 7): two servers that differ only by their scheme read differently, a TLS
// failure on an https address with a port suggests http://, and the empty topic's curl hint signs in for a
// protected topic. Against the real core behind the dev:web bridge and test/server (plain HTTP) on 127.0.0.1.

let ntfy: TestServer;
let bridge: WebBridge | undefined;

test.beforeAll(async () => {
  ntfy = await startTestServer({ auth: ALICE_AND_OPEN_TOPICS });
});

test.afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
});

test.afterAll(async () => {
  await ntfy.close();
});

test.use({ viewport: { width: 960, height: 680 } });

async function startBridge(): Promise<WebBridge> {
  bridge = await startWebBridge({
    log: createRecordingLogger('server-names-bridge'),
    // Reconnect waits never end on their own: the https address keeps failing the same way for the whole test.
    clock: holdingClock(60_000),
    random: () => 1,
    timing: { backoffInitialMs: 60_000, backoffMaxMs: 60_000 },
  });
  return bridge;
}

function banners(page: Page): Locator {
  return page.getByRole('region', { name: 'Servers' });
}

test('https and http on one host:port read differently; the TLS failure suggests http://', async ({ page }) => {
  const core = (await startBridge()).core.service;
  const host = new URL(ntfy.url).host;
  // What "127.0.0.1:port" typed without a scheme becomes: https, which this plain-HTTP server cannot answer.
  expect((await core.saveSubscription({ server: `https://${host}`, topic: 'open-tls' })).ok).toBe(true);
  expect((await core.saveSubscription({ server: `http://${host}`, topic: 'open-plain' })).ok).toBe(true);
  await ntfy.waitForSubscribers(1, { topic: 'open-plain' });
  await page.goto(bridge?.url ?? '');

  const banner = banners(page).getByRole('listitem');
  await expect(banner).toHaveCount(1);
  await expect(banner.locator('.server-banner-headline')).toHaveText(
    new RegExp(`^Can't reach https://${host.replaceAll('.', '\\.')} `),
  );
  await expect(banner.locator('.server-banner-why')).toContainText(
    `If this server speaks plain HTTP on that port, subscribe to http://${host} instead.`,
  );
});

test('the empty topic curl hint signs in as a protected topic does, without its password', async ({ page }) => {
  const core = (await startBridge()).core.service;
  const stored = await core.setCredentials({
    server: ntfy.url,
    kind: 'basic',
    user: 'alice',
    password: 'right-password',
  });
  expect(stored.ok).toBe(true);
  expect((await core.saveSubscription({ server: ntfy.url, topic: 'secret' })).ok).toBe(true);
  await page.goto(bridge?.url ?? '');
  const sidebar = page.getByRole('navigation', { name: 'Subscriptions' });

  await sidebar.getByRole('button', { name: /secret/ }).click();
  await expect(page.locator('.publish-command code')).toHaveText(`curl -u alice -d "Hi" ${ntfy.url}/secret`);
  await expect(page.locator('.publish-command')).not.toContainText('right-password');
});
