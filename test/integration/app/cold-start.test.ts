/**
 * The real main bundle (dist/main/index.js) on the Electron test runtime (test/electron-runtime): a cold start
 * opens the window on the real renderer, the page's bridge reaches main's IPC handlers, and nothing fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureDistBuilt } from '../../electron-runtime/ensure-dist.ts';
import { launchApp, type LaunchedApp } from '../../electron-runtime/launch-app.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';

let tempDir = '';
const launched: LaunchedApp[] = [];

beforeAll(async () => {
  await ensureDistBuilt();
}, 120_000);

afterEach(async () => {
  await Promise.all(launched.splice(0).map((app) => app.kill()));
  if (tempDir !== '') await rm(tempDir, { recursive: true, force: true });
  tempDir = '';
});

async function start(): Promise<LaunchedApp> {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-app-'));
  const app = await launchApp({ userDataDir: path.join(tempDir, 'user-data') });
  launched.push(app);
  return app;
}

describe('cold start of the main bundle', () => {
  it('opens a visible window on the renderer, with a tray, and the bridge answers the page', async () => {
    const app = await start();
    const window = await app.waitForWindow();
    expect(window.url).toMatch(/^file:\/\/.*\/dist\/renderer\/index\.html$/);

    await app.waitForFunction(
      () => ((globalThis as unknown as PageGlobals).document.querySelector('#root')?.childElementCount ?? 0) > 0,
      null,
    );
    const answers = await app.evaluate(async () => {
      const { ntfy } = globalThis as unknown as PageGlobals;
      return [await ntfy.listSubscriptions(), await ntfy.getSettings()];
    }, null);
    expect(answers.map((answer) => answer.ok)).toEqual([true, true]);

    const records = await app.records();
    expect(records.windows).toEqual([expect.objectContaining({ visible: true, loaded: true })]);
    expect(records.trays).toHaveLength(1);
    expect(records.trays[0]?.menu.map((item) => item.label)).toContain('Quit');
    expect(records.errors).toEqual([]);
    // Electron rejects an invoke that finds no handler; none of the page's calls may have come too early.
    expect(records.unhandledInvokes).toEqual([]);
    expect(app.output()).not.toContain('startup failed');
  });
});
