import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer, type TestUser } from '../server/index.ts';
import { holdingClock } from '../support/holding-clock.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { coreSpeaks } from './support/core-language.ts';
import { docsScreenshot } from './support/docs-screenshot.ts';

// Connection trouble per server, where people look (issue 13, items 1 and 2): the header and one banner per server,
// in words, with Retry now; and the credentials editor testing what was typed. Each test runs its own core behind
// the dev:web bridge whose reconnect waits are exactly 60 s and never end on their own (holdingClock): only the
// buttons under test can move a connection on, however slow the machine is.

const alice: TestUser = {
  name: 'alice',
  password: 'correct-horse-battery-staple',
  access: [{ topic: 'team-*', permission: 'read-write' }],
};

let bridge: WebBridge | undefined;
const servers: TestServer[] = [];

test.afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
  for (const server of servers.splice(0)) await server.close();
});

async function startBridge(): Promise<WebBridge> {
  bridge = await startWebBridge({
    log: createRecordingLogger('server-banners-bridge'),
    clock: holdingClock(60_000),
    random: () => 1,
    timing: { backoffInitialMs: 60_000, backoffMaxMs: 60_000 },
  });
  return bridge;
}

/** A port on 127.0.0.1 that nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => {
    server.close((error) => {
      if (error === undefined) resolve();
      else reject(error);
    });
  });
  return port;
}

function header(page: Page): Locator {
  return page.locator('.app-header').getByRole('status');
}

function banners(page: Page): Locator {
  return page.getByRole('region', { name: 'Servers' });
}

function banner(page: Page, host: string): Locator {
  return banners(page).getByRole('listitem').filter({ hasText: host });
}

test('a server that is down: header and one banner in words with a countdown; Retry now connects at once', async ({
  page,
}) => {
  const core = await startBridge();
  const port = await closedPort();
  const host = `127.0.0.1:${port}`;
  const down = `http://${host}`;
  for (const topic of ['down-a', 'down-b', 'down-c']) {
    expect((await core.core.service.saveSubscription({ server: down, topic })).ok).toBe(true);
  }

  await page.setViewportSize({ width: 960, height: 680 });
  await page.goto(core.url);
  await expect(header(page)).toHaveText(`Can't reach ${host}`);
  // One banner for the server, not one per topic; words first, the errno code only under Details.
  await expect(banners(page).getByRole('listitem')).toHaveCount(1);
  const entry = banner(page, host);
  await expect(entry.locator('.server-banner-headline')).toHaveText(
    new RegExp(`^Can't reach ${host.replaceAll('.', '\\.')} — retrying in \\d+ s$`),
  );
  await expect(entry).toContainText('Nothing answers at that address: the server may be down.');
  await expect(entry.locator('.server-banner-headline')).not.toContainText('ECONNREFUSED');
  await entry.getByText('Details').click();
  await expect(entry.locator('.server-banner-details')).toContainText('ECONNREFUSED');
  await docsScreenshot(page, 'window-server-down.png');

  // The same banner in Subscriptions, and the rows no longer repeat the error once per topic.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Subscriptions' }).click();
  await expect(banners(page).getByRole('listitem')).toHaveCount(1);
  await expect(page.locator('.connection-status-detail')).toHaveCount(0);

  // The server comes back; the held 60 s wait would never end, so only Retry now can reconnect.
  const server = await startTestServer({ port });
  servers.push(server);
  await expect(banner(page, host)).toBeVisible();
  await banner(page, host).getByRole('button', { name: 'Retry now' }).click();
  await expect(banners(page)).toHaveCount(0);
  await expect(header(page)).toHaveText(`Connected to ${host}`);
  await server.waitForSubscribers(1, { topic: 'down-a' });
});

test('two servers in trouble start as one line at 1280×800 with the count and the worst state; they unfold and fold on request, and a third is counted on the line', async ({
  page,
}) => {
  const core = await startBridge();
  const service = core.core.service;
  const hosts: string[] = [];
  for (const topic of ['fold-a', 'fold-b']) {
    const host = `127.0.0.1:${String(await closedPort())}`;
    hosts.push(host);
    expect((await service.saveSubscription({ server: `http://${host}`, topic })).ok).toBe(true);
  }

  // Issue 33 §7: two unfolded banners took 147 px above the list in a window this size.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(core.url);
  const folded = banners(page).getByRole('button', { name: '2 servers have problems: cannot be reached' });
  await expect(folded).toHaveAttribute('aria-expanded', 'false');
  await expect(banners(page).getByRole('listitem')).toHaveCount(0);
  const box = await banners(page).boundingBox();
  expect(box?.height).toBeLessThan(40);

  // Unfolded on request: a banner each, and focus on the button that folds them again (the one pressed is gone).
  await folded.click();
  await expect(banners(page).getByRole('listitem')).toHaveCount(2);
  for (const host of hosts) await expect(banner(page, host)).toBeVisible();
  const fold = banners(page).getByRole('button', { name: 'Fold server problems to one line' });
  await expect(fold).toBeFocused();
  await fold.click();
  await expect(folded).toBeFocused();
  await expect(banners(page).getByRole('listitem')).toHaveCount(0);

  // A third server in trouble is news, said on the line, which stays one line.
  const third = `127.0.0.1:${String(await closedPort())}`;
  expect((await service.saveSubscription({ server: `http://${third}`, topic: 'fold-c' })).ok).toBe(true);
  await expect(banners(page).getByRole('button', { name: '3 servers have problems: cannot be reached' })).toBeVisible();
  await expect(banners(page).getByRole('listitem')).toHaveCount(0);
});

test('a lone banner starts unfolded where there is room, and folds and unfolds on request', async ({ page }) => {
  const core = await startBridge();
  const host = `127.0.0.1:${String(await closedPort())}`;
  expect((await core.core.service.saveSubscription({ server: `http://${host}`, topic: 'alone' })).ok).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(core.url);
  await expect(banner(page, host)).toBeVisible();
  await banners(page).getByRole('button', { name: 'Fold server problems to one line' }).click();
  const folded = banners(page).getByRole('button', { name: '1 server has a problem: cannot be reached' });
  await expect(folded).toBeFocused();
  await expect(banners(page).getByRole('listitem')).toHaveCount(0);
  await folded.click();
  await expect(banner(page, host)).toBeVisible();
});

test('in a compact window the banners start folded, the folded line counts a new problem, and they unfold on request', async ({
  page,
}) => {
  const core = await startBridge();
  const service = core.core.service;
  for (const topic of ['short-a', 'short-b']) {
    const host = `127.0.0.1:${String(await closedPort())}`;
    expect((await service.saveSubscription({ server: `http://${host}`, topic })).ok).toBe(true);
  }

  // 400 CSS px high: the height at which the chrome compacts (shortLayoutQuery).
  await page.setViewportSize({ width: 600, height: 400 });
  await page.goto(core.url);
  await expect(
    banners(page).getByRole('button', { name: '2 servers have problems: cannot be reached' }),
  ).toHaveAttribute('aria-expanded', 'false');
  await expect(banners(page).getByRole('listitem')).toHaveCount(0);

  // A third server in trouble stays folded here, and the line says so.
  const third = `127.0.0.1:${String(await closedPort())}`;
  expect((await service.saveSubscription({ server: `http://${third}`, topic: 'short-c' })).ok).toBe(true);
  const folded = banners(page).getByRole('button', { name: '3 servers have problems: cannot be reached' });
  await expect(folded).toBeVisible();
  await expect(banners(page).getByRole('listitem')).toHaveCount(0);

  await folded.click();
  await expect(banners(page).getByRole('listitem')).toHaveCount(3);
  await expect(banner(page, third)).toBeVisible();
});

test('wrong password: the banner leads to the login step, a wrong password is refused there and typed again, the right one fixes it', async ({
  page,
}) => {
  const core = await startBridge();
  const secured = await startTestServer({ auth: { users: [alice], defaultAccess: 'deny-all' } });
  servers.push(secured);
  const host = new URL(secured.url).host;
  const stored = await core.core.service.setCredentials({
    server: secured.url,
    kind: 'basic',
    user: 'alice',
    password: 'not-the-password',
  });
  expect(stored.ok).toBe(true);
  for (const topic of ['team-one', 'team-two']) {
    expect((await core.core.service.saveSubscription({ server: secured.url, topic })).ok).toBe(true);
  }

  await page.setViewportSize({ width: 960, height: 680 });
  await page.goto(core.url);
  await expect(header(page)).toHaveText(`Credentials not accepted by ${host}`);
  await expect(banners(page).getByRole('listitem')).toHaveCount(1);
  await banner(page, host).getByRole('button', { name: 'Fix credentials' }).click();

  // Issue 33 §6: "Fix credentials" opens the editor on its login step, ready for new credentials.
  const form = page.getByRole('dialog', { name: 'Edit subscription' });
  const step = form.getByRole('group', { name: `Login required for ${host}` });
  const user = step.getByRole('textbox', { name: 'User name' });
  const password = step.getByLabel('Password', { exact: true });
  await expect(user).toBeFocused();
  await expect(user).toHaveValue('alice');
  await expect(password).toHaveValue('');
  await expect(step.locator('.login-stored')).toHaveText(
    `Stored for ${host}: user alice and their password (not shown).`,
  );

  // Log in checks what is typed: a wrong password is refused, said by name, and typed again (not sent again).
  await password.fill('still-wrong');
  await step.getByRole('button', { name: 'Log in' }).click();
  await expect(step.locator('.login-reason')).toHaveText(
    `Credentials not accepted: wrong password for alice, or no such user on ${host}.`,
  );
  await expect(password).toHaveValue('');
  await expect(banner(page, host)).toBeVisible();

  await password.fill(alice.password);
  await docsScreenshot(page, 'window-credentials.png');
  await password.press('Enter');
  await expect(form).toBeHidden();
  await expect(banners(page)).toHaveCount(0);
  await expect(header(page)).toHaveText(`Connected to ${host}`);
  await secured.waitForSubscribers(1, { topic: 'team-two' });
});

test('a refusal in the login step goes once the subscription is connected, instead of contradicting it', async ({
  page,
}) => {
  const core = await startBridge();
  const secured = await startTestServer({ auth: { users: [alice], defaultAccess: 'deny-all' } });
  servers.push(secured);
  const host = new URL(secured.url).host;
  const wrong = { server: secured.url, kind: 'basic', user: 'alice', password: 'not-the-password' } as const;
  expect((await core.core.service.setCredentials(wrong)).ok).toBe(true);
  expect((await core.core.service.saveSubscription({ server: secured.url, topic: 'team-stale' })).ok).toBe(true);

  await page.goto(core.url);
  await banner(page, host).getByRole('button', { name: 'Fix credentials' }).click();
  const step = page
    .getByRole('dialog', { name: 'Edit subscription' })
    .getByRole('group', { name: `Login required for ${host}` });
  await step.getByLabel('Password', { exact: true }).fill('still-wrong');
  await step.getByRole('button', { name: 'Log in' }).click();
  await expect(step.locator('.login-reason')).toHaveText(
    `Credentials not accepted: wrong password for alice, or no such user on ${host}.`,
  );

  // Fixed elsewhere (the tray's other window, an import) while this step stays open: the row says Connected.
  expect((await core.core.service.setCredentials({ ...wrong, password: alice.password })).ok).toBe(true);
  const row = page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem').filter({ hasText: 'team-stale' });
  await expect(row.locator('.connection-status-label')).toHaveText('Connected');
  await expect(step.locator('.login-reason')).toHaveText('');
  await expect(step).toBeVisible();
});

/** A Wi-Fi login page stand-in: answers every request 200 with HTML, as a captive portal does. */
async function loginPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createHttpServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<html>Sign in to the Wi-Fi</html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

