import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { endpointOf } from '../../main/core/unifiedpush/registration.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import type { BridgeUnifiedPush } from '../web-bridge/unifiedpush.ts';
import { coreSpeaks } from './support/core-language.ts';

// Settings' UnifiedPush group (issue 35 §5) against the real core behind the dev:web bridge, with the distributor's
// core running as on Linux (registrations, push engine, switch) and test/server as the ntfy server. There is no
// session bus here: apps register through the distributor's own API, as its D-Bus adapter does, and what they are told
// (NewEndpoint, Message, Unregistered) is recorded. The bus side (the name released by the switch, a connector seeing
// Unregistered over D-Bus) is test/integration/os/unifiedpush-distributor.test.ts.

let ntfy: TestServer;
let bridge: WebBridge | undefined;

test.beforeAll(async () => {
  ntfy = await startTestServer();
});

test.afterAll(async () => {
  await ntfy.close();
});

test.afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
});

async function start(unifiedPush: boolean): Promise<WebBridge> {
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('web-bridge'), unifiedPush });
  return bridge;
}

function distributorOf(started: WebBridge): BridgeUnifiedPush {
  if (started.unifiedPush === undefined) throw new Error('the bridge runs no distributor');
  return started.unifiedPush;
}

/** What NeoChat would send over D-Bus: Register with its name, a token and what it uses push for. */
async function registerNeoChat(started: WebBridge): Promise<string> {
  const { service } = distributorOf(started);
  const token = 'neochat-token-1';
  const answer = await service.distributor.register({
    service: 'org.kde.neochat',
    token,
    description: 'Matrix chat',
    version: 2,
  });
  expect(answer).toEqual({ success: true });
  const registration = service.list().find((entry) => entry.token === token);
  if (registration === undefined) throw new Error('not registered');
  return endpointOf(registration);
}

async function openSettings(page: Page, started: WebBridge, views: string, settings: string): Promise<void> {
  await page.goto(started.url);
  await page.getByRole('navigation', { name: views }).getByRole('button', { name: settings }).click();
  await expect(page.getByRole('heading', { name: settings })).toBeVisible();
}

test.describe('in English', () => {
  test('lists a registered app with its server and counts, and Remove tells the app it was unregistered', async ({
    page,
  }) => {
    const started = await start(true);
    await openSettings(page, started, 'Views', 'Settings');
    const group = page.getByRole('group', { name: 'UnifiedPush', exact: true });
    await expect(group.getByText('No app is registered.')).toBeVisible();

    const endpoint = await registerNeoChat(started);
    const row = group.getByRole('listitem').filter({ hasText: 'org.kde.neochat' });
    await expect(row).toContainText('Matrix chat');
    await expect(row).toContainText(`Server: ${ntfy.url}`);
    await expect(row).toContainText('0 messages received');
    await expect(row).toContainText('no message yet');
    await expect(row.getByText('Connected')).toBeVisible();

    const response = await fetch(endpoint, { method: 'POST', body: 'ping' });
    expect(response.status).toBe(200);
    await expect(row).toContainText('1 message received');
    await expect(row).toContainText('last message');

    await row.getByRole('button', { name: 'Remove org.kde.neochat' }).click();
    await expect(group.getByText('No app is registered.')).toBeVisible();
    expect(distributorOf(started).told.filter((call) => call.member !== 'Message')).toEqual([
      { member: 'NewEndpoint', service: 'org.kde.neochat', token: 'neochat-token-1' },
      { member: 'Unregistered', service: 'org.kde.neochat', token: 'neochat-token-1' },
    ]);
    expect(distributorOf(started).service.list()).toEqual([]);
  });

  test('the switch turns the distributor off and on, kept in the settings', async ({ page }) => {
    const started = await start(true);
    await registerNeoChat(started);
    await openSettings(page, started, 'Views', 'Settings');
    const group = page.getByRole('group', { name: 'UnifiedPush', exact: true });
    const toggle = group.getByRole('switch', { name: 'Deliver push messages to apps (UnifiedPush distributor)' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(group.getByRole('listitem').getByText('Off', { exact: true })).toBeVisible();
    await expect
      .poll(() => started.core.service.getSettings())
      .toMatchObject({
        ok: true,
        value: { preferences: { unifiedPushEnabled: false } },
      });
    await toggle.click();
    await expect(group.getByRole('listitem').getByText('Connected')).toBeVisible();
    await expect
      .poll(() => started.core.service.getSettings())
      .toMatchObject({
        ok: true,
        value: { preferences: { unifiedPushEnabled: true } },
      });
  });

  test('where there is no distributor (macOS, Windows) the group says it is Linux-only and offers nothing', async ({
    page,
  }) => {
    const started = await start(false);
    await openSettings(page, started, 'Views', 'Settings');
    const group = page.getByRole('group', { name: 'UnifiedPush', exact: true });
    await expect(group).toContainText('on Linux only');
    await expect(group.getByRole('switch')).toHaveCount(0);
    await expect(group.getByRole('button')).toHaveCount(0);
  });

  test('the group with a registered app has no axe violations in either theme', async ({ page }) => {
    const started = await start(true);
    await registerNeoChat(started);
    await openSettings(page, started, 'Views', 'Settings');
    const group = page.getByRole('group', { name: 'UnifiedPush', exact: true });
    await expect(group.getByText('Connected')).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const results = await new AxeBuilder({ page }).include('.push-apps').analyze();
      expect
        .soft(
          results.violations.map((violation) => violation.id),
          colorScheme,
        )
        .toEqual([]);
    }
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });
  coreSpeaks('de-DE');

  test('the group, its row and Remove speak German', async ({ page }) => {
    const started = await start(true);
    await registerNeoChat(started);
    await openSettings(page, started, 'Ansichten', 'Einstellungen');
    const group = page.getByRole('group', { name: 'UnifiedPush', exact: true });
    await expect(
      group.getByRole('switch', { name: 'Push-Nachrichten an Apps zustellen (UnifiedPush-Distributor)' }),
    ).toBeChecked();
    await expect(group.getByRole('heading', { name: 'Registrierte Apps' })).toBeVisible();
    const row = group.getByRole('listitem').filter({ hasText: 'org.kde.neochat' });
    await expect(row).toContainText('0 Nachrichten empfangen');
    await expect(row).toContainText('noch keine Nachricht');
    await expect(row.getByText('Verbunden')).toBeVisible();
    await row.getByRole('button', { name: 'org.kde.neochat entfernen' }).click();
    await expect(group.getByText('Keine App ist registriert.')).toBeVisible();
  });
});
