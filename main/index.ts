/**
 * Electron composition root: wires the real Electron module into main/desktop and starts the app. Everything that
 * decides something lives in main/desktop (tested against test/fakes/electron.ts) or main/core.
 */
import path from 'node:path';
import { app, BrowserWindow, Menu, Tray } from 'electron';
import { startDesktopApp } from './desktop/app-lifecycle.ts';
import { createConsoleLogger } from './core/logging.ts';
import type { ElectronApi } from './desktop/electron-api.ts';
import { selectTrayIconPath } from './desktop/tray.ts';

// This annotation is the compile-time proof that the real Electron module still provides the narrow surface the
// desktop modules were written (and tested) against.
const electron: ElectronApi<Menu> = { app, BrowserWindow, Menu, Tray };

// Bundled to dist/main/index.js; the preload, renderer and assets sit beside it in the app folder or app.asar.
const distDir = path.join(import.meta.dirname, '..');
const log = createConsoleLogger({
  name: 'ntfy-tray',
  write: (level, line) => {
    if (level === 'error' || level === 'warn') console.error(line);
    else console.log(line);
  },
});

startDesktopApp({
  electron,
  paths: {
    preload: path.join(distDir, 'preload', 'index.cjs'),
    indexHtml: path.join(distDir, 'renderer', 'index.html'),
    trayIcon: selectTrayIconPath(path.join(distDir, '..', 'assets'), process.platform),
  },
  startHidden: process.argv.includes('--hidden'),
  userDataDir: process.env['NTFY_TRAY_USER_DATA_DIR'],
  log,
}).catch((error: unknown) => {
  log.log('error', 'startup failed', { error });
  app.exit(1);
});