test.describe('in German, with the core speaking German too (as in the app, where both follow the OS)', () => {
  test.use({ locale: 'de-DE' });
  coreSpeaks('de-DE');

  test("a login page instead of ntfy: the banner says so in German from the core's code, not its words", async ({
    page,
  }) => {
    // The core's reasons are German here, which the window must not parse.
    const core = await startBridge();
    const portal = await loginPage();
    try {
      const host = new URL(portal.url).host;
      expect((await core.core.service.saveSubscription({ server: portal.url, topic: 'alerts' })).ok).toBe(true);

      await page.goto(core.url);
      const entry = page.getByRole('region', { name: 'Server' }).getByRole('listitem').filter({ hasText: host });
      await expect(entry.locator('.server-banner-headline')).toHaveText(
        new RegExp(`^${host.replaceAll('.', '\\.')} ist nicht erreichbar`),
      );
      await expect(entry).toContainText(
        'Unter dieser Adresse antwortet etwas anderes: eine Anmeldeseite des WLANs oder eines Proxys?',
      );
      // The core's own German words stay under Details.
      await entry.getByText('Details').click();
      await expect(entry.locator('.server-banner-details')).toContainText('kein ntfy-Stream');
      await page.getByRole('button', { name: 'Serverprobleme auf eine Zeile einklappen' }).click();
      await expect(page.getByRole('region', { name: 'Server' })).toHaveText(
        '1 Server hat ein Problem: nicht erreichbar ▸',
      );
    } finally {
      await portal.close();
    }
  });
});
