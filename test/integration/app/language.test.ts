/**
 * The app's language on the built main bundle: the OS locale (the app process's LANG, which the test Electron
 * reports through app.getPreferredSystemLanguages() and gives the window's pages) picks German or English for the
 * tray menu, the burst summary popup the app writes itself, and the window.
 */
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { LaunchedApp } from '../../electron-runtime/launch-app.ts';
import type { MenuItemRecord } from '../../electron-runtime/records.ts';
import type { TestServer } from '../../server/index.ts';
import { waitForPageText } from '../../support/app-page.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';

const { startServer, launchSubscribed } = registerAppTestHooks();

// A launch per test (issue 25 §11): each starts the app with another LANG.

/** The page members these tests read (the tests are type-checked for Node, without the DOM). */
interface LanguagePage {
  readonly navigator: { readonly languages: readonly string[] };
}

function labels(items: readonly MenuItemRecord[]): string[] {
  return items.flatMap((item) => [item.label, ...labels(item.submenu)]).filter((label) => label !== '');
}

/** Ten minutes ago, in Unix seconds: the time of the messages the app misses (see messages.test.ts). */
const PAST = Math.floor(Date.now() / 1000) - 600;

/**
 * Publishes the message the app has seen before it goes offline, and launches the app subscribed to its topic. The
 * message is there before the subscription, so the first stream's replay brings it and the topic's resume point is
 * its time whatever this machine's speed (published live after the stream's `open`, a message this old would not
 * move a point that the open already set).
 */
async function launchAfterSeen(server: TestServer, lang: string): Promise<LaunchedApp> {
  await server.publishRaw({ id: 'Seen00000001', time: PAST, event: 'message', topic: 'alerts', message: 'seen' });
  const app = await launchSubscribed(server, 'alerts', { env: { LANG: lang } });
  await waitForPageText(app, 'seen');
  return app;
}

/**
 * Four messages published while the stream is stalled reach the app as one catch-up batch when it reconnects, which
 * the policy folds into one summary popup whatever this machine's speed (see messages.test.ts).
 */
async function missFourMessages(server: TestServer, app: LaunchedApp): Promise<string[]> {
  server.faults.stall();
  for (let i = 1; i <= 4; i++) {
    const id = `Missed${String(i).padStart(6, '0')}`;
    await server.publishRaw({ id, time: PAST + i, event: 'message', topic: 'alerts', message: `missed ${String(i)}` });
  }
  server.faults.dropAll();
  await waitForPageText(app, 'missed 4');
  return (await app.records()).notifications.map(({ options }) => String(options['title']));
}

async function pageLanguages(app: LaunchedApp): Promise<readonly string[]> {
  return app.evaluate(() => [...(globalThis as unknown as LanguagePage).navigator.languages], null);
}

describe('the app speaks the OS language', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('in German for de_DE: tray menu, burst summary (plural) and window', async () => {
    const server = await startServer();
    const app = await launchAfterSeen(server, 'de_DE.UTF-8');
    const menu = labels((await app.records()).trays[0]?.menu ?? []);
    expect(menu).toEqual(
      expect.arrayContaining(['Benachrichtigungen pausieren', 'Für 1 Stunde', 'Für 8 Stunden', 'Beenden']),
    );
    expect(menu).not.toContain('Quit');
    expect(await missFourMessages(server, app)).toContain('4 neue Nachrichten in alerts');
    expect(await pageLanguages(app)).toEqual(['de-DE']);
  });

  it('in English for en_US', async () => {
    const server = await startServer();
    const app = await launchAfterSeen(server, 'en_US.UTF-8');
    const menu = labels((await app.records()).trays[0]?.menu ?? []);
    expect(menu).toEqual(expect.arrayContaining(['Pause notifications', 'For 1 hour', 'For 8 hours', 'Quit']));
    expect(await missFourMessages(server, app)).toContain('4 new messages in alerts');
    expect(await pageLanguages(app)).toEqual(['en-US']);
  });
});
