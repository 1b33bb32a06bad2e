/**
 * Electron composition root: builds the core with Electron adapters and starts the app — settings, history,
 * keychain, notifier, engine, tray, IPC, power/network and start-at-login. Nothing here decides anything: the
 * decisions live in main/core (tested under Node) and main/desktop (tested through test/fakes/electron.ts).
 *
 * Over 300 lines on purpose: it is wiring only, in start order, and one file shows the whole order (what must exist
 * before the window loads, what is stopped on quit) that the app tests in test/integration/app check.
 */
import { readFile, realpath } from 'node:fs';
import { chmod, writeFile } from 'node:fs/promises';
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
import type { SaveFile } from './core/bridge/client-config-requests.ts';
import { isAllowedExternalUrl } from './core/delivery/external-url.ts';
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
import { type UpdateChecksControl, updateChecksControl, type UpdateFeed } from './core/updates/update-policy.ts';
import type { RunningDesktopApp } from './desktop/app-lifecycle.ts';
import { appPageUrl, type ProtocolHandle, registerAppScheme, serveAppFolder } from './desktop/app-protocol.ts';
import { hideDockInDevelopment } from './desktop/dock.ts';
import type { ElectronApi } from './desktop/electron-api.ts';
import { ElectronNotifier, prepareWindowsToasts } from './desktop/electron-notifier.ts';
import { isRendererPage } from './desktop/ipc.ts';
import { describeStartupFailure, launchDesktopApp } from './desktop/launch.ts';
import { applyStartAtLogin, wasLaunchedAtLogin } from './desktop/login-item.ts';
import { watchPowerAndNetwork } from './desktop/power-network.ts';
import { installTestHooks, recordNotifications, testHooksEnabled } from './desktop/test-hooks.ts';
import { handleToastActivations } from './desktop/toast-activation.ts';
import { selectTrayIconPath } from './desktop/tray.ts';
import { readUpdateFeed, startUpdates } from './desktop/updates.ts';
import { connectSessionBus } from './os/dbus/session-bus.ts';
import { openDbusNotifier } from './os/notifications/dbus-notifier.ts';
import { unpackedAsarPath } from './os/notifications/unpacked-path.ts';
import { followTrayPresence } from './os/tray/follow-tray-presence.ts';
import { startUnifiedPushInBackground } from './os/unifiedpush/start-distributor.ts';

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

