import { createServer, type AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { coreEn } from '../../common/i18n/core.en.ts';
import { historyEn } from '../../common/i18n/history.en.ts';
import { subscriptionsDe } from '../../common/i18n/subscriptions.de.ts';
import { subscriptionsEn } from '../../common/i18n/subscriptions.en.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { ALICE_AND_OPEN_TOPICS } from '../support/alice-auth.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { storedCredentials } from './support/stored-credentials.ts';

// Protected topics (issue 25 item 5): Test, and Save of a new subscription, on a topic that needs credentials ask
// for them right there (since issue 33 §6 in the login step, login-step.spec.ts, focus in it) instead of saying "No
// permission" with the fields folded away; Save checks typed credentials with the server first and stores nothing it
// refuses; a server that is down gets "Save anyway". Against the real core behind the dev:web bridge and test servers
// whose topics are closed to everyone but alice. Expected words come from the catalogs (their wording is shared).

let ntfy: TestServer;
let bridge: WebBridge;

test.beforeAll(async () => {
  ntfy = await startTestServer({ auth: ALICE_AND_OPEN_TOPICS });
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('protected-topic-bridge') });
});

/** Servers a test subscribed to: their subscriptions and credentials are removed after it. */
const usedServers: string[] = [];
/** Servers a test started: closed after it. */
const ownServers: TestServer[] = [];

test.afterEach(async () => {
  const service = bridge.core.service;
  const listed = await service.listSubscriptions();
  const servers = usedServers.splice(0);
  for (const item of listed.ok ? listed.value : []) {
    if (servers.includes(item.server)) await service.removeSubscription(item.id, { deleteHistory: true });
  }
  for (const server of servers) await service.clearCredentials(server);
  for (const server of ownServers.splice(0)) await server.close();
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

test.use({ viewport: { width: 960, height: 680 } });

test('Test on a protected topic asks for credentials right there; with them it connects and saves', async ({
  page,
}) => {
  await page.goto(bridge.url);
  await page
    .getByRole('navigation', { name: 'Subscriptions' })
    .getByRole('button', { name: 'Add subscription' })
    .click();
  const form = page.getByRole('dialog', { name: 'Add subscription' });
  await form.getByLabel('Topic').fill(`${ntfy.url}/secret`);
  await expect(form.locator('details.form-advanced')).not.toHaveAttribute('open');
  await form.getByRole('button', { name: 'Test', exact: true }).click();

  // Since issue 33 §6 the form turns into the login step (was: Advanced unfolded under a "No permission" result).
  const step = form.getByRole('group', { name: `Login required for ${new URL(ntfy.url).host}` });
  const user = step.getByRole('textbox', { name: 'User name' });
  await expect(user).toBeFocused();
  await user.fill('alice');
  await step.getByLabel('Password', { exact: true }).fill('right-password');
  await step.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByRole('status').locator('.test-result-headline')).toHaveText(
    'Connected: the server accepts this subscription',
  );
  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(form).toBeHidden();
  await ntfy.waitForSubscribers(1, { topic: 'secret' });
});

/** A server of its own (credentials belong to a server): alice may read `secret`, everyone `open*`. */
async function startProtectedServer(): Promise<TestServer> {
  const server = await startTestServer({ auth: ALICE_AND_OPEN_TOPICS });
  ownServers.push(server);
  usedServers.push(server.url);
  return server;
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

function storedFor(server: string) {
  return storedCredentials(bridge, server);
}

async function addFromMessages(page: Page): Promise<Locator> {
  await page.goto(bridge.url);
  await page
    .getByRole('navigation', { name: 'Subscriptions' })
    .getByRole('button', { name: 'Add subscription' })
    .click();
  const form = page.getByRole('dialog', { name: 'Add subscription' });
  // The default server is filled in once settings answer; type after that.
  await expect(form.getByLabel('Server')).toHaveValue(ntfy.url);
  return form;
}

test('Subscribe from Messages to a protected topic without credentials asks for them; with them it saves and messages arrive', async ({
  page,
}) => {
  const secured = await startProtectedServer();
  const form = await addFromMessages(page);
  await form.getByLabel('Topic').fill(`${secured.url}/secret`);
  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();

  // The login step (issue 33 §6; was: an alert in the credentials section under an unfolded Advanced).
  const step = form.getByRole('group', { name: `Login required for ${new URL(secured.url).host}` });
  await expect(step.locator('.login-reason')).toHaveText('No permission: secret may not be read without logging in.');
  const user = step.getByRole('textbox', { name: 'User name' });
  await expect(user).toBeFocused();
  expect(await storedFor(secured.url)).toEqual([]);

  await user.fill('alice');
  await step.getByLabel('Password', { exact: true }).fill('right-password');
  await step.getByRole('button', { name: 'Log in' }).click();
  await expect(form).toBeHidden();
  expect(await storedFor(secured.url)).toEqual([
    { topic: 'secret', auth: 'basic', user: 'alice', hasCredentials: true },
  ]);
  await secured.waitForSubscribers(1, { topic: 'secret' });
  await secured.publish('secret', 'for alice only');
  await expect(page.getByRole('main').getByText('for alice only')).toBeVisible();
});

test('Save in Subscriptions with wrong credentials keeps the editor open on them and stores nothing', async ({
  page,
}) => {
  const secured = await startProtectedServer();
  await page.goto(bridge.url);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Subscriptions' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Add subscription' }).click();
  const form = page.getByRole('dialog', { name: 'Add subscription' });
  await expect(form.getByLabel('Server')).toHaveValue(ntfy.url);
  await form.getByLabel('Topic').fill(`${secured.url}/secret`);
  await form.locator('details.form-advanced summary').click();
  await form.getByRole('radio', { name: 'User name and password' }).check();
  await form.getByRole('textbox', { name: 'User name' }).fill('alice');
  const password = form.getByLabel('Password', { exact: true });
  await password.fill('wrong-password');
  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();

  await expect(password).toHaveAccessibleDescription(coreEn['core.test.unauthorized']);
  await expect(form.getByRole('textbox', { name: 'User name' })).toBeFocused();
  await expect(form).toBeVisible();
  expect(await storedFor(secured.url)).toEqual([]);
  // Nothing reached the settings or the keychain: a subscription saved on that server now has no credentials.
  expect((await bridge.core.service.saveSubscription({ server: secured.url, topic: 'open-news' })).ok).toBe(true);
  expect(await storedFor(secured.url)).toEqual([
    { topic: 'open-news', auth: 'none', user: undefined, hasCredentials: false },
  ]);
});

