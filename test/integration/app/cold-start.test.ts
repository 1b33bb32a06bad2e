/**
 * The real main bundle (dist/main/index.js) on the Electron test runtime (test/electron-runtime): a cold start
 * opens the window on the real renderer, the page's bridge reaches main's IPC handlers, and nothing fails. Run once
 * per platform (vitest.config.ts): each system's own start (Dock, menu bar, session-end window) shows in the records.
 */
import { describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';
import { runPlatform } from '../../support/run-platform.ts';

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

    // What differs per system (main/desktop/app-lifecycle.ts, app-menu.ts, dock.ts, tray.ts).
    expect(records.platform).toBe(runPlatform);
    const perPlatform = {
      linux: { template: false, menu: ['Develop'], dockVisible: null, baseWindows: 0 },
      // Under npm start the Dock icon is hidden (the packaged app has LSUIElement); the menu bar keeps its roles.
      darwin: { template: true, menu: ['', '', '', 'Develop'], dockVisible: false, baseWindows: 0 },
      // A hidden BaseWindow hears Windows end the session.
      win32: { template: false, menu: ['Develop'], dockVisible: null, baseWindows: 1 },
    }[runPlatform];
    expect({
      template: records.trays[0]?.image.endsWith('Template.png'),
      menu: records.applicationMenu?.map((item) => item.label),
      dockVisible: records.dockVisible,
      baseWindows: records.baseWindows,
    }).toEqual(perPlatform);
  });
});
