import { expect, test, type Locator, type Page } from '@playwright/test';
import { createServer, type AddressInfo } from 'node:net';
import { installOfflineGuard } from '../../scripts/offline-guard.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// The add form's Test names why a server could not be reached (issue 33 §2), in the words of the banner after
// Subscribe (renderer/history/trouble-words.ts, one wording for both): host not found, nothing answering, and TLS on
// a plain-HTTP port with the http:// address offered, which the form then takes. Against the real core behind the
// dev:web bridge and test/server on 127.0.0.1, English and German.
//
// The unknown host is under .invalid, which never resolves (RFC 6761). The offline guard keeps this process (the
// core runs in it) off the network: every connection but loopback fails here, and a .invalid name fails as a resolver
// answers it, without asking one. The last test checks that nothing else was attempted.
const guard = installOfflineGuard();

let ntfy: TestServer;
let bridge: WebBridge;
/** A port on 127.0.0.1 that nothing listens on. */
let closedPort: number;

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('test-says-why-bridge') });
  closedPort = await freePort();
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
  // Nothing but loopback was ever tried: the one name refused is the .invalid one, and no connection left.
  expect(guard.refused.filter((attempt) => !attempt.target.startsWith('ntfy-tray-test.invalid'))).toEqual([]);
});

/** A port that was free a moment ago (listened on, then closed). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => { resolve(); }));
  return port;
}

async function openAddForm(page: Page): Promise<Locator> {
  await page.goto(bridge.url);
  // The second of the three views (Messages, Subscriptions, Settings), named in the page's language.
  await page.locator('.app-nav').getByRole('button').nth(1).click();
  await page
    .getByRole('main')
    .getByRole('button', { name: /^(Add subscription|Abonnement hinzufügen)$/ })
    .click();
  const form = page.locator('[role="dialog"]');
  await expect(form).toBeVisible();
  return form;
}

/** Types `topic` (a bare topic or a topic URL) and runs Test; the status it shows. */
async function testAddress(form: Locator, topic: string, server?: string): Promise<Locator> {
  const fields = form.locator('input');
  await fields.nth(0).fill(topic);
  if (server !== undefined) await fields.nth(1).fill(server);
  await form.getByRole('button', { name: /^(Test|Testen)$/ }).click();
  return form.getByRole('status').first();
}

test('https on a plain-HTTP port: Test says TLS failed and offers the http:// address, which then works', async ({
  page,
}) => {
  const form = await openAddForm(page);
  const port = new URL(ntfy.url).port;
  const result = await testAddress(form, `127.0.0.1:${port}/x`);
  await expect(result.locator('.test-result-headline')).toHaveText("Can't reach the server");
  await expect(result.locator('.test-result-detail')).toHaveText(
    "The server's secure connection could not be trusted (certificate problem). If this server speaks plain HTTP " +
      `on that port, subscribe to http://127.0.0.1:${port} instead.`,
  );
  const offer = result.getByRole('button', { name: `Use http://127.0.0.1:${port}` });
  await offer.click();
  await expect(form.getByLabel('Topic')).toHaveValue('x');
  await expect(form.getByLabel('Server')).toHaveValue(`http://127.0.0.1:${port}`);
  await expect(form.getByRole('button', { name: 'Test', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(result.locator('.test-result-headline')).toHaveText('Connected: the server accepts this subscription');
});

test('a closed port: Test says nothing answers there', async ({ page }) => {
  const form = await openAddForm(page);
  const result = await testAddress(form, 'x', `http://127.0.0.1:${String(closedPort)}`);
  await expect(result.locator('.test-result-detail')).toHaveText(
    'Nothing answers at that address: the server may be down.',
  );
  await expect(result.getByRole('button')).toHaveCount(0);
});

test('an unknown host: Test says the name was not found', async ({ page }) => {
  const form = await openAddForm(page);
  const result = await testAddress(form, 'x', 'https://ntfy-tray-test.invalid');
  await expect(result.locator('.test-result-detail')).toHaveText(
    'The server name could not be found: check it and the network.',
  );
  await expect(result.getByRole('button')).toHaveCount(0);
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('Test names the cause and offers the http:// address in German', async ({ page }) => {
    const form = await openAddForm(page);
    const port = new URL(ntfy.url).port;
    const result = await testAddress(form, `127.0.0.1:${port}/x`);
    await expect(result.locator('.test-result-detail')).toContainText(`http://127.0.0.1:${port}`);
    await expect(result.getByRole('button', { name: `http://127.0.0.1:${port} verwenden` })).toBeVisible();
    await testAddress(form, 'x', 'https://ntfy-tray-test.invalid');
    await expect(result.locator('.test-result-detail')).toHaveText(
      'Der Servername wurde nicht gefunden: Prüfen Sie ihn und das Netzwerk.',
    );
  });
});
