/**
 * Electron composition root: builds the core with Electron adapters and starts the app — settings, history,
 * keychain, notifier, engine, tray, IPC, power/network and start-at-login. Nothing here decides anything: the
 * decisions live in main/core (tested under Node) and main/desktop (tested through test/fakes/electron.ts).
 * It is wiring only, in start order: one file shows the whole order (what must exist before the window loads, what
 * is stopped on quit) that the app tests in test/integration/app check; each part it wires lives in its own module.
 */
import { readFile, realpath } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  app,
  BaseWindow,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  net,
  Notification,
  powerMonitor,
  protocol,
  shell,
  Tray,
} from 'electron';
import { systemClock } from '../common/clock.ts';
import { setLocale, t } from '../common/i18n/translate.ts';
import { createBridgeEmit } from '../common/ipc.ts';
import { type AppCore, startAppCore } from './core/app/app-core.ts';
import { createCommandRunner, endRunsAtExit } from './core/commands/message-command.ts';
import { createConsoleLogger } from './core/logging.ts';
import { DesktopNotices } from './core/notices/desktop-notices.ts';
import { createNoticeDismissals, NOTICE_DISMISSALS_FILE } from './core/notices/notice-dismissals.ts';
import { createNoticeRequests } from './core/notices/notice-requests.ts';
import type { Notifier, NotifierShowRequest } from './core/ports.ts';
import { appDataDir } from './core/store/data-dir.ts';
import { lockDataDir } from './core/store/data-dir-lock.ts';
import { SqliteHistoryStore } from './core/store/history/index.ts';
import { createKeytarSecretStore } from './core/store/secrets/keytar-secret-store.ts';
import { createSecretSafeLogger } from './core/store/secrets/redact.ts';
import { openConfSettingsStore } from './core/store/settings/conf-settings-store.ts';
import { buildTrayModel } from './core/tray/tray-model.ts';
import type { RunningDesktopApp } from './desktop/app-lifecycle.ts';
import { appPageUrl, type ProtocolHandle, registerAppScheme, serveAppFolder } from './desktop/app-protocol.ts';
import { hideDockInDevelopment } from './desktop/dock.ts';
import type { ElectronApi } from './desktop/electron-api.ts';
import { isRendererPage } from './desktop/ipc.ts';
import { describeStartupFailure, launchDesktopApp } from './desktop/launch.ts';
import { followStartAtLogin, wasLaunchedAtLogin } from './desktop/login-item.ts';
import { openPlatformNotifier } from './desktop/platform-notifier.ts';
import { watchPowerAndNetwork } from './desktop/power-network.ts';
import { saveWithDialog } from './desktop/save-dialog.ts';
import { installTestHooks, recordNotifications, testHooksEnabled } from './desktop/test-hooks.ts';
import { handleToastActivations } from './desktop/toast-activation.ts';
import { selectTrayIconPath } from './desktop/tray.ts';
import { readUpdateSetup, startUpdatesOnceSetUp, type UpdateSetup } from './desktop/updates.ts';
import { connectSessionBus } from './os/dbus/session-bus.ts';
import { followTrayPresence } from './os/tray/follow-tray-presence.ts';
import { bridgeEvents } from './desktop/bridge-events.ts';
import { shellActions } from './desktop/shell-actions.ts';
import { startUnifiedPushInBackground } from './os/unifiedpush/start-distributor.ts';
import { createPushApps } from './core/unifiedpush/push-apps.ts';

// This annotation is the compile-time proof that the real Electron module still provides the narrow surface the
// desktop modules were written (and tested) against.
const electron: ElectronApi<Menu> = { app, BaseWindow, BrowserWindow, Menu, Tray, dialog };
const appProtocol: ProtocolHandle = protocol;

const APP_ID = 'io.github.ntfytray.app';
// Bundled to dist/main/index.js; the preload, renderer and assets sit beside it in the app folder or app.asar.
const distDir = path.join(import.meta.dirname, '..');
const assetsDir = path.join(distDir, '..', 'assets');
const indexHtml = path.join(distDir, 'renderer', 'index.html');
const appIcon = path.join(assetsDir, 'icon.png');
const log = createSecretSafeLogger(
  createConsoleLogger({
    name: 'ntfy-tray',
    write: (level, line) => {
      if (level === 'error' || level === 'warn') console.error(line);
      else console.log(line);
    },
  }),
);
const clock = systemClock;

/**
 * The app's one language, for the tray, its notifications and dialogs; the window gets the same from Chromium's
 * navigator.languages. The OS's preferred languages, best first; an empty list (Electron gives one on some Linux
 * setups without LANGUAGE) falls back to the app locale. Both may be asked only after 'ready'.
 */
