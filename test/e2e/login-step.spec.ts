import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { coreEn } from '../../common/i18n/core.en.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { ALICE_AND_OPEN_TOPICS } from '../support/alice-auth.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { storedCredentials } from './support/stored-credentials.ts';

// The login step (issue 33 §6), as ntfy's web app has it: when Test or Save meets a server that wants credentials
// (401/403), the add/edit form turns into a focused "Login required for <server>" step that says who was refused
// and what is stored for the server, takes a user name and password or a token, and on success subscribes (Save)
// or goes back to the form (Test); Back and Escape return to the form. Against the real core behind the dev:web
// bridge and test servers whose topics are closed to everyone but alice (she may read `secret` only).

let bridge: WebBridge;
/** Servers a test started: their subscriptions and credentials are removed and they are closed after it. */
const servers: TestServer[] = [];

test.beforeAll(async () => {
  bridge = await startWebBridge({ log: createRecordingLogger('login-step-bridge') });
});

test.afterEach(async () => {
  const service = bridge.core.service;
  const listed = await service.listSubscriptions();
  const urls = servers.map((server) => server.url);
  for (const item of listed.ok ? listed.value : []) {
    if (urls.includes(item.server)) await service.removeSubscription(item.id, { deleteHistory: true });
  }
  for (const server of servers.splice(0)) {
    await service.clearCredentials(server.url);
    await server.close();
  }
});

test.afterAll(async () => {
  await bridge.close();
});

test.use({ viewport: { width: 1280, height: 800 } });

async function protectedServer(): Promise<TestServer> {
  const server = await startTestServer({ auth: ALICE_AND_OPEN_TOPICS });
  servers.push(server);
  return server;
}

function hostOf(server: TestServer): string {
  return new URL(server.url).host;
}

function storedFor(server: string) {
  return storedCredentials(bridge, server);
}

/** Messages' "Add subscription", with `topicUrl` typed in. */
async function addForm(page: Page, topicUrl: string, names = { add: 'Add subscription', topic: 'Topic' }) {
  await page.goto(bridge.url);
  await page.getByRole('button', { name: names.add }).first().click();
  const form = page.getByRole('dialog', { name: names.add });
  await form.getByLabel(names.topic, { exact: true }).fill(topicUrl);
  return form;
}

