import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BRIDGE_CONTRACT_VERSION } from '../../common/ipc.ts';
import { serveDirectory, type StaticServer } from './support/static-server.ts';
import { exposeStubBridge } from './support/stub-bridge.ts';

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

async function expectAppShell(page: Page): Promise<void> {
  await expect(page).toHaveTitle('ntfy Tray');
  await expect(page.getByRole('heading', { level: 1, name: 'ntfy Tray' })).toBeVisible();
  // The bridge-less page says so in a heading; the history view's sidebar says it in its empty state.
  await expect(page.getByRole('heading', { name: 'No subscriptions yet' })).toBeVisible();
}

test('shows the header, the empty state and a connected bridge when window.ntfy is present', async ({ page }) => {
  const errors = collectPageErrors(page);
  // An empty but complete bridge: no subscriptions, no messages.
  await exposeStubBridge(page);

  await page.goto(server.url);

  await expectAppShell(page);
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('No servers to connect to');
  // Neither connected nor in trouble: the dot is the words' grey, not green (issue 25 §6).
  const dot = await page.locator('.bridge-status').evaluate((element) => {
    const style = (pseudo?: string) =>
      (
        globalThis as unknown as {
          getComputedStyle(e: unknown, p?: string): { color: string; backgroundColor: string };
        }
      ).getComputedStyle(element, pseudo);
    return { dot: style('::before').backgroundColor, words: style().color };
  });
  expect(dot.dot).toBe(dot.words);
  await expect(page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('renderer-connected.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('says it is not connected when the page runs without the preload bridge', async ({ page }) => {
  const errors = collectPageErrors(page);

  await page.goto(server.url);

  await expectAppShell(page);
  await expect(page.getByRole('banner').getByRole('status')).toHaveText(
    'Not connected to the app (no window.ntfy bridge)',
  );
  await page.screenshot({ path: test.info().outputPath('renderer-disconnected.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('treats a bridge with another contract version as not connected', async ({ page }) => {
  await exposeStubBridge(page, { version: BRIDGE_CONTRACT_VERSION + 1 });

  await page.goto(server.url);

  await expect(page.getByRole('banner').getByRole('status')).toHaveText(
    'Not connected to the app (no window.ntfy bridge)',
  );
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
