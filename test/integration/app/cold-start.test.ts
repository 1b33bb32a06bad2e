/**
 * The real main bundle (dist/main/index.js) on the Electron test runtime (test/electron-runtime): a cold start
 * opens the window on the real renderer, the page's bridge reaches main's IPC handlers, and nothing fails.
 */
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';

const { session } = registerAppTestHooks();

describe('cold start of the main bundle', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('opens a visible window on the renderer, with a tray, and the bridge answers the page', async () => {
    const app = await session.launch();
    const window = await app.waitForWindow();
    // Served by the app's app:// handler (main/desktop/app-protocol.ts), not opened as a file.
    expect(window.url).toBe('app://ntfy-tray/index.html');

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
