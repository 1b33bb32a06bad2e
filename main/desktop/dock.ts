/**
 * macOS: a tray app has no Dock icon. The packaged app says so in its Info.plist (LSUIElement, set by
 * electron-builder's extendInfo); `npm start` runs Electron.app, whose Info.plist does not, so the icon is hidden
 * here. It may flash in the Dock for a moment first (electron/electron#3498), in development only.
 */
import type { DesktopApp } from './electron-api.ts';

export interface DockOptions {
  readonly app: Pick<DesktopApp, 'isPackaged' | 'dock'>;
  readonly platform: NodeJS.Platform;
}

/** Whether the Dock icon was hidden (true only for a development run on macOS). */
export function hideDockInDevelopment(options: DockOptions): boolean {
  // app.dock exists on macOS only; the platform is checked first so it is never read elsewhere.
  if (options.platform !== 'darwin' || options.app.isPackaged) return false;
  const dock = options.app.dock;
  if (dock === undefined) return false;
  dock.hide();
  return true;
}
