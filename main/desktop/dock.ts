/**
 * macOS: a tray app has no Dock icon. The packaged app says so in its Info.plist (LSUIElement, set by
 * electron-builder's extendInfo); `npm start` runs Electron.app, whose Info.plist does not, so the icon is hidden
 * here. It may show in the Dock for a moment first (electron/electron#3498), in development only.
 */
import type { DesktopApp } from './electron-api.ts';

interface DockOptions {
  readonly app: Pick<DesktopApp, 'isPackaged' | 'dock' | 'whenReady'>;
  readonly platform: NodeJS.Platform;
}

/** Resolves to whether the Dock icon was hidden (true only for a development run on macOS). */
export async function hideDockInDevelopment(options: DockOptions): Promise<boolean> {
  // app.dock exists on macOS only; the platform is checked first so it is never read elsewhere.
  if (options.platform !== 'darwin' || options.app.isPackaged) return false;
  // Hidden once the app is ready: apps report a call made earlier in startup being undone when Electron finishes
  // launching (the app then shows in the Dock after all).
  await options.app.whenReady();
  const dock = options.app.dock;
  if (dock === undefined) return false;
  dock.hide();
  return true;
}
