/**
 * The "before" screenshots of issue 13 (docs/before/): the window as it was when the issue was filed, taken from an
 * old checkout's own web bridge, test server and built renderer, in Debian's Chromium. Not part of any test run.
 *
 *   git worktree add /tmp/before d52553a && cp -al node_modules /tmp/before/node_modules
 *   (cd /tmp/before && npm run build)
 *   npx node scripts/screenshots/before.ts /tmp/before [output dir, default docs/before]
 *
 * Run under Node 24 (`npx node`: the old core needs node:sqlite). It writes one PNG per shot and README.md with a
 * caption for each. The old tree is imported by a runtime path, so its modules are typed here by the few members
 * this script uses, in old-tree.ts beside it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, expect, type Browser, type Page } from '@playwright/test';
import {
  type BeforeShot,
  type OldTestServer,
  type OldTree,
  type OldWebBridge,
  describeFocus,
  loadOldTree,
  readmeText,
} from './old-tree.ts';
import { installOfflineGuard } from '../offline-guard.ts';
import { closedPort, publishSamples } from './before-samples.ts';

const root = path.resolve(import.meta.dirname, '../..');
const ISSUE_COMMIT = 'd52553a';
const DEFAULT_VIEWPORT = { width: 960, height: 680 } as const;

/** The same launch as the Playwright config, plus a resolver that knows no host but 127.0.0.1. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

async function subscribe(bridge: OldWebBridge, server: string, topic: string, displayName: string): Promise<string> {
  const saved = await bridge.core.service.saveSubscription({ server, topic, displayName });
  if (!saved.ok) throw new Error(`could not subscribe to ${topic}: ${saved.error.message}`);
  return saved.value.id;
}

interface Session {
  readonly tree: OldTree;
  readonly browser: Browser;
  readonly bridge: OldWebBridge;
  readonly ntfy: OldTestServer;
  readonly outDir: string;
  readonly shots: BeforeShot[];
  /** Set once item 1 has stopped the test server, so it is not closed twice. */
  ntfyStopped: boolean;
}

async function capture(session: Session, page: Page, file: string, item: number, shows: string): Promise<void> {
  await page.screenshot({ path: path.join(session.outDir, file) });
  const { width, height } = page.viewportSize() ?? DEFAULT_VIEWPORT;
  const scale = await page.evaluate(() => (globalThis as unknown as { devicePixelRatio: number }).devicePixelRatio);
  const viewport =
    scale === 1
      ? `${width}×${height}`
      : `${width}×${height} CSS px at scale ${scale} (${width * scale}×${height * scale} pixels)`;
  session.shots.push({ file, item, shows, viewport });
  console.log(`wrote ${file}`);
}

async function openWindow(session: Session, options: { width: number; height: number; scale?: number }) {
  const context = await session.browser.newContext({
    viewport: { width: options.width, height: options.height },
    deviceScaleFactor: options.scale ?? 1,
    colorScheme: 'light',
  });
  const page = await context.newPage();
  await page.goto(session.bridge.url);
  await expect(page.getByRole('list', { name: 'Messages, newest first' })).toContainText('Service down');
  return page;
}

function views(page: Page) {
  return page.getByRole('navigation', { name: 'Views' });
}

function sidebarTopic(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Subscriptions' }).getByRole('button', { name });
}

