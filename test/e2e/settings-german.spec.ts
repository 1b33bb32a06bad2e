import { expect, test, type Page } from '@playwright/test';
import type { UpdateChecksDto } from '../../common/ipc.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { coreSpeaks } from './support/core-language.ts';

// The settings view in a German window (navigator.languages de-DE), against the real core behind the dev:web
// bridge: labels, a pause with its German end time, retention limits with German digit grouping and an import
// report with German plurals and a German item problem.

test.use({ locale: 'de-DE' });
coreSpeaks('de-DE');

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

async function openSettings(page: Page, updateChecks?: UpdateChecksDto): Promise<void> {
  bridge = await startWebBridge({
    ntfyServerUrl: ntfy.url,
    log: createRecordingLogger('web-bridge'),
    ...(updateChecks === undefined ? {} : { updateChecks }),
  });
  await page.goto(bridge.url);
  await page.getByRole('navigation', { name: 'Ansichten' }).getByRole('button', { name: 'Einstellungen' }).click();
  await expect(page.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
  // Screen readers read the page with a German voice.
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
}

function group(page: Page, name: string) {
  return page.getByRole('group', { name, exact: true });
}

test('a pause says its end as a German clock time, with plural buttons', async ({ page }) => {
  await openSettings(page);
  const pause = group(page, 'Benachrichtigungen pausieren');
  await expect(pause.getByRole('button')).toHaveText([
    '1 Stunde pausieren',
    '8 Stunden pausieren',
    'Bis zum Fortsetzen pausieren',
  ]);
  const state = pause.getByRole('status');
  await expect(state).toHaveText('Benachrichtigungen sind nicht pausiert');

  const before = Date.now();
  await pause.getByRole('button', { name: '1 Stunde pausieren' }).click();
  await expect(state).toHaveText(/^Pausiert bis /);
  const result = await bridge?.core.service.getSettings();
  const pausedUntil = result?.ok === true ? result.value.pausedUntil : undefined;
  if (typeof pausedUntil !== 'number') throw new Error(`expected a timed pause, got ${String(pausedUntil)}`);
  // German clock (24 hours, no AM/PM), with the German weekday when the hour ends after midnight.
  const clock = new Intl.DateTimeFormat(
    'de-DE',
    new Date(pausedUntil).toDateString() === new Date(before).toDateString()
      ? { timeStyle: 'short' }
      : { weekday: 'short', hour: 'numeric', minute: '2-digit' },
  ).format(pausedUntil);
  await expect(state).toHaveText(`Pausiert bis ${clock}`);
  await expect(state).not.toContainText(/AM|PM/);

  await pause.getByRole('button', { name: 'Fortsetzen', exact: true }).click();
  await expect(state).toHaveText('Benachrichtigungen sind nicht pausiert');
});

test('retention limits use German digits and a refused number is explained in German', async ({ page }) => {
  await openSettings(page);
  const history = group(page, 'Verlauf');
  const days = history.getByLabel('Tage, die Nachrichten behalten werden');
  await expect(days).toHaveAccessibleDescription('1 bis 3.650 Tage');
  await expect(history.getByLabel('Nachrichten pro Abonnement behalten')).toHaveAccessibleDescription(
    '10 bis 1.000.000 Nachrichten',
  );

  await days.fill('45');
  await days.press('Enter');
  await expect(history.getByRole('status')).toHaveText('Gespeichert');

  await days.fill('');
  await days.press('Enter');
  await expect(days).toHaveAccessibleDescription(/^muss eine ganze Zahl von 1 bis 3650 sein/);
  await expect(history.getByRole('status')).toHaveText('Nicht gespeichert');
});

test('an import report counts in German plurals and tells an item problem in German', async ({ page }) => {
  await openSettings(page);
  const files = group(page, 'Abonnements');
  // The defaults become the server's credentials; de-alerts keeps its own token (not counted as a server's).
  const clientYml = `default-host: ${ntfy.url}
default-user: phil
default-password: german-import-password
subscribe:
  - topic: de-alerts
    token: tk_german_import_token
  - topic: de-backups
  - topic: de-backups
  - topic: kein Thema
`;
  const report = files.getByRole('status');
  try {
    await files.getByLabel('Aus ntfy-CLI-client.yml importieren').setInputFiles({
      name: 'client.yml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(clientYml),
    });

    await expect(report).toContainText(
      '2 importiert, 1 übersprungen (bereits abonniert), 1 fehlgeschlagen: client.yml, subscribe-Eintrag 4:',
    );
    await expect(report).toContainText('Zugangsdaten für 1 Server im Schlüsselbund gespeichert.');
    await expect(report).not.toContainText('verschiedenen Zugangsdaten');
  } finally {
    await bridge?.core.service.clearCredentials(ntfy.url);
  }

  await files.getByRole('button', { name: 'Abonnements exportieren' }).click();
  await expect(report).toHaveText('2 Abonnements nach ntfy-tray-subscriptions.json exportiert.');
});

test('the Updates group in German: without a release feed, and turned off by the administrator', async ({ page }) => {
  await openSettings(page);
  await expect(group(page, 'Updates').getByText('Dieser Build sucht nicht nach Updates.')).toBeVisible();
  await bridge?.close();

  await openSettings(page, 'administrator-off');
  const check = group(page, 'Updates').getByRole('switch', { name: 'Nach neuen Versionen suchen' });
  await expect(check).toBeDisabled();
  await expect(check).toHaveAccessibleDescription(
    'Von Ihrer Administration ausgeschaltet (NTFY_TRAY_UPDATES=off): ntfy Tray sucht nicht nach neuen Versionen.',
  );
});
