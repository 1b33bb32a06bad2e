import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { DesktopNoticeDto } from '../../common/ipc.ts';
import { serveDirectory, type StaticServer } from './support/static-server.ts';
import { exposeStubBridge, type StubBridgeGlobals } from './support/stub-bridge.ts';

const rendererDir = path.resolve(import.meta.dirname, '../../dist/renderer');
const releaseUrl = 'https://github.com/ntfy-tray/ntfy-tray/releases/tag/v1.2.0';
const updateNotice: DesktopNoticeDto = {
  id: 'update-available',
  text: 'ntfy Tray 1.2.0 is out. Download it from its release page and install it.',
  dismissible: true,
  link: { label: 'What is new in 1.2.0', url: releaseUrl },
};

let server: StaticServer;

test.beforeAll(async () => {
  server = await serveDirectory(rendererDir);
});

test.afterAll(async () => {
  await server.close();
});

test('a new version’s notice links its release page through main (openLink), beside its dismiss button', async ({
  page,
}) => {
  await exposeStubBridge(page, { notices: [updateNotice] });
  await page.goto(server.url);
  const notice = page.locator('[data-notice="update-available"]');
  await expect(notice).toContainText(updateNotice.text);
  await expect(notice).toHaveAttribute('role', 'status');

  await notice.getByRole('button', { name: 'What is new in 1.2.0' }).click();
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as StubBridgeGlobals).openedLinks))
    .toEqual([releaseUrl]);
  await expect(notice.getByRole('button', { name: "Don't show again" })).toBeVisible();
});

test('a notice without a link has no link button', async ({ page }) => {
  await exposeStubBridge(page, {
    notices: [{ id: 'tray-icon-missing', text: 'The tray icon did not appear.', dismissible: true }],
  });
  await page.goto(server.url);
  const notice = page.locator('[data-notice="tray-icon-missing"]');
  await expect(notice).toContainText('The tray icon did not appear.');
  await expect(notice.getByRole('button')).toHaveCount(1);
});
