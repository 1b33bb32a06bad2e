import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LONG_RUN_MS, WAITING_RUNS_BOUND } from '../../main/core/app/subscription-commands.ts';
import { createRecordingLogger } from '../fakes/logger.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { startTestServer, type TestServer } from '../server/index.ts';
import { startWebBridge, type WebBridge } from '../web-bridge/server.ts';
import { coreSpeaks } from './support/core-language.ts';

// A subscription's command as its row shows it (issue 32 §2, §5), against the real core and its command runner behind
// the dev:web bridge and a local test/server: a command held busy while more messages arrive than may wait says how
// many runs were skipped; a run that has gone on for long (a step of the core's manual clock) shows with Stop, which
// ends it. In English and in German. Unix only (the command is sh).

test.skip(process.platform === 'win32', 'the command is sh');

/** Noon local time: the row says "since 12:00". */
const NOON = new Date(2026, 0, 15, 12, 0).getTime();
const SKIPPED = 3;

let ntfy: TestServer;
let bridge: WebBridge;
let clock: ManualClock;
let dir: string;

test.beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-e2e-command-'));
  ntfy = await startTestServer();
  clock = new ManualClock(NOON);
  bridge = await startWebBridge({ ntfyServerUrl: ntfy.url, clock, log: createRecordingLogger('command-runs') });
  const saved = await bridge.core.service.saveSubscription({
    server: ntfy.url,
    topic: 'backups',
    // Held busy until the test creates `go`.
    command: `while [ ! -e '${path.join(dir, 'go')}' ]; do sleep 0.05; done`,
  });
  expect(saved.ok).toBe(true);
  await ntfy.waitForSubscribers(1, { topic: 'backups' });
  for (let index = 0; index < 1 + WAITING_RUNS_BOUND + SKIPPED; index++)
    await ntfy.publish('backups', `run ${String(index)}`);
});

test.afterEach(async () => {
  writeFileSync(path.join(dir, 'go'), '');
  await bridge.close();
  await ntfy.close();
  await rm(dir, { recursive: true, force: true });
});

async function rowOf(page: Page, navigation: string, view: string) {
  await page.goto(bridge.url);
  await page.getByRole('navigation', { name: navigation }).getByRole('button', { name: view }).click();
  return page.getByRole('list', { name: view }).getByRole('listitem').filter({ hasText: 'backups' });
}

test('the row counts the runs skipped while the command was busy, shows a long run and stops it', async ({ page }) => {
  const row = await rowOf(page, 'Views', 'Subscriptions');
  await expect(row).toContainText(`${String(SKIPPED)} runs skipped: the command was busy`);
  clock.advance(LONG_RUN_MS);
  await expect(row).toContainText('The command has been running since 12:00');
  await row.getByRole('button', { name: 'Stop the command of backups' }).click();
  await expect(row).not.toContainText('The command has been running');
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });
  coreSpeaks('de-DE');

  test('the row says the same in German', async ({ page }) => {
    const row = await rowOf(page, 'Ansichten', 'Abonnements');
    await expect(row).toContainText(`${String(SKIPPED)} Ausführungen übersprungen: der Befehl war beschäftigt`);
    clock.advance(LONG_RUN_MS);
    await expect(row).toContainText('Der Befehl läuft seit 12:00');
    await row.getByRole('button', { name: 'Befehl von backups beenden' }).click();
    await expect(row).not.toContainText('Der Befehl läuft seit');
  });
});
