import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createServer, type AddressInfo } from 'node:net';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { holdingClock } from '../support/holding-clock.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';

// One axe pass per view and theme (issue 25 §11): each test below opens one view of the window in the state that
// shows the most of it, then runs axe once in light and once in dark. Against the real core behind the dev:web
// bridge and test/server on 127.0.0.1, like the other specs; the tests share one core and run in file order (the
// Settings test resumes the pause it sets, the Account test signs in last).
//
// What the axe calls in the other specs checked before they were folded in here, and where it is now:
//   history-view (whole page, serious; list after a search was cleared)        → Messages list
//   message-rows (.message-list; display name, markdown, attachment, action,
//     click, high and urgent rows)                                              → Messages list
//   reflow (whole page at 400 and 960 px: list, drawer open, detail open)       → Messages list and Message detail
//                                                                                  at 960, Narrow window at 400
//   window-a11y (whole page, a row opened by keyboard, the current row)         → Message detail
//   history-core (#root, serious; keyboard-opened detail with focus in it)      → Message detail
//   message-actions (.message-detail; publisher actions disabled with reasons,
//     a failed http action, the question before an http action to 127.0.0.1)   → Message detail
//   wording (article.message-detail, serious; title emoji and tag chips)        → Message detail
//   send (.send-form + .topic-header; every field filled and one action)        → Send form
//   topic-header (.topic-header; More actions closed and open)                  → Topic header menu (the closed
//                                                                                  header is in Send form too)
//   add-subscription (whole page, serious; the filled form; an empty topic with
//     its curl line)                                                            → Add form, Empty topic
//   subscription-editor (whole page, serious; Connected, No permission,
//     Reconnecting, a server banner, the editor open)                           → Subscriptions
//   account (whole page, serious; signed out, signed in with limits)            → Subscriptions (the signed-out
//                                                                                  form), Account
//   settings (whole page, serious; a pause, a refused value, Saved, an import
//     report)                                                                   → Settings
// Every pass here fails on any violation, not only serious ones: the views that were checked for serious ones only
// had no others when they were folded in.

const alice = { name: 'alice', password: 'correct-horse-battery-staple' };
const phil = { name: 'phil', password: 'correct horse battery staple' };

let ntfy: TestServer;
/** Where alice may read `team-*` only: one topic connects, another has no permission. */
let secured: TestServer;
/** The ntfy account phil signs in to. */
let accounts: TestServer;
let bridge: WebBridge;

test.use({ viewport: { width: 960, height: 680 } });