function chooseLanguage(): void {
  const preferred = app.getPreferredSystemLanguages();
  setLocale(preferred.length > 0 ? preferred : [app.getLocale()]);
}

async function main(): Promise<void> {
  // The tray exists before the core does (it is created when the app is ready); commands find the core here.
  const late: { core?: AppCore } = {};
  // macOS under npm start: no Dock icon, like the packaged app (LSUIElement).
  hideDockInDevelopment({ app, platform: process.platform }).catch((error: unknown) => {
    log.log('warn', 'could not hide the Dock icon', { error: String(error) });
  });
  const notices = new DesktopNotices({ platform: process.platform });
  // The folder `ntfy-tray` uses too, so `ntfy-tray history` shows what the app received.
  const userDataDir = appDataDir({ env: process.env, platform: process.platform, homeDir: os.homedir() });
  // Linux: is our tray icon really shown (os/tray/follow-tray-presence.ts)? Until known, hide to the tray as elsewhere.
  const trayPresence = followTrayPresence({
    platform: process.platform,
    connect: () => connectSessionBus({ log: log.child('dbus') }),
    pid: process.pid,
    clock,
    notices,
    log: log.child('tray'),
  });
  // Started here, awaited once the window is up: nothing may be awaited before the launch, which sets the data folder
  // before Electron's 'ready'.
  const updateSetup = readUpdateSetup({
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    env: process.env,
    log: log.child('updates'),
  });
  const result = await launchDesktopApp({
    desktop: {
      electron,
      paths: {
        preload: path.join(distDir, 'preload', 'index.cjs'),
        indexHtml,
        trayIcon: selectTrayIconPath(assetsDir, process.platform),
        trayIconFor: (variant) => selectTrayIconPath(assetsDir, process.platform, variant),
      },
      platform: process.platform,
      trayVisible: trayPresence.usable,
      startHidden: wasLaunchedAtLogin({ app, platform: process.platform, argv: process.argv }),
      userDataDir,
      log,
      onReady: chooseLanguage,
      onTrayCommand: (command) => {
        if (command.type === 'open-window' || command.type === 'quit') return;
        late.core?.handleTrayCommand(command).catch((error: unknown) => {
          log.log('error', 'tray command failed', { command: command.type, error: String(error) });
        });
      },
    },
    lockDataDir: () => lockDataDir({ dataDir: userDataDir, kind: 'app', pid: process.pid }),
    ipcMain,
    systemShutdown: powerMonitor,
    onTerminationSignal: (quit) => {
      for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, quit);
    },
    isTrustedSender: (url) => isRendererPage(url, appPageUrl(path.basename(indexHtml))),
    openCore: (desktop) => openCore(desktop, late, notices, updateSetup),
    log,
  });
  if (result.kind !== 'running') return;
  const { core, desktop } = result;
  trayPresence.start(() => {
    desktop.mainWindow.show();
  });
  startUpdatesOnceSetUp(updateSetup, {
    enabled: () => core.settings.get().preferences.checkForUpdates,
    isPackaged: app.isPackaged,
    platform: process.platform,
    env: process.env,
    resourcesPath: process.resourcesPath,
    execPath: process.execPath,
    clock,
    notices,
    log: log.child('updates'),
  });
  if (process.platform === 'win32') {
    const showWindow = (): void => {
      desktop.mainWindow.show();
    };
    handleToastActivations({ Notification, showWindow, log: log.child('toasts') });
  }
  watchPowerAndNetwork({
    powerMonitor,
    net,
    clock,
    reconnectNow: () => {
      core.reconnectNow();
    },
    log,
  });
  followStartAtLogin(core.settings, {
    app,
    platform: process.platform,
    xdg: { env: process.env, homeDir: os.homedir(), execPath: process.execPath },
    log,
  });
}

