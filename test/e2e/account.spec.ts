import { expect, test, type Locator, type Page } from '@playwright/test';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { holdingClock } from '../support/holding-clock.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { DOCS_PICTURE, docsScreenshot } from './support/docs-screenshot.ts';

// Sync with an ntfy account (issue 14 §2), through the UI against the real core behind the dev:web bridge and a
// local test/server with auth and one user. The "server side" (another device) is the test itself, with a token of
// its own from the account API. The core's clock holds timers of a second or more, so the account syncs only when
// the test presses Sync now (no 2 s after-change or 5 min periodic sync runs under it). Tests share one core and
// run in order: the first signs out at its end, the docs picture signs in again.

const PASSWORD = 'correct horse battery staple';

let ntfy: TestServer;
let bridge: WebBridge;
/** A token of the test's own ("another device"), for the account API. */
let otherDevice: string;

test.use({ viewport: { width: 960, height: 900 } });

test.beforeAll(async () => {
  ntfy = await startTestServer({
    auth: {
      users: [{ name: 'phil', password: PASSWORD, access: [{ topic: 'phil-news', permission: 'read-write' }] }],
      everyone: [{ topic: 'phil-news', permission: 'read-only' }],
    },
  });
  bridge = await startWebBridge({
    ntfyServerUrl: ntfy.url,
    clock: holdingClock(1_000),
    log: createRecordingLogger('account-bridge'),
  });
  const created = await accountRequest('POST', '/v1/account/token', {
    authorization: `Basic ${Buffer.from(`phil:${PASSWORD}`).toString('base64')}`,
    body: { label: 'the other device' },
  });
  otherDevice = String(created.body['token']);
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

async function accountRequest(
  method: string,
  route: string,
  options: { authorization?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${ntfy.url}${route}`, {
    method,
    headers: {
      Authorization: options.authorization ?? `Bearer ${otherDevice}`,
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/** The account as the server lists it to the other device. */
async function serverAccount(): Promise<{
  subscriptions: { topic: string; display_name?: string }[];
  tokens: { token: string; label?: string }[];
}> {
  const { body } = await accountRequest('GET', '/v1/account');
  return body as unknown as Awaited<ReturnType<typeof serverAccount>>;
}

function section(page: Page): Locator {
  return page.getByRole('region', { name: 'ntfy account' });
}

function subscriptionList(page: Page): Locator {
  return page.getByRole('main').getByRole('list', { name: 'Subscriptions' });
}

async function openSubscriptions(page: Page): Promise<Locator> {
  await page.goto(bridge.url);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Subscriptions' }).click();
  const account = section(page);
  // The default server is filled in once settings answer, or the account is signed in already.
  await expect(account.getByLabel('Server').or(account.getByText('Signed in as'))).toBeVisible();
  return account;
}

async function signIn(account: Locator, password: string): Promise<void> {
  await expect(account.getByLabel('Server')).toHaveValue(ntfy.url);
  await account.getByLabel('User name').fill('phil');
  await account.getByLabel('Password').fill(password);
  await account.getByRole('button', { name: 'Sign in' }).click();
}

test('sign in, a subscription from the account arrives by its sync topic, a rename sent back, sign out ends the token', async ({
  page,
}) => {
  const account = await openSubscriptions(page);
  const host = new URL(ntfy.url).host;

  await signIn(account, 'wrong password');
  await expect(account.getByRole('alert')).toHaveText(
    'Not signed in: credentials not accepted; check the user name and password.',
  );
  await expect(account.getByLabel('Password')).toHaveValue('');

  await signIn(account, PASSWORD);
  await expect(account.getByText(`Signed in as phil on ${host}`)).toBeVisible();
  await expect(account.getByRole('status')).toHaveText('Signed in and synced.');
  await expect(account.getByText(/^Last synced /)).toBeVisible();
  await expect(account.getByRole('list').filter({ hasText: 'phil-news' })).toHaveText('phil-news: everyone can read');
  const appToken = (await serverAccount()).tokens.find((token) => token.label?.startsWith('ntfy-tray on ') === true);
  expect(appToken).toBeDefined();

  // Another device adds a subscription to the account; it shows here at once: the server's {"event":"sync"} on the
  // account's sync topic starts a sync, with no Sync now and no five-minute wait.
  const added = await accountRequest('POST', '/v1/account/subscription', {
    body: { base_url: ntfy.url, topic: 'deploys', display_name: 'Deploys' },
  });
  expect(added.status).toBe(200);
  const row = subscriptionList(page).getByRole('listitem').filter({ hasText: 'Deploys' });
  await expect(row).toBeVisible();

  // Renamed here, the name reaches the account with the next sync.
  await row.getByRole('button', { name: /^Edit/ }).click();
  const form = page.getByRole('dialog', { name: 'Edit subscription' });
  await form.getByLabel('Display name (optional)').fill('Deployments');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toBeHidden();
  // A local change is synced by itself shortly after (or by Sync now, whichever comes first; both say so).
  await account.getByRole('button', { name: 'Sync now' }).click();
  await expect(account.getByRole('status')).toHaveText(
    /^Synced: nothing changed here, (1 change sent to|nothing to send)/,
  );
  await expect
    .poll(async () => (await serverAccount()).subscriptions)
    .toEqual([expect.objectContaining({ topic: 'deploys', display_name: 'Deployments' })]);

  // Sign out: the app's token is deleted on the server, so it no longer opens the account.
  await account.getByRole('button', { name: 'Sign out' }).click();
  await expect(account.getByRole('status')).toHaveText('Signed out; the token was deleted on the server.');
  await expect(account.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const afterSignOut = await accountRequest('GET', '/v1/account', { authorization: `Bearer ${appToken?.token ?? ''}` });
  expect(afterSignOut.status).toBe(401);
  // The subscription stays on this device, now without the account's token.
  await expect(row).toBeVisible();
});

// Axe checks the account section signed out and in, light and dark, in axe-views.spec.ts.
test('the signed-in account section is captured for the docs', { tag: DOCS_PICTURE }, async ({ page }) => {
  const account = await openSubscriptions(page);
  if (await account.getByRole('button', { name: 'Sign out' }).isVisible()) {
    await account.getByRole('button', { name: 'Sign out' }).click();
  }
  await signIn(account, PASSWORD);
  await expect(account.getByRole('region', { name: 'Limits' })).toBeVisible();
  await docsScreenshot(account, 'window-account.png');
});