function loginStep(form: Locator, host: string, title = `Login required for ${host}`): Locator {
  return form.getByRole('group', { name: title });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).analyze();
    expect
      .soft(
        results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join()}`),
        colorScheme,
      )
      .toEqual([]);
  }
}

test('Subscribe meets a 401/403: the login step is focused, names the server and what is stored; a wrong password says so, the right one subscribes', async ({
  page,
}) => {
  const secured = await protectedServer();
  const host = hostOf(secured);
  const form = await addForm(page, `${secured.url}/secret`);
  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();

  const step = loginStep(form, host);
  await expect(step).toBeVisible();
  // The form turned into the step: its fields are gone while it shows.
  await expect(form.getByLabel('Topic', { exact: true })).toHaveCount(0);
  await expect(step.getByRole('textbox', { name: 'User name' })).toBeFocused();
  await expect(step).toHaveAccessibleDescription(
    `No permission: secret may not be read without logging in. Nothing is stored for ${host} yet.`,
  );
  await expectNoAxeViolations(page);

  await step.getByRole('textbox', { name: 'User name' }).fill('alice');
  await step.getByLabel('Password', { exact: true }).fill('wrong-password');
  await step.getByRole('button', { name: 'Log in' }).click();
  await expect(step.locator('.login-reason')).toHaveText(
    `Credentials not accepted: wrong password for alice, or no such user on ${host}.`,
  );
  await expect(step.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    coreEn['core.test.unauthorized'],
  );
  // The refused password is typed again, not sent again; nothing was stored.
  await expect(step.getByLabel('Password', { exact: true })).toHaveValue('');
  expect(await storedFor(secured.url)).toEqual([]);

  await step.getByLabel('Password', { exact: true }).fill('right-password');
  await step.getByLabel('Password', { exact: true }).press('Enter');
  await expect(form).toBeHidden();
  expect(await storedFor(secured.url)).toEqual([
    { topic: 'secret', auth: 'basic', user: 'alice', hasCredentials: true },
  ]);
  await secured.waitForSubscribers(1, { topic: 'secret' });
});

test('a stored user who may not read the topic is named; Escape and Back return to the form, focus on what led there', async ({
  page,
}) => {
  const secured = await protectedServer();
  const host = hostOf(secured);
  const core = bridge.core.service;
  expect(
    (await core.setCredentials({ server: secured.url, kind: 'basic', user: 'alice', password: 'right-password' })).ok,
  ).toBe(true);
  expect((await core.saveSubscription({ server: secured.url, topic: 'secret' })).ok).toBe(true);

  const form = await addForm(page, `${secured.url}/private-plans`);
  const subscribe = form.getByRole('button', { name: 'Subscribe', exact: true });
  await subscribe.click();
  const step = loginStep(form, host);
  await expect(step.locator('.login-reason')).toHaveText('No permission: alice may not read private-plans.');
  await expect(step.locator('.login-stored')).toHaveText(
    `Stored for ${host}: user alice and their password (not shown).`,
  );
  // New credentials start from the stored user's name, never the password.
  await expect(step.getByRole('textbox', { name: 'User name' })).toHaveValue('alice');
  await expect(step.getByRole('textbox', { name: 'User name' })).toBeFocused();
  await expect(step.getByLabel('Password', { exact: true })).toHaveValue('');

  await page.keyboard.press('Escape');
  await expect(step).toBeHidden();
  await expect(form).toBeVisible();
  await expect(subscribe).toBeFocused();
  await expect(form.getByLabel('Topic', { exact: true })).toHaveValue(`${secured.url}/private-plans`);

  // Test meets the same refusal; Back returns to Test.
  const testButton = form.getByRole('button', { name: 'Test', exact: true });
  await testButton.click();
  await expect(step.locator('.login-reason')).toHaveText('No permission: alice may not read private-plans.');
  await step.getByRole('button', { name: 'Back' }).click();
  await expect(testButton).toBeFocused();
  await expect(form.getByRole('status')).toContainText('No permission');
  expect(await storedFor(secured.url)).toEqual([
    { topic: 'secret', auth: 'basic', user: 'alice', hasCredentials: true },
  ]);
});

test('Test meets a login: with the right credentials it goes back to the form, connected, and Subscribe stores them', async ({
  page,
}) => {
  const secured = await protectedServer();
  const form = await addForm(page, `${secured.url}/secret`);
  const testButton = form.getByRole('button', { name: 'Test', exact: true });
  await testButton.click();
  const step = loginStep(form, hostOf(secured));
  await step.getByRole('radio', { name: 'User name and password' }).check();
  await step.getByRole('textbox', { name: 'User name' }).fill('alice');
  await step.getByLabel('Password', { exact: true }).fill('right-password');
  await step.getByRole('button', { name: 'Log in' }).click();

  await expect(step).toBeHidden();
  await expect(testButton).toBeFocused();
  await expect(form.getByRole('status').locator('.test-result-headline')).toHaveText(
    'Connected: the server accepts this subscription',
  );
  await form.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(form).toBeHidden();
  expect(await storedFor(secured.url)).toEqual([
    { topic: 'secret', auth: 'basic', user: 'alice', hasCredentials: true },
  ]);
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('Anmeldung erforderlich: the step, who was refused and what is stored, in German', async ({ page }) => {
    const secured = await protectedServer();
    const host = hostOf(secured);
    const form = await addForm(page, `${secured.url}/secret`, { add: 'Abonnement hinzufügen', topic: 'Thema' });
    await form.getByRole('button', { name: 'Abonnieren', exact: true }).click();
    const step = loginStep(form, host, `Anmeldung erforderlich für ${host}`);
    await expect(step.getByRole('textbox', { name: 'Benutzername' })).toBeFocused();
    await expect(step).toHaveAccessibleDescription(
      `Keine Berechtigung: secret darf nur nach Anmeldung gelesen werden. Für ${host} ist noch nichts gespeichert.`,
    );
    await step.getByRole('textbox', { name: 'Benutzername' }).fill('alice');
    await step.getByLabel('Passwort', { exact: true }).fill('falsch');
    await step.getByRole('button', { name: 'Anmelden' }).click();
    await expect(step.locator('.login-reason')).toHaveText(
      `Zugangsdaten nicht akzeptiert: falsches Passwort für alice oder kein solcher Benutzer auf ${host}.`,
    );
    await step.getByRole('button', { name: 'Zurück' }).click();
    await expect(form.getByRole('button', { name: 'Abonnieren', exact: true })).toBeFocused();
  });
});