test('with the server down, typed credentials are not saved until "Save anyway"', async ({ page }) => {
  const down = `http://127.0.0.1:${String(await closedPort())}`;
  usedServers.push(down);
  const form = await addFromMessages(page);
  await form.getByLabel('Topic').fill(`${down}/secret`);
  await form.locator('details.form-advanced summary').click();
  await form.getByRole('radio', { name: 'User name and password' }).check();
  await form.getByRole('textbox', { name: 'User name' }).fill('alice');
  await form.getByLabel('Password', { exact: true }).fill('right-password');
  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();

  const unchecked = form.getByRole('alert').filter({ hasText: 'could not be checked' });
  await expect(unchecked).toContainText(
    // Why, as the server banner words it (issue 33 §2): nothing listens on that port.
    subscriptionsEn['subscriptions.credentials.unchecked'].replace(
      '{problem}',
      historyEn['history.server-error.refused'],
    ),
  );
  const saveAnyway = unchecked.getByRole('button', { name: 'Save anyway' });
  await expect(saveAnyway).toBeFocused();
  expect(await storedFor(down)).toEqual([]);

  await saveAnyway.click();
  await expect(form).toBeHidden();
  expect(await storedFor(down)).toEqual([{ topic: 'secret', auth: 'basic', user: 'alice', hasCredentials: true }]);
});

test('while Save waits for a slow server to answer the check, the form says so, and saves when it answers', async ({
  page,
}) => {
  const slow = await startProtectedServer();
  const form = await addFromMessages(page);
  await form.getByLabel('Topic').fill(`${slow.url}/open-news`);
  slow.faults.stall();
  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();

  await expect(form.getByText(subscriptionsEn['subscriptions.editor.saving'])).toBeVisible();
  await expect(form.getByRole('button', { name: 'Subscribe', exact: true })).toBeDisabled();
  expect(await storedFor(slow.url)).toEqual([]);

  slow.faults.unstall();
  await expect(form).toBeHidden();
  expect(await storedFor(slow.url)).toEqual([
    { topic: 'open-news', auth: 'none', user: undefined, hasCredentials: false },
  ]);
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('Abonnieren without credentials asks for them in German; a server that is down offers "Trotzdem speichern"', async ({
    page,
  }) => {
    const secured = await startProtectedServer();
    await page.goto(bridge.url);
    await page
      .getByRole('navigation', { name: 'Abonnements' })
      .getByRole('button', { name: 'Abonnement hinzufügen' })
      .click();
    const form = page.getByRole('dialog', { name: 'Abonnement hinzufügen' });
    await expect(form.getByLabel('Server')).toHaveValue(ntfy.url);
    await form.getByLabel('Thema').fill(`${secured.url}/secret`);
    await form.getByRole('button', { name: 'Abonnieren', exact: true }).click();
    // The login step in German (issue 33 §6; was: an alert in the credentials section).
    const step = form.getByRole('group', { name: `Anmeldung erforderlich für ${new URL(secured.url).host}` });
    await expect(step.locator('.login-reason')).toHaveText(
      subscriptionsDe['subscriptions.login.no-permission-anonymous'].replace('{topic}', 'secret'),
    );
    await expect(form.getByRole('textbox', { name: 'Benutzername' })).toBeFocused();

    await form.getByRole('textbox', { name: 'Benutzername' }).fill('alice');
    await form.getByLabel('Passwort', { exact: true }).fill('right-password');
    ownServers.splice(ownServers.indexOf(secured), 1);
    await secured.close();
    await step.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(form.getByRole('button', { name: 'Trotzdem speichern' })).toBeFocused();
    await expect(form.getByRole('alert').filter({ hasText: 'Trotzdem' })).toContainText(
      subscriptionsDe['subscriptions.credentials.unchecked-hint'],
    );
  });
});