/** Items 6, 7, 3, 5 and 8 on one window at the default size, in an order that leaves each shot's state clean. */
async function captureMessages(session: Session): Promise<void> {
  const page = await openWindow(session, DEFAULT_VIEWPORT);
  const list = page.getByRole('list', { name: 'Messages, newest first' });
  await capture(
    session,
    page,
    '6-rows.png',
    6,
    'All subscriptions: rows name the topic, previews show markdown `**`/`#`',
  );

  await list.getByRole('listitem').filter({ hasText: 'Service down' }).click();
  const detail = page.getByRole('article');
  await detail.getByRole('button', { name: 'Restart service' }).click();
  await expect(detail.getByRole('status')).toContainText('fetch failed');
  const outcome = (await detail.getByRole('status').textContent()) ?? '';
  await capture(
    session,
    page,
    '7-actions.png',
    7,
    `view/http/file actions beside Copy/Delete; the http action said "${outcome}"`,
  );
  await detail.getByRole('button', { name: 'Close message' }).click();

  await sidebarTopic(page, 'Deploys').click();
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeVisible();
  const searchBox = await page.getByRole('searchbox').boundingBox();
  const searchWidth = Math.round(searchBox?.width ?? 0);
  await capture(
    session,
    page,
    '3-toolbar.png',
    3,
    `the Deploys topic selected: Mark all read and Clear messages… squeeze the search box to ${searchWidth} px`,
  );
  await page.getByRole('button', { name: 'Clear messages…' }).click();
  await expect(page.getByRole('group', { name: 'Clear all messages of Deploys' })).toBeVisible();
  await capture(session, page, '3-clear-confirm.png', 3, 'the clear confirmation open in the toolbar');
  await page.keyboard.press('Escape');

  await sidebarTopic(page, 'CI builds').click();
  const firstRow = list.getByRole('listitem').first();
  await expect(firstRow).toContainText('Build #120');
  await firstRow.focus();
  const beforeEnd = await describeFocus(page);
  await page.keyboard.press('End');
  await expect.poll(() => describeFocus(page)).not.toBe(beforeEnd);
  const afterEnd = await describeFocus(page);
  await capture(
    session,
    page,
    '5-keyboard.png',
    5,
    `End pressed with focus on the first of 120 rows (\`${beforeEnd}\`): \`document.activeElement\` is then \`${afterEnd}\``,
  );

  await sidebarTopic(page, 'All subscriptions').click();
  await page
    .getByRole('navigation', { name: 'Subscriptions' })
    .getByRole('button', { name: 'Add subscription' })
    .click();
  await capture(session, page, '8-add-messages.png', 8, 'the add form of the Messages sidebar');
  await views(page).getByRole('button', { name: 'Subscriptions' }).click();
  await page.getByRole('main').getByRole('button', { name: 'Add subscription' }).click();
  await expect(page.getByRole('dialog', { name: 'Add subscription' })).toBeVisible();
  await capture(session, page, '8-add-subscriptions.png', 8, 'the add form of Subscriptions');
  await page.context().close();
}

/** Item 4: a 600 px window, and a 1200×800 window at 200 % zoom (600×400 CSS pixels at scale 2). */
async function captureNarrow(session: Session): Promise<void> {
  for (const [file, size] of [
    ['4-narrow-600.png', { width: 600, height: 680 }],
    ['4-zoom-200.png', { width: 600, height: 400, scale: 2 }],
  ] as const) {
    const page = await openWindow(session, size);
    await sidebarTopic(page, 'Server alerts').click();
    await page.getByRole('list', { name: 'Messages, newest first' }).getByRole('listitem').first().click();
    await expect(page.getByRole('article')).toBeVisible();
    const sideways = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
          .scrollWidth,
    );
    const overflow = sideways > size.width ? `; the page is ${sideways} CSS px wide and scrolls sideways` : '';
    const zoom = size.height === 400 ? 'a 1200×800 window at 200 % zoom' : 'a 600 px window';
    await capture(session, page, file, 4, `${zoom}, Server alerts selected and a message open${overflow}`);
    await page.context().close();
  }
}

