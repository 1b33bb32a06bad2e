import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Clock } from '../../main/core/ports.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { coreSpeaks } from './support/core-language.ts';
import { docsScreenshot } from './support/docs-screenshot.ts';

// Wording (issue 13, item 11): one vocabulary for priorities wherever a minimum is chosen, every time in the
// locale's own format (12-hour in en-US, 24-hour in de-DE; nothing forces an hour cycle), and a tag that became the
// title's emoji not repeated as a chip. Against the real core behind the dev:web bridge and a test server on
// 127.0.0.1.

const minPriorityChoices = ['Any priority', 'Low and above', 'Default and above', 'High and above', 'Urgent only'];

let ntfy: TestServer;
let bridge: WebBridge | undefined;

test.use({ viewport: { width: 960, height: 680 } });

test.beforeAll(async () => {
  ntfy = await startTestServer();
});

test.afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
});

test.afterAll(async () => {
  await ntfy.close();
});

/** The wall clock moved to `startMs`, real timers: the core's pause ends at a time the page's clock shows too. */
function clockAt(startMs: number): Clock {
  const offset = startMs - Date.now();
  return {
    now: () => Date.now() + offset,
    setTimeout: (callback, delayMs) => ({ id: setTimeout(callback, delayMs) }),
    clearTimeout: (handle) => {
      clearTimeout(handle.id as NodeJS.Timeout);
    },
  };
}

async function startBridge(name: string, clock?: Clock): Promise<WebBridge> {
  bridge = await startWebBridge({
    ntfyServerUrl: ntfy.url,
    log: createRecordingLogger(`wording-${name}`),
    ...(clock === undefined ? {} : { clock }),
  });
  return bridge;
}

/** Subscribes the core to `topic` on the test server and waits until the server sees it. */
async function subscribe(core: WebBridge['core']['service'], topic: string): Promise<void> {
  expect((await core.saveSubscription({ server: ntfy.url, topic })).ok).toBe(true);
  await ntfy.waitForSubscribers(1, { topic });
}

function rows(page: Page, listName = 'Messages, newest first'): Locator {
  return page.getByRole('listbox', { name: listName }).getByRole('option');
}

function detail(page: Page): Locator {
  return page.locator('article.message-detail');
}

/** A select's option texts, waited for (the page fills it in as it loads). */
function options(select: Locator): Locator {
  return select.locator('option');
}

test('the list filter, a subscription and the settings offer the same minimum-priority words', async ({ page }) => {
  const core = (await startBridge('priorities')).core.service;
  await subscribe(core, 'wording-priorities');
  await ntfy.publish('wording-priorities', { title: 'Server on fire', message: 'now', priority: 5 });
  await page.goto(bridge?.url ?? '');

  // The Messages toolbar's filter.
  const filter = page.locator('.history-toolbar').getByLabel('Priority');
  await expect(options(filter)).toHaveText(minPriorityChoices);

  // A message says its priority with the same name: "Urgent" on the row, "urgent" in the detail; never "max".
  const row = rows(page).filter({ hasText: 'Server on fire' });
  await expect(row.locator('.message-priority-label > [aria-hidden="true"]')).toHaveText('▲ Urgent');
  await row.click();
  await expect(detail(page)).toContainText('Priority urgent');

  // A subscription's minimum, under Advanced in the one add form.
  await page
    .getByRole('navigation', { name: 'Subscriptions' })
    .getByRole('button', { name: 'Add subscription' })
    .click();
  const form = page.getByRole('dialog', { name: 'Add subscription' });
  await form.locator('summary', { hasText: 'Advanced' }).click();
  await expect(options(form.getByLabel('Minimum priority'))).toHaveText(minPriorityChoices);
  await form.getByLabel('Topic').press('Escape');
  await expect(form).toBeHidden();

  // The settings' minimum for popups.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings' }).click();
  const settingsMinimum = page.getByLabel('Minimum priority');
  await expect(options(settingsMinimum)).toHaveText(minPriorityChoices);
  await settingsMinimum.selectOption({ label: 'High and above' });
  await expect
    .poll(async () => {
      const settings = await core.getSettings();
      return settings.ok ? settings.value.preferences.minPriority : undefined;
    })
    .toBe(4);
});

const today = new Date();
/** Today at `hour`:`minute`, local: near the real date, so nothing that reads the real clock ages the message. */
const todayAt = (hour: number, minute: number) =>
  new Date(today.getFullYear(), today.getMonth(), today.getDate(), hour, minute).getTime();
const pad = (value: number) => String(value).padStart(2, '0');

// ICU writes the space before AM/PM as a narrow no-break space in some versions; \s matches either.
const locales = [
  {
    locale: 'en-US',
    listName: 'Messages, newest first',
    messageTime: /^[A-Z][a-z]{2} \d{1,2}, \d{4}, 8:05\sAM$/,
    badge: /^🔕 Paused until 7:43\sPMResume$/,
  },
  {
    locale: 'de-DE',
    listName: 'Nachrichten, neueste zuerst',
    messageTime: new RegExp(`^${pad(today.getDate())}\\.${pad(today.getMonth() + 1)}\\.${today.getFullYear()}, 08:05$`),
    badge: /^🔕 Pausiert bis 19:43Fortsetzen$/,
  },
] as const;

