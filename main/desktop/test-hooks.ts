/**
 * Test-only hooks, installed only when NTFY_TRAY_TEST_HOOKS=1 in an unpackaged build: what a browser driver cannot
 * reach — the tray and the native notifications — becomes readable from Playwright's `electronApp.evaluate()`. Off
 * in normal runs, and read-only: nothing here can change what the app does.
 */
import type { Notifier, NotifierShowRequest } from '../core/ports.ts';
import type { TrayModel } from '../core/tray/tray-model.ts';

export interface TestHooks {
  /** Every notification the app asked to show, in order. */
  readonly shownNotifications: NotifierShowRequest[];
  /** The tray as it is now (icon variant, tooltip, menu). */
  trayModel(): TrayModel | undefined;
}

const TEST_HOOKS_GLOBAL = '__ntfyTrayTestHooks';

/**
 * Never in a packaged build, whatever the environment says: anyone who can set a variable for the user's session
 * (a login script, a shortcut) could otherwise make the installed app expose every notification it shows.
 */
export function testHooksEnabled(
  env: Readonly<Record<string, string | undefined>>,
  app: { readonly isPackaged: boolean },
): boolean {
  return !app.isPackaged && env['NTFY_TRAY_TEST_HOOKS'] === '1';
}

/** Records what passes through to the real notifier. */
export function recordNotifications(notifier: Notifier, shown: NotifierShowRequest[]): Notifier {
  return {
    show: async (request) => {
      shown.push(request);
      await notifier.show(request);
    },
    close: (id) => notifier.close(id),
    onAction: (listener) => notifier.onAction(listener),
    onClosed: (listener) => notifier.onClosed(listener),
    capabilities: () => notifier.capabilities(),
    dispose: () => notifier.dispose(),
  };
}

export function installTestHooks(target: object, hooks: TestHooks): void {
  Object.defineProperty(target, TEST_HOOKS_GLOBAL, { value: hooks, enumerable: false });
}