test.beforeAll(async () => {
  ntfy = await startTestServer();
  secured = await startTestServer({
    auth: {
      users: [{ ...alice, access: [{ topic: 'team-*', permission: 'read-write' }] }],
      defaultAccess: 'deny-all',
    },
  });
  accounts = await startTestServer({
    auth: { users: [{ ...phil, access: [{ topic: 'phil-news', permission: 'read-write' }] }] },
  });
  // Timers of a second or more are held: a reconnect countdown, a "Saved" and a sync cannot move under axe.
  bridge = await startWebBridge({
    ntfyServerUrl: ntfy.url,
    clock: holdingClock(1_000),
    log: createRecordingLogger('axe-views-bridge'),
  });
  const core = bridge.core.service;
  const refused = `http://127.0.0.1:${String(await closedPort())}`;
  for (const [topic, displayName] of [
    ['axe-rows', 'Build box'],
    ['axe-door', 'Front door'],
  ] as const) {
    expect((await core.saveSubscription({ server: ntfy.url, topic, displayName })).ok).toBe(true);
    await ntfy.waitForSubscribers(1, { topic });
  }
  await ntfy.publish('axe-rows', {
    title: 'Nightly',
    message: '# Backup done\n\n**All good**, see [the log](https://example.com/log)',
    markdown: true,
  });
  await ntfy.publish('axe-rows', { message: 'Report attached', attach: 'https://files.example/report.pdf' });
  await ntfy.publish('axe-rows', {
    message: 'Deploy waiting',
    actions: [{ action: 'view', label: 'Open', url: 'https://example.com/deploy' }],
    click: 'https://example.com/ci',
  });
  await ntfy.publish('axe-rows', { message: 'Disk almost full', priority: 4 });
  await ntfy.publish('axe-rows', { message: 'Server on fire', priority: 5 });
  await ntfy.publish('axe-door', {
    title: 'Door sensor offline',
    message: 'The sensor stopped reporting. See **the log**.',
    markdown: true,
    tags: ['warning', 'door'],
    priority: 4,
    click: 'https://example.com/door',
    attach: 'https://files.example/door-report.pdf',
    actions: [
      { action: 'view', label: 'Open log file', url: 'file:///var/log/door.log' },
      { action: 'broadcast', label: 'Take photo', extras: { cmd: 'pic' } },
      { action: 'http', label: 'Restart sensor', url: `${refused}/restart` },
    ],
  });
  await expect
    .poll(async () => {
      const listed = await core.listMessages({});
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(6);
});

test.afterAll(async () => {
  await bridge.close();
  await Promise.all([ntfy.close(), secured.close(), accounts.close()]);
});

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

/** Runs axe once per theme on the page as it is; each theme's violations are reported on their own. */
async function expectNoViolations(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await new AxeBuilder({ page }).analyze();
    const found = results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
    expect.soft(found, colorScheme).toEqual([]);
  }
}

function views(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Views' });
}

function rows(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Messages, newest first' }).getByRole('option');
}

function detail(page: Page): Locator {
  return page.getByRole('article');
}

function publisherActions(page: Page): Locator {
  return detail(page).getByRole('region', { name: 'Actions from the publisher' });
}

/** The window on one subscription, chosen in the sidebar; answers its topic header. */
async function openTopic(page: Page, name: string): Promise<Locator> {
  await page.goto(bridge.url);
  await page
    .getByRole('navigation', { name: 'Subscriptions' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
  const header = page.getByRole('region', { name });
  await expect(header.getByRole('heading', { name, level: 3 })).toBeVisible();
  return header;
}

/** Opens the door message and brings its actions into every state they have: disabled, failed, asking. */
async function openDoorMessage(page: Page): Promise<void> {
  await rows(page).filter({ hasText: 'Door sensor offline' }).click();
  await expect(detail(page).getByRole('heading', { name: /Door sensor offline/ })).toBeVisible();
  const group = publisherActions(page);
  await expect(group.getByRole('button', { name: 'Open log file' })).toBeDisabled();
  const restart = group.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Restart sensor' }) });
  await restart.getByRole('button', { name: 'Restart sensor' }).click();
  await expect(restart.getByRole('status')).toHaveText(/^Send POST to 127\.0\.0\.1:\d+\?/);
}

test('Messages list: rows with a display name, markdown, attachment, action and link icons, high and urgent', async ({
  page,
}) => {
  await page.goto(bridge.url);
  await expect(rows(page)).toHaveCount(6);
  await expect(rows(page).filter({ hasText: 'Server on fire' })).toContainText('Priority urgent');
  await expect(
    rows(page).filter({ hasText: 'Report attached' }).getByRole('img', { name: 'Attachment: report.pdf' }),
  ).toBeVisible();
  await expectNoViolations(page);
});

test('Message detail: attachment, emoji tag and chips, publisher actions disabled and asking before a local request', async ({
  page,
}) => {
  await page.goto(bridge.url);
  await openDoorMessage(page);
  await expectNoViolations(page);
});

test('Narrow window (400 px): a message open and the subscription drawer open over it', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 680 });
  await page.goto(bridge.url);
  await openDoorMessage(page);
  const drawer = page.getByRole('button', { name: 'Subscription list', exact: true });
  await drawer.click();
  await expect(drawer).toHaveAttribute('aria-expanded', 'true');
  await expectNoViolations(page);
});

test('Send form: every field filled and one action, under the topic header', async ({ page }) => {
  const header = await openTopic(page, 'Build box');
  await header.getByRole('button', { name: 'Send a message…' }).click();
  const form = page.getByRole('form', { name: 'Send a message to Build box' });
  await form.getByLabel('Title').fill('Deploy finished');
  await form.getByLabel('Message', { exact: true }).fill('Version **2.4** is live on all hosts.');
  await form.getByLabel('Tags').fill('rocket, production');
  await form.getByRole('button', { name: 'Add action' }).click();
  await form.getByRole('group', { name: 'Action 1' }).getByLabel('Label').fill('Open dashboard');
  await form.getByRole('group', { name: 'Action 1' }).getByLabel('URL').fill('https://example.com/dashboard');
  await expectNoViolations(page);
});

test('Topic header: More actions open', async ({ page }) => {
  const header = await openTopic(page, 'Front door');
  await header.getByRole('button', { name: 'More actions' }).click();
  await expect(header.getByRole('menu')).toBeVisible();
  await expectNoViolations(page);
});

