import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer, type TestUser } from '../server/index.ts';
import { holdingClock } from '../support/holding-clock.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// One word per state (issue 25 §4, docs/vocabulary.md): credentials the server does not accept (401) read
// "Credentials not accepted", credentials that may not read a topic (403) "No permission", in the sidebar's dot, the
// subscription's row and the server's banner. Against the real core behind the dev:web bridge and test/server's ACLs;
// reconnect waits never end on their own (holdingClock), so only the states under test show.

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

async function securedServer(): Promise<TestServer> {
  const server = await startTestServer({ auth: { users: [alice], defaultAccess: 'deny-all' } });
  servers.push(server);
  return server;
}

function dot(page: Page, topic: string): Locator {
  return page
    .getByRole('navigation', { name: 'Subscriptions' })
    .getByRole('button', { name: new RegExp(topic) })
    .getByRole('img');
}

function bannerHeadline(page: Page, host: string): Locator {
  return page
    .getByRole('region', { name: 'Servers' })
    .getByRole('listitem')
    .filter({ hasText: host })
    .locator('.server-banner-headline');
}

function rowStatus(page: Page, topic: string): Locator {
  return page
    .getByRole('list', { name: 'Subscriptions' })
    .getByRole('listitem')
    .filter({ hasText: topic })
    .locator('.connection-status-label');
}

test('a topic alice may not read says No permission, a wrong password Credentials not accepted: dot, banner, row', async ({
  page,
}) => {
  bridge = await startWebBridge({
    log: createRecordingLogger('no-permission-bridge'),
    clock: holdingClock(60_000),
    random: () => 1,
    timing: { backoffInitialMs: 60_000, backoffMaxMs: 60_000 },
  });
  const core = bridge.core.service;
  // A server's subscriptions with the same credentials share one connection: one topic alone on its server (the
  // connection refused with a 403), one beside a readable topic (isolated from its group), and a wrong password.
  const alone = await securedServer();
  const permitted = await securedServer();
  const rejecting = await securedServer();
  const right = { kind: 'basic', user: alice.name, password: alice.password } as const;
  expect((await core.setCredentials({ server: alone.url, ...right })).ok).toBe(true);
  expect((await core.setCredentials({ server: permitted.url, ...right })).ok).toBe(true);
  expect((await core.setCredentials({ server: rejecting.url, ...right, password: 'not-the-password' })).ok).toBe(true);
  expect((await core.saveSubscription({ server: alone.url, topic: 'private-alone' })).ok).toBe(true);
  for (const topic of ['team-one', 'private-beside']) {
    expect((await core.saveSubscription({ server: permitted.url, topic })).ok).toBe(true);
  }
  expect((await core.saveSubscription({ server: rejecting.url, topic: 'team-wrong' })).ok).toBe(true);
  const aloneHost = new URL(alone.url).host;
  const permittedHost = new URL(permitted.url).host;
  const rejectingHost = new URL(rejecting.url).host;

  await page.setViewportSize({ width: 1100, height: 800 });
  await page.goto(bridge.url);
  await expect(dot(page, 'private-alone')).toHaveAccessibleName('No permission');
  await expect(dot(page, 'private-beside')).toHaveAccessibleName('No permission');
  await expect(dot(page, 'team-one')).toHaveAccessibleName('Connected');
  await expect(dot(page, 'team-wrong')).toHaveAccessibleName('Credentials not accepted');
  // Three servers in trouble start folded to one line, the worst state first (issue 33 §7); unfolded, one banner each.
  await page
    .getByRole('region', { name: 'Servers' })
    .getByRole('button', { name: '3 servers have problems: credentials not accepted' })
    .click();
  await expect(bannerHeadline(page, aloneHost)).toHaveText(`No permission for topics on ${aloneHost}`);
  await expect(bannerHeadline(page, permittedHost)).toHaveText(`No permission for topics on ${permittedHost}`);
  await expect(bannerHeadline(page, rejectingHost)).toHaveText(`Credentials not accepted by ${rejectingHost}`);
  await expect(
    page
      .getByRole('region', { name: 'Servers' })
      .getByRole('listitem')
      .filter({ hasText: permittedHost })
      .getByRole('button', { name: `Fix credentials for ${permittedHost}` }),
  ).toBeVisible();

  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Subscriptions' }).click();
  await expect(rowStatus(page, 'private-alone')).toHaveText('No permission');
  await expect(rowStatus(page, 'private-beside')).toHaveText('No permission');
  await expect(rowStatus(page, 'team-one')).toHaveText('Connected');
  await expect(rowStatus(page, 'team-wrong')).toHaveText('Credentials not accepted');
});