/** Item 2: a server that needs a login; the right user and password typed, then Test (which tests the stored ones). */
async function captureCredentials(session: Session): Promise<void> {
  const alice = {
    name: 'alice',
    password: 'correct-horse-battery-staple',
    access: [{ topic: 'team-*', permission: 'read-write' }],
  };
  const secured = await session.tree.startTestServer({ auth: { users: [alice], defaultAccess: 'deny-all' } });
  const service = session.bridge.core.service;
  const stored = await service.setCredentials({
    server: secured.url,
    kind: 'basic',
    user: 'alice',
    password: 'not-the-password',
  });
  if (!stored.ok) throw new Error(`could not store credentials: ${stored.error.message}`);
  const id = await subscribe(session.bridge, secured.url, 'team-ops', 'Team ops');

  const page = await openWindow(session, DEFAULT_VIEWPORT);
  await views(page).getByRole('button', { name: 'Subscriptions' }).click();
  const row = page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem').filter({ hasText: 'Team ops' });
  await expect(row.locator('.connection-status-label')).toHaveText('Credentials rejected');
  await row.getByRole('button', { name: 'Fix credentials' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit subscription' });
  await editor.getByLabel('User name', { exact: true }).fill('alice');
  await editor.getByLabel('Password', { exact: true }).fill(alice.password);
  await editor.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(editor.getByRole('status')).toContainText('Wrong credentials');
  // The editor scrolls: bring its last buttons (Save, Test) into the shot with the credentials above them.
  await editor.getByRole('button', { name: 'Test', exact: true }).scrollIntoViewIfNeeded();
  await capture(
    session,
    page,
    '2-credentials.png',
    2,
    'Fix credentials (user name not prefilled), the right password typed, then Test: "Wrong credentials" (it tested the stored ones); four buttons',
  );
  await page.context().close();

  await service.removeSubscription(id, { deleteHistory: true });
  await service.clearCredentials(secured.url);
  await secured.close();
}

/** Item 1: the test server stopped; both views once every subscription has failed to reconnect at least once. */
async function captureServerDown(session: Session): Promise<void> {
  const page = await openWindow(session, DEFAULT_VIEWPORT);
  session.ntfyStopped = true;
  await session.ntfy.close();
  await views(page).getByRole('button', { name: 'Subscriptions' }).click();
  const statuses = page.getByRole('list', { name: 'Subscriptions' }).locator('.connection-status-detail');
  await expect(statuses.filter({ hasText: 'ECONNREFUSED' })).toHaveCount(3);
  await capture(
    session,
    page,
    '1-server-down-subscriptions.png',
    1,
    'the test server stopped: one reconnect countdown and errno per topic',
  );
  await views(page).getByRole('button', { name: 'Messages' }).click();
  const sidebar = page.getByRole('navigation', { name: 'Subscriptions' });
  await expect(sidebar.getByRole('img', { name: 'Reconnecting' })).toHaveCount(3);
  await expect(page.getByRole('status')).toHaveText('Connected to the app');
  await capture(
    session,
    page,
    '1-server-down-messages.png',
    1,
    'the test server stopped: a green "Connected to the app" header, small dots',
  );
  await page.context().close();
}

async function main(): Promise<void> {
  const treeArgument = process.argv[2];
  if (treeArgument === undefined) throw new Error('usage: node scripts/screenshots/before.ts <old tree> [output dir]');
  const outDir = path.resolve(process.argv[3] ?? path.join(root, 'docs/before'));
  await mkdir(outDir, { recursive: true });
  // Messages carry example.com links and a dashboard action: this process must never follow one (Chromium is held
  // to 127.0.0.1 by its resolver rule).
  const guard = installOfflineGuard();
  // No keychain for this run: the old dev bridge then keeps the secrets of item 2 in memory.
  delete process.env['DBUS_SESSION_BUS_ADDRESS'];
  const tree = await loadOldTree(path.resolve(treeArgument));

  const ntfy = await tree.startTestServer();
  await publishSamples(ntfy, await closedPort());
  const bridge = await tree.startWebBridge({ ntfyServerUrl: ntfy.url });
  for (const [topic, name] of [
    ['alerts', 'Server alerts'],
    ['deploys', 'Deploys'],
    ['builds', 'CI builds'],
  ] as const) {
    await subscribe(bridge, ntfy.url, topic, name);
    // The old app may carry several topics on one stream: wait per topic, not for a number of streams.
    await ntfy.waitForSubscribers(1, { topic, timeoutMs: 30_000 });
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  const session: Session = { tree, browser, bridge, ntfy, outDir, shots: [], ntfyStopped: false };
  try {
    await captureMessages(session);
    await captureNarrow(session);
    await captureCredentials(session);
    await captureServerDown(session);
  } finally {
    await browser.close();
    await bridge.close();
    if (!session.ntfyStopped) await ntfy.close();
  }
  if (guard.refused.length > 0) {
    throw new Error(`refused network access: ${guard.refused.map((attempt) => attempt.target).join(', ')}`);
  }
  const date = new Date().toISOString().slice(0, 10);
  await writeFile(path.join(outDir, 'README.md'), readmeText({ shots: session.shots, commit: ISSUE_COMMIT, date }));
  console.log(`wrote ${session.shots.length} screenshots and README.md to ${outDir}`);
}

await main();
