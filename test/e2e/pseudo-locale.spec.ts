import { expect, test, type Page } from '@playwright/test';
import { pseudoText } from '../../common/i18n/pseudo.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { measureTextFit, type TextFitReport } from './support/text-fit.ts';

// Pseudo-localization (issue 14 §3): the window in Chromium's pseudo locale en-XA, where every catalog text is
// accented, bracketed ⟦…⟧ and 40 % longer (common/i18n/pseudo.ts). No text may be cut off at the default size
// or at 600 px, and text that did not come through the catalog is listed.

let ntfy: TestServer;
let bridge: WebBridge;

/** Texts that are data, not the app's words: they stay as they are in every language. */
const dataTexts = [
  // The product's name is not translated.
  /^ntfy Tray$/,
  /^Nightly backups$/,
  /^Backup done$/,
  /^All 14 volumes copied in 3 min\.$/,
  /^Disk almost full$/,
  /^Disk is at 97 %\.$/,
  /^pseudo-(backups|alerts)$/,
  // A tag without an emoji is shown as the publisher wrote it.
  /^disk$/,
  // The publisher's action label.
  /^Open dashboard$/,
  /^http:\/\/127\.0\.0\.1:\d+/,
  /^127\.0\.0\.1:\d+$/,
  // The environment variables a subscription's command gets: ntfy's names (common/command-variables.ts), not words.
  /^\$(NTFY_[A-Z]+|id|topic|time|message|m|title|t|priority|prio|p|tags|tag|ta|raw)$/,
  // Times and dates are Intl's (English month and weekday names in the en fallback locale).
  /^(\d{1,2}:\d{2}( [AP]M)?|[A-Z][a-z]{2} \d{1,2}, \d{4}.*|[A-Z][a-z]{2} \d{1,2}:\d{2}.*)$/,
];

test.beforeAll(async () => {
  ntfy = await startTestServer();
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, log: createRecordingLogger('pseudo-bridge') });
  const core = bridge.core.service;
  const saved = [
    await core.saveSubscription({ server: ntfy.url, topic: 'pseudo-backups', displayName: 'Nightly backups' }),
    await core.saveSubscription({ server: ntfy.url, topic: 'pseudo-alerts' }),
  ];
  expect(saved.every((result) => result.ok)).toBe(true);
  for (const topic of ['pseudo-backups', 'pseudo-alerts']) await ntfy.waitForSubscribers(1, { topic });
  await ntfy.publish('pseudo-backups', { title: 'Backup done', message: 'All 14 volumes copied in 3 min.' });
  await ntfy.publish('pseudo-alerts', {
    title: 'Disk almost full',
    message: 'Disk is at 97 %.',
    priority: 4,
    tags: ['warning', 'disk'],
    click: 'https://example.com/disk',
    actions: [{ action: 'view', label: 'Open dashboard', url: 'https://example.com/dash' }],
  });
  await expect
    .poll(async () => {
      const listed = await core.listMessages({});
      return listed.ok ? listed.value.messages.length : 0;
    })
    .toBe(2);
});

test.afterAll(async () => {
  await bridge.close();
  await ntfy.close();
});

test.use({ locale: 'en-XA' });

/** A control's accessible name in the pseudo locale. */
function pseudo(english: string): string {
  return pseudoText(english);
}

async function fit(page: Page, where: string): Promise<void> {
  const report = await page.evaluate<TextFitReport>(measureTextFit);
  const untranslated = [...new Set(report.untranslated)].filter((text) => !dataTexts.some((data) => data.test(text)));
  if (untranslated.length > 0) {
    test.info().annotations.push({ type: `not through the catalog (${where})`, description: untranslated.join(' | ') });
  }
  expect(report.clipped, `${where}: text cut off`).toEqual([]);
  expect(untranslated, `${where}: text that did not come through the catalog`).toEqual([]);
}

for (const size of [
  { width: 960, height: 680 },
  { width: 600, height: 680 },
]) {
  test.describe(`at ${String(size.width)}x${String(size.height)}`, () => {
    test.use({ viewport: size });

    test('Messages, a topic and a message detail show all their text, none cut off', async ({ page }) => {
      await page.goto(bridge.url);
      const list = page.getByRole('listbox', { name: pseudo('Messages, newest first') });
      await expect(list.getByRole('option').filter({ hasText: 'Disk almost full' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
      await fit(page, 'Messages');

      await list.getByRole('option').filter({ hasText: 'Disk almost full' }).click();
      await expect(page.getByRole('article', { name: /Disk almost full/ })).toBeVisible();
      await fit(page, 'message detail');
    });

    test('Subscriptions and the editor show all their text, none cut off', async ({ page }) => {
      await page.goto(bridge.url);
      await page
        .getByRole('navigation', { name: pseudo('Views') })
        .getByRole('button', { name: pseudo('Subscriptions') })
        .click();
      await expect(page.getByRole('heading', { name: pseudo('Subscriptions'), level: 2 })).toBeVisible();
      await fit(page, 'Subscriptions');
      await page.getByRole('button', { name: pseudo('Edit {name}').replace('{name}', 'Nightly backups') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await fit(page, 'subscription editor');
    });

    test('Settings show all their text, none cut off', async ({ page }) => {
      await page.goto(bridge.url);
      await page
        .getByRole('navigation', { name: pseudo('Views') })
        .getByRole('button', { name: pseudo('Settings') })
        .click();
      await expect(page.getByRole('heading', { name: pseudo('Settings'), level: 2 })).toBeVisible();
      await fit(page, 'Settings');
    });
  });
}
