import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BRIDGE_CONTRACT_VERSION, BRIDGE_GLOBAL_NAME, type BridgeApi } from '../../preload/contract.ts';
import { serveDirectory, type StaticServer } from './support/static-server.ts';

// The built page (npm run test:e2e builds first), served over loopback HTTP to the system Chromium.
const rendererDir = path.resolve(import.meta.dirname, '../../dist/renderer');

let server: StaticServer;

test.beforeAll(async () => {
  server = await serveDirectory(rendererDir);
});

test.afterAll(async () => {
  await server.close();
});

/** Collects console errors and uncaught page errors from the moment it is called. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Stands in for the preload: exposes a frozen object under the bridge name before the page's scripts run. */
async function exposeBridge(page: Page, api: unknown): Promise<void> {
  await page.addInitScript(
    ({ name, value }) => {
      Object.defineProperty(globalThis, name, { value: Object.freeze(value), enumerable: true });
    },
    { name: BRIDGE_GLOBAL_NAME, value: api },
  );
}

async function expectAppShell(page: Page): Promise<void> {
  await expect(page).toHaveTitle('ntfy Tray');
  await expect(page.getByRole('heading', { level: 1, name: 'ntfy Tray' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'No subscriptions yet' })).toBeVisible();
}

test('shows the header, the empty state and a connected bridge when window.ntfy is present', async ({ page }) => {
  const errors = collectPageErrors(page);
  // The page only reads contractVersion so far; functions cannot cross addInitScript's serialization anyway.
  const api: Pick<BridgeApi, 'contractVersion'> = { contractVersion: BRIDGE_CONTRACT_VERSION };
  await exposeBridge(page, api);

  await page.goto(server.url);

  await expectAppShell(page);
  await expect(page.getByRole('status')).toHaveText('Connected to the app');
  await page.screenshot({ path: test.info().outputPath('renderer-connected.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('says it is not connected when the page runs without the preload bridge', async ({ page }) => {
  const errors = collectPageErrors(page);

  await page.goto(server.url);

  await expectAppShell(page);
  await expect(page.getByRole('status')).toHaveText('Not connected to the app (no window.ntfy bridge)');
  await page.screenshot({ path: test.info().outputPath('renderer-disconnected.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('treats a bridge with another contract version as not connected', async ({ page }) => {
  await exposeBridge(page, { contractVersion: BRIDGE_CONTRACT_VERSION + 1 });

  await page.goto(server.url);

  await expect(page.getByRole('status')).toHaveText('Not connected to the app (no window.ntfy bridge)');
});

test('declares a Content-Security-Policy that allows only its own scripts', async ({ page }) => {
  await page.goto(server.url);

  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).not.toBeNull();
  const directives = new Map(
    (policy ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
});

test('enforces that policy: an injected inline script does not run', async ({ page }) => {
  await page.goto(server.url);

  // Written as a string because this project's Node typings have no DOM; it runs inside the page.
  const outcome = await page.evaluate(`new Promise((resolve) => {
    document.addEventListener('securitypolicyviolation', (event) => resolve({
      ran: globalThis.inlineScriptRan === true,
      violated: event.effectiveDirective,
    }), { once: true });
    const script = document.createElement('script');
    script.textContent = 'globalThis.inlineScriptRan = true';
    document.body.append(script);
  })`);

  expect(outcome).toEqual({ ran: false, violated: 'script-src-elem' });
});
