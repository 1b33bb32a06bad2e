import { createServer, type AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { SubscriptionDto, SubscriptionInput } from '../../common/ipc.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer, type TestUser } from '../server/index.ts';
import type { BridgeRequestMessage, BridgeResponseMessage } from '../web-bridge/protocol.ts';
import { holdingClock } from '../support/holding-clock.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { docsScreenshot } from './support/docs-screenshot.ts';

// The Subscriptions view (list with live connection status, editor, credentials, test, delete), driven through the
// UI against the real core behind the dev:web bridge. Tests share one core, so each uses its own topics, and each
// that needs a login gets its own server with authentication (credentials belong to a server).

const alice: TestUser = {
  name: 'alice',
  password: 'correct-horse-battery-staple',
  access: [{ topic: 'team-*', permission: 'read-write' }],
};

let ntfy: TestServer;
let bridge: WebBridge;
/** Servers started by one test: their subscriptions are removed and they are closed after it. */
const securedServers: TestServer[] = [];
/** Other servers a test subscribed to (an unreachable one): their subscriptions are removed after it. */
const otherServers: string[] = [];

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('web-bridge') });
});

test.afterEach(async () => {
  const service = bridge.core.service;
  const listed = await service.listSubscriptions();
  const servers = [...securedServers.map((server) => server.url), ...otherServers.splice(0)];
  for (const item of listed.ok ? listed.value : []) {
    if (servers.includes(item.server)) await service.removeSubscription(item.id, { deleteHistory: true });
  }
  for (const server of securedServers.splice(0)) {
    await service.clearCredentials(server.url);
    await server.close();
  }
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

/** A server where only these users (alice: `team-*` topics) may read, and nobody else anything. */
async function startSecuredServer(users: readonly TestUser[] = [alice]): Promise<TestServer> {
  const server = await startTestServer({ auth: { users, defaultAccess: 'deny-all' } });
  securedServers.push(server);
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

async function save(input: SubscriptionInput): Promise<SubscriptionDto> {
  const result = await bridge.core.service.saveSubscription(input);
  if (!result.ok) throw new Error(`setup failed: ${result.error.message}`);
  return result.value;
}

async function findSubscription(server: string, topic: string): Promise<SubscriptionDto | undefined> {
  const result = await bridge.core.service.listSubscriptions();
  return result.ok ? result.value.find((item) => item.server === server && item.topic === topic) : undefined;
}

async function storedMessages(server: string, topic: string): Promise<string[]> {
  const result = await bridge.core.service.listMessages({ subscription: { server, topic } });
  return result.ok ? result.value.messages.map((message) => message.message) : [];
}

function views(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Views' });
}

async function openSubscriptions(page: Page): Promise<void> {
  await page.goto(bridge.url);
  await views(page).getByRole('button', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('heading', { name: 'Subscriptions', level: 2 })).toBeVisible();
}

function row(page: Page, text: string): Locator {
  return page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem').filter({ hasText: text });
}

function status(entry: Locator): Locator {
  return entry.locator('.connection-status-label');
}

function editor(page: Page, name: 'Add subscription' | 'Edit subscription'): Locator {
  return page.getByRole('dialog', { name });
}

/** Unfolds the form's "Advanced" part (transport, notifications, filters, credentials); folded when it opens. */
async function openAdvanced(form: Locator): Promise<void> {
  const advanced = form.locator('details.form-advanced');
  await expect(advanced).not.toHaveAttribute('open');
  await advanced.locator('summary').click();
  await expect(advanced).toHaveAttribute('open');
}

function editButton(entry: Locator): Locator {
  return entry.getByRole('button', { name: /^Edit/ });
}

/** Presses Tab until `target` has focus (at most `limit` times): how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    // The page's document, typed loosely: this project's Node types have no DOM.
    const focused = await target.evaluate(
      (element) =>
        element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
    );
    if (focused) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach the element in ${limit} presses`);
}

test('wrong credentials show "Credentials not accepted"; fixing them reconnects and messages arrive', async ({
  page,
}) => {
  const secured = await startSecuredServer();
  const stored = await bridge.core.service.setCredentials({
    server: secured.url,
    kind: 'basic',
    user: 'alice',
    password: 'not-the-password',
  });
  expect(stored.ok).toBe(true);
  await save({ server: secured.url, topic: 'team-fix', displayName: 'Team fix' });

  await openSubscriptions(page);
  const entry = row(page, 'Team fix');
  await expect(status(entry)).toHaveText('Credentials not accepted');
  await entry.getByRole('button', { name: 'Fix credentials' }).click();

  // The editor opens on the credentials, ready for new ones: the user name is filled in, never the password.
  const form = editor(page, 'Edit subscription');
  const user = form.getByLabel('User name', { exact: true });
  await expect(user).toBeFocused();
  await expect(user).toHaveValue('alice');
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');
  await form.getByLabel('Password', { exact: true }).fill(alice.password);
  await form.getByLabel('Password', { exact: true }).press('Enter');

  await expect(form).toBeHidden();
  await expect(status(entry)).toHaveText('Connected');
  await expect(entry.getByRole('button', { name: 'Fix credentials' })).toHaveCount(0);
  await expect(editButton(entry)).toBeFocused();

  await secured.waitForSubscribers(1, { topic: 'team-fix' });
  await secured.publish('team-fix', { title: 'After the fix', message: 'delivered with the right password' });
  await expect.poll(() => storedMessages(secured.url, 'team-fix')).toContain('delivered with the right password');
  await views(page).getByRole('button', { name: 'Messages' }).click();
  await expect(page.getByRole('listbox', { name: 'Messages, newest first' })).toContainText(
    'delivered with the right password',
  );
});

test('Test tells ok, wrong credentials, no permission and unreachable, with the credentials as typed', async ({
  page,
}) => {
  const secured = await startSecuredServer();
  await openSubscriptions(page);
  await page.getByRole('button', { name: 'Add subscription' }).click();
  const form = editor(page, 'Add subscription');
  await expect(form.getByLabel('Topic')).toBeFocused();
  await form.getByLabel('Topic').fill('team-tested');
  await form.getByLabel('Server').fill(secured.url);
  const test_ = form.getByRole('button', { name: 'Test', exact: true });
  const result = form.getByRole('status');

  // Wrong credentials, typed and tested (not stored: there is one Save, for the whole editor).
  await openAdvanced(form);
  await form.getByRole('radio', { name: 'User name and password' }).check();
  await form.getByLabel('User name', { exact: true }).fill('alice');
  await form.getByLabel('Password', { exact: true }).fill('wrong-password');
  await expect(form.getByRole('button', { name: /^(Save|Subscribe)/ })).toHaveCount(1);
  await test_.click();
  // Refused, the form turns into the login step (issue 33 §6; was: the result under the form): it says so.
  const step = form.getByRole('group', { name: `Login required for ${new URL(secured.url).host}` });
  await expect(step.locator('.login-reason')).toContainText('Credentials not accepted');
  await expect(step.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Check the user name and password, or the token.',
  );

  // The right ones, typed over the wrong ones: Log in tests them, and back on the form the server accepts them.
  await step.getByLabel('Password', { exact: true }).fill(alice.password);
  await step.getByRole('button', { name: 'Log in' }).click();
  await expect(result).toContainText('Connected: the server accepts this subscription');

  // A topic alice may not read: the step names her and the topic; Back shows the result on the form.
  await form.getByLabel('Topic').fill('private-plans');
  await test_.click();
  await expect(step.locator('.login-reason')).toHaveText('No permission: alice may not read private-plans.');
  await step.getByRole('button', { name: 'Back' }).click();
  await expect(result).toContainText('No permission');
  await expect(result).toContainText('These credentials may not read this topic.');

  // Nothing listens there.
  await form.getByLabel('Server').fill(`http://127.0.0.1:${await closedPort()}`);
  await test_.click();
  await expect(result).toContainText("Can't reach the server");
  await expect(result).toContainText('Nothing answers at that address: the server may be down.');

  // Testing saved nothing, credentials included.
  await form.getByRole('button', { name: 'Cancel' }).click();
  expect(
    await bridge.core.service.testSubscription({ server: secured.url, topic: 'team-x' }, { kind: 'stored' }),
  ).toMatchObject({ value: { outcome: 'no-permission' } });
  expect(await findSubscription(secured.url, 'team-tested')).toBeUndefined();
  expect(await findSubscription(secured.url, 'private-plans')).toBeUndefined();
});

test('transport, filters, mute and minimum priority are saved in the core and survive a reload', async ({ page }) => {
  await save({ server: ntfy.url, topic: 'edit-me', displayName: 'Edit me' });
  await openSubscriptions(page);
  const entry = row(page, 'Edit me');
  await expect(entry).toContainText('JSON stream');
  await editButton(entry).click();

  const form = editor(page, 'Edit subscription');
  await expect(form.getByLabel('Topic')).toBeFocused();
  await expect(form.getByLabel('Topic')).toHaveValue('edit-me');
  await openAdvanced(form);
  await form.getByLabel('Transport').selectOption({ label: 'WebSocket' });
  await form.getByLabel('Mute notifications').check();
  await form.getByLabel('Minimum priority').selectOption({ label: 'High and above' });
  await form.getByLabel('Message is exactly').fill('disk full');
  await form.getByLabel('Title is exactly').fill('Backup');
  await form.getByLabel('Priorities').fill('high, urgent');
  await form.getByLabel('Tags').fill('backup, failed ,');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(editButton(entry)).toBeFocused();

  expect(await findSubscription(ntfy.url, 'edit-me')).toMatchObject({
    displayName: 'Edit me',
    transport: 'ws',
    muted: true,
    minPriority: 4,
    filters: { message: 'disk full', title: 'Backup', priority: ['high', 'urgent'], tags: ['backup', 'failed'] },
  });
  await expect(entry).toContainText('WebSocket');
  await expect(entry.getByText('Muted')).toBeVisible();
  await expect(status(entry)).toHaveText('Connected');

  await page.reload();
  await views(page).getByRole('button', { name: 'Subscriptions' }).click();
  await editButton(row(page, 'Edit me')).click();
  const reopened = editor(page, 'Edit subscription');
  await openAdvanced(reopened);
  await expect(reopened.getByLabel('Transport')).toHaveValue('ws');
  await expect(reopened.getByLabel('Mute notifications')).toBeChecked();
  await expect(reopened.getByLabel('Minimum priority')).toHaveValue('4');
  await expect(reopened.getByLabel('Message is exactly')).toHaveValue('disk full');
  await expect(reopened.getByLabel('Title is exactly')).toHaveValue('Backup');
  await expect(reopened.getByLabel('Priorities')).toHaveValue('high, urgent');
  await expect(reopened.getByLabel('Tags')).toHaveValue('backup, failed');

  // Emptied filters and unmuting are saved as such.
  await reopened.getByLabel('Tags').fill('');
  await reopened.getByLabel('Mute notifications').uncheck();
  await reopened.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(reopened).toBeHidden();
  const after = await findSubscription(ntfy.url, 'edit-me');
  expect(after?.muted).toBe(false);
  expect(after?.filters.tags).toBeUndefined();
  expect(after?.filters.priority).toEqual(['high', 'urgent']);
});

test('credentials are write-only: the secret never reaches the page; Remove clears them', async ({ page }) => {
  const bob: TestUser = { name: 'bob', password: 'Only-in-the-keychain-7731', access: alice.access ?? [] };
  const server = await startSecuredServer([alice, bob]);
  const secret = bob.password;
  await save({ server: server.url, topic: 'team-secret' });

  await openSubscriptions(page);
  const entry = row(page, 'team-secret');
  // Without credentials ntfy answers 403 (anonymous may not read it), not 401: no permission, and the detail does not
  // speak of credentials the subscription has none of.
  await expect(status(entry)).toHaveText('No permission');
  await expect(entry.locator('.connection-status-detail')).toHaveText(
    'This topic may not be read without signing in; enter the credentials of an account that may read it.',
  );
  await editButton(entry).click();
  const form = editor(page, 'Edit subscription');
  await openAdvanced(form);
  await form.getByRole('radio', { name: 'User name and password' }).check();
  await form.getByLabel('User name', { exact: true }).fill('bob');
  await form.getByLabel('Password', { exact: true }).fill(secret);
  // Even while typed, the password is only the input's live value, not markup.
  expect(await page.content()).not.toContain(secret);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(status(entry)).toHaveText('Connected');

  expect(await findSubscription(server.url, 'team-secret')).toMatchObject({
    auth: 'basic',
    user: 'bob',
    hasCredentials: true,
  });
  await editButton(entry).click();
  const reopened = editor(page, 'Edit subscription');
  await openAdvanced(reopened);
  await expect(reopened.getByText('Credentials stored')).toBeVisible();
  await expect(reopened.getByText('(user bob)')).toBeVisible();
  await expect(reopened.getByLabel('Password', { exact: true })).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  await reopened.getByRole('button', { name: 'Remove' }).click();
  await expect(reopened.getByText('Credentials stored')).toBeHidden();
  await expect(reopened.getByRole('radio', { name: 'No credentials' })).toBeChecked();
  await expect(reopened.getByRole('radio', { name: 'No credentials' })).toBeFocused();
  await expect.poll(async () => (await findSubscription(server.url, 'team-secret'))?.hasCredentials).toBe(false);
  await expect(status(entry)).toHaveText('No permission');
  expect(await page.content()).not.toContain(secret);
});

test('a keychain that cannot be used is said so next to the credentials, and nothing is stored', async ({ page }) => {
  const secured = await startSecuredServer();
  await save({ server: secured.url, topic: 'team-keychain' });
  const unavailable = 'The OS keychain is not available (no Secret Service answered). To fix: start gnome-keyring.';
  // The bridge's own socket, passed through, except that the editor's Save (which stores the typed secret before
  // the subscription) answers as the core does without a keychain. The socket's URL carries the run's token
  // (`/bridge?token=…`).
  await page.routeWebSocket(/\/bridge(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const request = JSON.parse(String(message)) as BridgeRequestMessage;
      if (request.channel !== 'subscriptions:save-checked') {
        server.send(message);
        return;
      }
      const answer: BridgeResponseMessage = {
        id: request.id,
        result: { ok: false, error: { code: 'keychain-unavailable', message: unavailable } },
      };
      socket.send(JSON.stringify(answer));
    });
  });

  await openSubscriptions(page);
  await editButton(row(page, 'team-keychain')).click();
  const form = editor(page, 'Edit subscription');
  await openAdvanced(form);
  await form.getByRole('radio', { name: 'User name and password' }).check();
  await form.getByLabel('User name', { exact: true }).fill('alice');
  await form.getByLabel('Password', { exact: true }).fill(alice.password);

  // Saving the editor stays open, saying why the credentials are not saved.
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  const credentials = form.getByRole('group', { name: 'Credentials' });
  await expect(credentials.getByRole('alert')).toHaveText(`Not saved: ${unavailable}`);
  await expect(form.getByText('Credentials stored')).toHaveCount(0);
  await expect(form).toBeVisible();
  expect(await findSubscription(secured.url, 'team-keychain')).toMatchObject({ auth: 'none', hasCredentials: false });
});

test('delete, keeping the stored messages or deleting them too', async ({ page }) => {
  await save({ server: ntfy.url, topic: 'delete-keep' });
  await save({ server: ntfy.url, topic: 'delete-all' });
  await ntfy.waitForSubscribers(1, { topic: 'delete-keep' });
  await ntfy.waitForSubscribers(1, { topic: 'delete-all' });
  await ntfy.publish('delete-keep', 'kept after the subscription goes');
  await ntfy.publish('delete-all', 'deleted with the subscription');
  await expect.poll(() => storedMessages(ntfy.url, 'delete-keep')).toEqual(['kept after the subscription goes']);
  await expect.poll(() => storedMessages(ntfy.url, 'delete-all')).toEqual(['deleted with the subscription']);

  await openSubscriptions(page);
  await editButton(row(page, 'delete-keep')).click();
  let form = editor(page, 'Edit subscription');
  await form.getByRole('button', { name: 'Unsubscribe…' }).click();
  const keepHistory = form.getByRole('checkbox', { name: 'Also delete its stored messages' });
  await expect(keepHistory).toBeFocused();
  await expect(keepHistory).not.toBeChecked();
  // "Keep subscription" steps back without unsubscribing.
  await form.getByRole('button', { name: 'Keep subscription' }).click();
  await expect(form.getByRole('button', { name: 'Unsubscribe…' })).toBeFocused();
  await form.getByRole('button', { name: 'Unsubscribe…' }).click();
  await form.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(row(page, 'delete-keep')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add subscription' })).toBeFocused();
  expect(await findSubscription(ntfy.url, 'delete-keep')).toBeUndefined();
  expect(await storedMessages(ntfy.url, 'delete-keep')).toEqual(['kept after the subscription goes']);

  await editButton(row(page, 'delete-all')).click();
  form = editor(page, 'Edit subscription');
  await form.getByRole('button', { name: 'Unsubscribe…' }).click();
  await form.getByRole('checkbox', { name: 'Also delete its stored messages' }).check();
  await form.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(row(page, 'delete-all')).toHaveCount(0);
  expect(await findSubscription(ntfy.url, 'delete-all')).toBeUndefined();
  expect(await storedMessages(ntfy.url, 'delete-all')).toEqual([]);
});

test('field errors sit next to their field: duplicate topic, bad topic, bad server, bad priority', async ({ page }) => {
  await save({ server: ntfy.url, topic: 'editor-duplicate' });
  await openSubscriptions(page);
  await page.getByRole('button', { name: 'Add subscription' }).click();
  const form = editor(page, 'Add subscription');
  await expect(form.getByLabel('Server')).toHaveValue(ntfy.url);
  const saveButton = form.getByRole('button', { name: 'Subscribe', exact: true });

  // A pasted topic URL names its own server: the form says where it subscribes, the server field is not used.
  await form.getByLabel('Server').fill('');
  await form.getByLabel('Topic').fill(`${ntfy.url}/editor-duplicate`);
  await expect(form.getByLabel('Topic')).toHaveAccessibleDescription(`Subscribes to ${ntfy.url}/editor-duplicate`);
  await saveButton.click();
  await expect(form.getByLabel('Topic')).toHaveAccessibleDescription(/^is already subscribed on this server/);
  await expect(form.getByLabel('Topic')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Topic').fill('no spaces allowed!');
  await saveButton.click();
  await expect(form.getByLabel('Topic')).toHaveAccessibleDescription(/^must be 1-64 characters of A-Z a-z 0-9 _ -/);

  await form.getByLabel('Topic').fill('editor-fine');
  await form.getByLabel('Server').fill('ftp://example.com');
  await saveButton.click();
  await expect(form.getByLabel('Server')).toHaveAccessibleDescription('must be an http or https URL');
  await expect(form.getByLabel('Topic')).not.toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Server').fill(ntfy.url);
  await openAdvanced(form);
  await form.getByLabel('Priorities').fill('high, loud');
  await saveButton.click();
  await expect(form.getByLabel('Priorities')).toHaveAccessibleDescription(
    /must be 1-5 or min, low, default, high, urgent/,
  );
  await expect(form.getByLabel('Server')).not.toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Priorities').press('Escape');
  await expect(form).toBeHidden();
  expect(await findSubscription(ntfy.url, 'editor-fine')).toBeUndefined();
});

test('every connection status in words, light and dark (axe: axe-views.spec.ts)', async ({ page }) => {
  const secured = await startSecuredServer();
  const credentials = await bridge.core.service.setCredentials({
    server: secured.url,
    kind: 'basic',
    user: 'alice',
    password: alice.password,
  });
  expect(credentials.ok).toBe(true);
  // One connection for both topics; the server refuses one of them, which is isolated and the other carries on.
  await save({ server: secured.url, topic: 'team-status' });
  await save({ server: secured.url, topic: 'private-status' });
  const unreachable = `http://127.0.0.1:${await closedPort()}`;
  otherServers.push(unreachable);
  await save({ server: unreachable, topic: 'status-unreachable', displayName: 'Nobody home' });

  await openSubscriptions(page);
  await expect(status(row(page, 'team-status'))).toHaveText('Connected');
  await expect(status(row(page, 'private-status'))).toHaveText('No permission');
  await expect(row(page, 'private-status').getByRole('button', { name: 'Fix credentials' })).toBeVisible();
  const nobody = row(page, 'Nobody home');
  await expect(status(nobody)).toHaveText(/^Reconnecting in \d+ s$/);
  // The error is the server's: said once, in its banner, not under every topic.
  await expect(nobody.locator('.connection-status-detail')).toHaveCount(0);
  // Two servers in trouble start folded to one line (issue 33 §7): unfolded, each has its banner.
  await page
    .getByRole('region', { name: 'Servers' })
    .getByRole('button', { name: /^2 servers have problems/ })
    .click();
  await expect(page.getByRole('region', { name: 'Servers' })).toContainText(`Can't reach ${new URL(unreachable).host}`);

  await editButton(row(page, 'private-status')).click();
  await expect(editor(page, 'Edit subscription')).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await docsScreenshot(page, `window-subscriptions-${colorScheme}.png`);
  }
});

test('keyboard only: open the editor, fill it, save; Escape closes and focus goes back', async ({ page }) => {
  await page.goto(bridge.url);
  await tabTo(page, views(page).getByRole('button', { name: 'Subscriptions' }));
  await page.keyboard.press('Enter');
  const add = page.getByRole('button', { name: 'Add subscription' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');

  const form = editor(page, 'Add subscription');
  await expect(form.getByLabel('Topic')).toBeFocused();
  await page.keyboard.type('keyboard-walk');
  // A new topic offers "Generate name" between the topic and the server (issue 33 §6).
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Generate name' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Server')).toBeFocused();
  await expect(form.getByLabel('Server')).toHaveValue(ntfy.url);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard walk');
  // "Advanced" is a disclosure: Enter on its summary unfolds it.
  await tabTo(page, form.locator('details.form-advanced > summary'));
  await page.keyboard.press('Enter');
  await tabTo(page, form.getByLabel('Mute notifications'));
  await page.keyboard.press('Space');
  await tabTo(page, form.getByRole('button', { name: 'Subscribe', exact: true }));
  await page.keyboard.press('Enter');

  await expect(form).toBeHidden();
  // The new subscription is where focus lands: its row, in view.
  await expect(row(page, 'Keyboard walk')).toBeVisible();
  await expect(editButton(row(page, 'Keyboard walk'))).toBeFocused();
  await expect(row(page, 'Keyboard walk')).toBeInViewport();
  expect(await findSubscription(ntfy.url, 'keyboard-walk')).toMatchObject({
    displayName: 'Keyboard walk',
    muted: true,
  });

  const edit = editButton(row(page, 'Keyboard walk'));
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  await expect(editor(page, 'Edit subscription').getByLabel('Topic')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(editor(page, 'Edit subscription')).toBeHidden();
  await expect(edit).toBeFocused();
});

test('with no subscriptions it says so and offers to add one', async ({ page }) => {
  const empty = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('empty-bridge') });
  try {
    await page.goto(empty.url);
    await views(page).getByRole('button', { name: 'Subscriptions' }).click();
    await expect(page.getByRole('heading', { name: 'No subscriptions yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Add your first subscription' }).click();
    await expect(editor(page, 'Add subscription').getByLabel('Topic')).toBeFocused();
  } finally {
    await empty.close();
  }
});

test('the reconnect countdown is live: the number goes down while the state stays', async ({ page }) => {
  // Its own core, whose wait is exactly 60 s (no jitter) and never ends (timers of 60 s or more are held): no
  // reconnect can change the state under the test. The page's clock is the test's: once the countdown shows, it is
  // paused and moved on by hand, so how slowly the machine renders cannot make the number skip or reach "now".
  const own = await startWebBridge({
    ntfyServerUrl: ntfy.url,
    log: createRecordingLogger('countdown-bridge'),
    clock: holdingClock(60_000),
    random: () => 1,
    timing: { backoffInitialMs: 60_000, backoffMaxMs: 60_000 },
  });
  try {
    const unreachable = `http://127.0.0.1:${await closedPort()}`;
    const saved = await own.core.service.saveSubscription({
      server: unreachable,
      topic: 'status-countdown',
      displayName: 'Nobody home',
    });
    expect(saved.ok).toBe(true);
    await page.clock.install({ time: Date.now() });
    await page.goto(own.url);
    await views(page).getByRole('button', { name: 'Subscriptions' }).click();
    const nobody = row(page, 'Nobody home');
    await expect(status(nobody)).toHaveText(/^Reconnecting in \d+ s$/);
    await page.clock.pauseAt(Date.now() + 1000);
    await expect(status(nobody)).toHaveText(/^Reconnecting in \d+ s$/);
    const shown = Number(/\d+/.exec((await status(nobody).textContent()) ?? '')?.[0]);
    expect(shown).toBeGreaterThan(3);
    await page.clock.runFor(3000);
    await expect(status(nobody)).toHaveText(`Reconnecting in ${shown - 3} s`);
    await expect(page.locator('.server-banner-details')).toContainText('ECONNREFUSED');
  } finally {
    await own.close();
  }
});

test('a global pause shows as "Paused" on every subscription until it is resumed', async ({ page }) => {
  const own = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('paused-bridge') });
  try {
    for (const topic of ['paused-a', 'paused-b']) {
      expect((await own.core.service.saveSubscription({ server: ntfy.url, topic })).ok).toBe(true);
    }
    await page.goto(own.url);
    await views(page).getByRole('button', { name: 'Subscriptions' }).click();
    const chip = (entry: Locator) => entry.locator('.connection-status-paused');
    const paused = page.locator('.connection-status-paused');
    await expect(row(page, 'paused-a')).toBeVisible();
    await expect(paused).toHaveCount(0);

    // Paused elsewhere (the tray or the settings view): the list follows.
    await own.core.service.updateSettings({ pause: 'until-resumed' });
    // Seen: "Paused", the reason as its tooltip; heard: the whole sentence.
    await expect(chip(row(page, 'paused-a')).locator('[aria-hidden="true"]')).toHaveText('Paused');
    await expect(chip(row(page, 'paused-a')).locator('.visually-hidden')).toHaveText(
      'Paused: Notifications paused until resumed',
    );
    await expect(chip(row(page, 'paused-b'))).toHaveAttribute('title', 'Notifications paused until resumed');
    await own.core.service.updateSettings({ pause: null });
    await expect(paused).toHaveCount(0);

    await own.core.service.updateSettings({ preferences: { notificationsEnabled: false } });
    await expect(chip(row(page, 'paused-a'))).toHaveAttribute('title', 'Notifications are off');
  } finally {
    await own.close();
  }
});