for (const { locale, listName, messageTime, badge } of locales) {
  test.describe(locale, () => {
    test.use({ locale });

    test(`a message's time and the pause badge are in the ${locale} format`, async ({ page }) => {
      const start = todayAt(19, 13);
      const core = (await startBridge(locale, clockAt(start))).core.service;
      const topic = `wording-time-${locale.toLowerCase()}`;
      await subscribe(core, topic);
      await ntfy.publish(topic, { title: 'Backup done', message: 'All volumes copied', time: todayAt(8, 5) / 1000 });
      await page.clock.install({ time: start });
      await page.goto(bridge?.url ?? '');

      // In the list (the exact time is the row's tooltip) and in the detail: the date and hours:minutes, no seconds.
      const row = rows(page, listName).filter({ hasText: 'Backup done' });
      await expect(row.locator('time')).toHaveAttribute('title', messageTime);
      await row.click();
      await expect(detail(page).locator('.message-detail-meta time')).toHaveText(messageTime);

      // The header's pause badge, 30 minutes from 19:13.
      expect((await core.updateSettings({ pause: 30 })).ok).toBe(true);
      await expect(page.locator('.quiet-status-badge')).toHaveText(badge);

      await docsScreenshot(page, `window-wording-${locale}.png`);
    });
  });
}

test.describe('the German window', () => {
  test.use({ locale: 'de-DE' });
  coreSpeaks('de-DE');

  test('the list, its topic header and the toolbar speak German, with a plural and a relative time', async ({
    page,
  }) => {
    const start = todayAt(19, 13);
    const core = (await startBridge('de-window', clockAt(start))).core.service;
    const topic = 'wording-de-window';
    await subscribe(core, topic);
    await ntfy.publish(topic, {
      title: 'Backup fertig',
      message: 'Alle Volumes kopiert',
      time: todayAt(8, 5) / 1000,
      actions: [
        { action: 'view', label: 'Protokoll', url: 'https://example.com/log' },
        { action: 'view', label: 'Dashboard', url: 'https://example.com/dashboard' },
      ],
    });
    await page.clock.install({ time: start });
    await page.goto(bridge?.url ?? '');

    // The shell: the views, and the header's server line.
    const views = page.getByRole('navigation', { name: 'Ansichten' });
    await expect(views.getByRole('button')).toHaveText(['Nachrichten', 'Abonnements', 'Einstellungen']);
    await expect(page.locator('.bridge-status')).toHaveText(`Verbunden mit ${new URL(ntfy.url).host}`);

    // The toolbar.
    await expect(page.getByRole('searchbox', { name: 'Nachrichten suchen' })).toHaveAttribute(
      'placeholder',
      'Suchen (Taste /)',
    );
    await expect(page.getByLabel('Nur ungelesene')).not.toBeChecked();
    await expect(options(page.locator('.history-toolbar').getByLabel('Priorität'))).toHaveText([
      'Jede Priorität',
      'Niedrig und höher',
      'Standard und höher',
      'Hoch und höher',
      'Nur dringend',
    ]);

    // The sidebar and the topic header of the chosen subscription.
    const sidebar = page.getByRole('navigation', { name: 'Abonnements' });
    await expect(sidebar.getByRole('button', { name: 'Abonnement hinzufügen' })).toBeVisible();
    await sidebar.getByRole('button', { name: new RegExp(topic) }).click();
    const header = page.locator('.topic-header');
    await expect(header.getByRole('heading', { name: topic })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Stummschalten' })).toHaveAttribute(
      'title',
      'Nachrichten speichern, ohne Popups anzuzeigen',
    );
    await header.getByRole('button', { name: 'Weitere Aktionen' }).click();
    await expect(header.getByRole('menuitem')).toHaveText([
      'Abonnement bearbeiten',
      'Nachrichten leeren…',
      'Abo beenden…',
    ]);
    await page.keyboard.press('Escape');

    // The row: a relative time in German (08:05 seen at 19:13) and the actions' count as a plural.
    const row = rows(page, 'Nachrichten, neueste zuerst').filter({ hasText: 'Backup fertig' });
    await expect(row.locator('time')).toHaveText('vor 11 Stunden');
    await expect(row.getByRole('img', { name: '2 Aktionen' })).toBeVisible();
    await expect(row.locator('.message-priority .visually-hidden')).toHaveText('Priorität standard');

    await docsScreenshot(page, 'window-de-DE.png');
  });
});

test('a tag that became the title emoji shows once in the detail, the other tags as chips', async ({ page }) => {
  const core = (await startBridge('emoji')).core.service;
  await subscribe(core, 'wording-emoji');
  await ntfy.publish('wording-emoji', { title: 'Disk full', message: '/var is at 97 %', tags: ['warning', 'disk'] });
  await ntfy.publish('wording-emoji', { message: 'Disk almost full', tags: ['warning'] });
  await page.goto(bridge?.url ?? '');

  // Rows as ntfy's web app shows them: the emoji before the title, or before the body when there is none.
  const titled = rows(page).filter({ hasText: 'Disk full' });
  await expect(titled.locator('.message-title')).toHaveText('⚠️ Disk full');
  await expect(titled.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['disk']);
  const untitled = rows(page).filter({ hasText: 'Disk almost full' });
  await expect(untitled.locator('.message-body')).toHaveText('⚠️ Disk almost full');
  await expect(untitled.getByRole('list', { name: 'Tags' })).toHaveCount(0);

  await titled.click();
  const article = detail(page);
  await expect(article.getByRole('heading', { level: 3 })).toHaveText('⚠️ Disk full');
  await expect(article.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['disk']);
  const text = await article.innerText();
  expect(text.split('⚠').length - 1, text).toBe(1);
});