test('Add form: filled, with the URL it will subscribe to', async ({ page }) => {
  await page.goto(bridge.url);
  await page.getByRole('button', { name: 'Add subscription' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add subscription' });
  await expect(form.getByLabel('Server')).toHaveValue(ntfy.url);
  await form.getByLabel('Topic').fill('ntfy.sh/alerts');
  await form.getByLabel('Display name (optional)').fill('Alerts');
  await expect(form.getByLabel('Topic')).toHaveAccessibleDescription('Subscribes to https://ntfy.sh/alerts');
  await expectNoViolations(page);
});

test('Empty topic: no messages yet, with the curl line to send one', async ({ page }) => {
  expect((await bridge.core.service.saveSubscription({ server: ntfy.url, topic: 'axe-empty' })).ok).toBe(true);
  await openTopic(page, 'axe-empty');
  await expect(page.getByRole('region', { name: 'No messages yet' }).locator('code')).toHaveText(
    `curl -d "Hi" ${ntfy.url}/axe-empty`,
  );
  await expectNoViolations(page);
});

test('Settings: a pause, a refused value, Saved, a client.yml command review and an import report', async ({
  page,
}) => {
  await page.goto(bridge.url);
  await views(page).getByRole('button', { name: 'Settings' }).click();
  const group = (name: string) => page.getByRole('group', { name });
  await page.getByRole('button', { name: 'Pause until I resume' }).click();
  const resume = page.getByRole('button', { name: 'Resume', exact: true });
  await expect(resume).toBeVisible();
  await page.getByLabel('Days to keep messages').fill('0');
  await page.getByLabel('Days to keep messages').press('Enter');
  await expect(page.getByLabel('Days to keep messages')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('checkbox', { name: 'Play a sound' }).click();
  await expect(group('Notifications').getByText('Saved', { exact: true })).toBeVisible();
  // The review of a client.yml's commands, open (nothing imported), then canceled.
  await page.getByLabel('Import from ntfy CLI client.yml').setInputFiles({
    name: 'commands.yml',
    mimeType: 'application/yaml',
    buffer: Buffer.from('subscribe:\n  - topic: axe-command\n    command: echo "$m"\u202e\n'),
  });
  const review = page.getByRole('region', { name: 'Commands in commands.yml' });
  await expect(review.locator('code')).toHaveText('echo "$m"⟨U+202E⟩');
  await expectNoViolations(page);
  await review.getByRole('button', { name: 'Cancel import' }).click();
  await page.getByLabel('Import from ntfy CLI client.yml').setInputFiles({
    name: 'client.yml',
    mimeType: 'application/yaml',
    buffer: Buffer.from('subscribe:\n  - topic: axe-imported\n'),
  });
  await expect(group('Subscriptions').getByRole('status')).toContainText('Imported 1');
  await expectNoViolations(page);
  // The tests after this one expect no pause.
  await resume.click();
  await expect(page.getByRole('button', { name: 'Pause until I resume' })).toBeVisible();
});

test('Subscriptions: Connected, No permission, Reconnecting, a server banner, the account form and the editor', async ({
  page,
}) => {
  const core = bridge.core.service;
  const credentials = await core.setCredentials({
    server: secured.url,
    kind: 'basic',
    user: alice.name,
    password: alice.password,
  });
  expect(credentials.ok).toBe(true);
  for (const topic of ['team-status', 'private-status'])
    expect((await core.saveSubscription({ server: secured.url, topic })).ok).toBe(true);
  const unreachable = `http://127.0.0.1:${String(await closedPort())}`;
  expect(
    (await core.saveSubscription({ server: unreachable, topic: 'status-unreachable', displayName: 'Nobody home' })).ok,
  ).toBe(true);

  await page.goto(bridge.url);
  await views(page).getByRole('button', { name: 'Subscriptions' }).click();
  const entry = (text: string) =>
    page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem').filter({ hasText: text });
  const status = (text: string) => entry(text).locator('.connection-status-label');
  await expect(status('team-status')).toHaveText('Connected');
  await expect(status('private-status')).toHaveText('No permission');
  await expect(status('Nobody home')).toHaveText(/^Reconnecting/);
  // Two servers in trouble start folded to one line (issue 33 §7): unfolded, each has its banner.
  await page
    .getByRole('region', { name: 'Servers' })
    .getByRole('button', { name: /^2 servers have problems/ })
    .click();
  await expect(page.getByRole('region', { name: 'Servers' })).toContainText(`Can't reach ${new URL(unreachable).host}`);
  await expect(
    page.getByRole('region', { name: 'ntfy account' }).getByRole('button', { name: 'Sign in' }),
  ).toBeVisible();
  await entry('private-status').getByRole('button', { name: /^Edit/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit subscription' })).toBeVisible();
  await expectNoViolations(page);
});

test('Account: signed in, with its limits', async ({ page }) => {
  await page.goto(bridge.url);
  await views(page).getByRole('button', { name: 'Subscriptions' }).click();
  const account = page.getByRole('region', { name: 'ntfy account' });
  await expect(account.getByLabel('Server')).toHaveValue(ntfy.url);
  await account.getByLabel('Server').fill(accounts.url);
  await account.getByLabel('User name').fill(phil.name);
  await account.getByLabel('Password').fill(phil.password);
  await account.getByRole('button', { name: 'Sign in' }).click();
  await expect(account.getByText(`Signed in as phil on ${new URL(accounts.url).host}`)).toBeVisible();
  await expect(account.getByRole('region', { name: 'Limits' })).toBeVisible();
  await expectNoViolations(page);
});