async function openCore(
  desktop: RunningDesktopApp<Menu>,
  late: { core?: AppCore },
  notices: DesktopNotices,
  updateSetup: Promise<UpdateSetup>,
) {
  const updateChecks = (await updateSetup).control;
  const userData = app.getPath('userData');
  const dismissals = createNoticeDismissals({
    file: path.join(userData, NOTICE_DISMISSALS_FILE),
    log: log.child('notices'),
  });
  notices.restoreDismissed(await dismissals.read());
  // conf, as in the CLI: the same file in the same folder (CONTRIBUTING.md, Where things are).
  const settings = openConfSettingsStore({ dir: userData, log: log.child('settings') });
  const history = await SqliteHistoryStore.open({ dataDir: userData });
  const updateTray = (): void => {
    if (late.core === undefined) return;
    const state = late.core.trayState();
    desktop.tray.update(buildTrayModel(state));
    desktop.tray.showUnread(state.unread);
    // The launcher badge (Unity-style Linux); macOS shows no Dock icon (LSUIElement), hence the menu-bar title.
    app.setBadgeCount(state.unread);
  };
  const emit = createBridgeEmit((channel, payload) => {
    desktop.mainWindow.send(channel, payload);
  });
  const shownNotifications: NotifierShowRequest[] = [];
  const hooksEnabled = testHooksEnabled(process.env, app);
  let notifier: Notifier;
  try {
    notifier = await openPlatformNotifier({
      platform: process.platform,
      app,
      Notification,
      appId: APP_ID,
      appIconPath: appIcon,
      connectSessionBus: () => connectSessionBus({ log: log.child('dbus') }),
      notices,
      log,
    });
  } catch (error) {
    await history.close();
    throw error;
  }
  // Subscriptions' commands get the app's environment, as the CLI's get the CLI's (core/app/subscription-commands.ts);
  // a quit ends them (core.stop), and so does the process's exit, whatever cut the quit short.
  const commandRunner = createCommandRunner({ env: process.env, platform: process.platform, stdio: 'capture-stderr' });
  endRunsAtExit(commandRunner);
  const secrets = createKeytarSecretStore({ log: log.child('keychain') });
  // Linux desktop apps get push through the user's ntfy server (issue 35); no such standard elsewhere.
  const pushApps = createPushApps({
    available: process.platform === 'linux',
    onChange: (dto) => {
      emit('pushAppsChanged', dto);
      updateTray();
    },
  });
  const started = startAppCore({
    settings,
    history,
    secrets,
    notifier: hooksEnabled ? recordNotifications(notifier, shownNotifications) : notifier,
    clock,
    random: Math.random,
    log,
    ...shellActions(shell, clipboard, log),
    openMessage: (server, message, shown) => {
      desktop.mainWindow.show();
      emit('showMessage', { server, id: message.id, ...shown });
    },
    attachments: { dir: path.join(userData, 'attachments') },
    startCommand: commandRunner.start,
    saveFile: saveWithDialog(dialog, os.homedir()),
    events: bridgeEvents(emit, updateTray),
    notices: createNoticeRequests({ notices, dismissals, log: log.child('notices') }),
    notificationsRefused: () => notices.notificationsRefused(),
    updateChecks,
    pushApps,
  });
  late.core = started;
  const unifiedPush =
    process.platform === 'linux'
      ? startUnifiedPushInBackground({
          connect: () => connectSessionBus({ log: log.child('unifiedpush-dbus') }),
          dataDir: userData,
          settings,
          secrets,
          clock,
          random: Math.random,
          log: log.child('unifiedpush'),
          pushApps,
        })
      : undefined;
  updateTray();
  notices.onChange((list) => {
    emit('noticesChanged', list);
    updateTray();
  });
  if (hooksEnabled) {
    installTestHooks(globalThis, {
      shownNotifications,
      trayModel: () => buildTrayModel(started.trayState()),
    });
    log.log('warn', 'test hooks are installed (NTFY_TRAY_TEST_HOOKS=1)');
  }
  return {
    started,
    settings,
    service: started.service,
    reconnectNow: () => {
      started.reconnectNow();
      unifiedPush?.reconnectAll();
    },
    // Stop the engines first (what was read gets stored), then close the database.
    stop: async () => {
      await unifiedPush?.stop();
      await started.stop();
      await history.close();
    },
    // Windows' session end: the file's own close is synchronous (node:sqlite), only its result comes as a promise.
    stopNow: () => {
      history.close().catch((error: unknown) => {
        log.log('error', 'could not close the history', { error: String(error) });
      });
    },
  };
}

// The window's page comes from app://ntfy-tray/ (main/desktop/app-protocol.ts). The scheme's privileges must be
// registered in this first turn, before 'ready'; its handler right after 'ready' — this reaction is queued before
// the one in launchDesktopApp that creates the window, and a load starts only after this turn of the loop anyway.
// The callback forms of fs: Electron's asar support patches those for certain, so the files may lie in app.asar.
registerAppScheme(appProtocol);
app
  .whenReady()
  .then(() => {
    serveAppFolder(appProtocol, {
      rootDir: path.dirname(indexHtml),
      realpath: promisify(realpath),
      readFile: promisify(readFile),
      log: log.child('app-protocol'),
    });
  })
  .catch((error: unknown) => {
    log.log('error', 'could not serve the app:// scheme', { error });
  });

// What launchDesktopApp does not catch itself (the core's failures it shows and quits on): still tell the user.
main().catch((error: unknown) => {
  log.log('error', 'startup failed', { error });
  dialog.showErrorBox(t('app.startup.failed-title'), describeStartupFailure(error));
  app.exit(1);
});