/** D-Bus on Linux (buttons, urgency, replace); Electron's Notification elsewhere, and as the Linux fallback. */
async function openNotifier(notices: DesktopNotices): Promise<Notifier> {
  if (process.platform === 'win32') prepareWindowsToasts(app, APP_ID);
  if (process.platform === 'linux') {
    try {
      return await openDbusNotifier({
        connect: () => connectSessionBus({ log: log.child('dbus') }),
        log: log.child('notifier'),
        // The notification server reads the file itself: it cannot see inside app.asar.
        appIconPath: unpackedAsarPath(appIcon),
        desktopEntry: 'ntfy-tray',
      });
    } catch (error) {
      log.log('warn', 'no D-Bus notification server; using Electron notifications', { error: String(error) });
    }
  }
  return new ElectronNotifier({
    Notification,
    log: log.child('notifier'),
    appIconPath: appIcon,
    onRefusalChange: (refused) => {
      notices.setNotificationsRefused(refused);
    },
  });
}

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
  const updateSetup = readUpdateSetup();
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
  updateSetup
    .then(({ feed, control }) =>
      startUpdates({
        feed,
        control,
        enabled: () => core.settings.get().preferences.checkForUpdates,
        isPackaged: app.isPackaged,
        platform: process.platform,
        env: process.env,
        resourcesPath: process.resourcesPath,
        execPath: process.execPath,
        clock,
        notices,
        log: log.child('updates'),
      }),
    )
    .catch((error: unknown) => {
      log.log('warn', 'could not start update checks', { error: String(error) });
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
  const startAtLogin = (enabled: boolean): void => {
    applyStartAtLogin(enabled, {
      app,
      platform: process.platform,
      xdg: { env: process.env, homeDir: os.homedir(), execPath: process.execPath },
      log,
    }).catch((error: unknown) => {
      log.log('warn', 'could not change start at login', { error: String(error) });
    });
  };
  startAtLogin(core.settings.get().preferences.startAtLogin);
  core.settings.onChange((next, previous) => {
    if (next.preferences.startAtLogin !== previous.preferences.startAtLogin)
      startAtLogin(next.preferences.startAtLogin);
  });
}

/** The client.yml export: Electron's save dialog over the window, then the file (owner-only when it holds secrets). */
const saveWithDialog: SaveFile = async (file) => {
  const chosen = await dialog.showSaveDialog({
    defaultPath: path.join(os.homedir(), file.suggestedName),
    filters: [{ name: 'YAML', extensions: ['yml', 'yaml'] }],
  });
  if (chosen.canceled || chosen.filePath === '') return { kind: 'canceled' };
  await writeFile(chosen.filePath, file.contents, { mode: file.private ? 0o600 : 0o644 });
  // The mode applies only to a new file: one that existed keeps its own, so a file with secrets is narrowed here.
  if (file.private) await chmod(chosen.filePath, 0o600);
  return { kind: 'saved', path: chosen.filePath };
};

/** History, notifier and engine: what the window's requests wait for (see main/desktop/launch.ts). */
interface UpdateSetup {
  readonly feed: UpdateFeed | undefined;
  readonly control: UpdateChecksControl;
}

/** The build's release feed and the administrator decide whether updates are checked at all (the window says which). */
async function readUpdateSetup(): Promise<UpdateSetup> {
  const feed = await readUpdateFeed({
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    log: log.child('updates'),
  }).catch((error: unknown) => {
    log.log('warn', 'could not read app-update.yml: not checking for updates', { error: String(error) });
    return undefined;
  });
  return { feed, control: updateChecksControl(feed, process.env) };
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
    notifier = await openNotifier(notices);
  } catch (error) {
    await history.close();
    throw error;
  }
  // Subscriptions' commands get the app's environment, as the CLI's get the CLI's (core/app/subscription-commands.ts);
  // a quit ends them (core.stop), and so does the process's exit, whatever cut the quit short.
  const commandRunner = createCommandRunner({ env: process.env, platform: process.platform, stdio: 'capture-stderr' });
  endRunsAtExit(commandRunner);
  const secrets = createKeytarSecretStore({ log: log.child('keychain') });
  const started = startAppCore({
    settings,
    history,
    secrets,
    notifier: hooksEnabled ? recordNotifications(notifier, shownNotifications) : notifier,
    clock,
    random: Math.random,
    log,
    // Callers pass only allowlisted URLs; checking again here keeps the one call into the OS safe on its own.
    openExternal: async (url) => {
      const checked = isAllowedExternalUrl(url);
      if (checked.ok) await shell.openExternal(checked.url);
      else log.log('warn', 'refused to open a URL', { reason: checked.reason });
    },
    copyText: (text) => {
      clipboard.writeText(text).catch((error: unknown) => {
        log.log('warn', 'could not copy to the clipboard', { error: String(error) });
      });
    },
    openMessage: (server, message, shown) => {
      desktop.mainWindow.show();
      emit('showMessage', { server, id: message.id, ...shown });
    },
    attachments: { dir: path.join(userData, 'attachments') },
    startCommand: commandRunner.start,
    saveFile: saveWithDialog,
    events: {
      messagesReceived: (messages) => {
        emit('messagesReceived', messages);
      },
      connectionsChanged: (connections) => {
        emit('connectionsChanged', connections);
      },
      settingsChanged: (dto) => {
        emit('settingsChanged', dto);
      },
      trayChanged: updateTray,
      accountChanged: (status) => {
        emit('accountChanged', status);
      },
      commandStateChanged: (change) => {
        emit('commandStateChanged', change);
      },
    },
    notices: createNoticeRequests({ notices, dismissals, log: log.child('notices') }),
    notificationsRefused: () => notices.notificationsRefused(),
    updateChecks,
  });
  late.core = started;
  // Linux desktop apps get push through the user's ntfy server (issue 35); no such standard elsewhere.
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
