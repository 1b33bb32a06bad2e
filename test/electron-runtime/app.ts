/**
 * `app` as Electron 45 documents it (https://www.electronjs.org/docs/latest/api/app), for the platform the launch
 * plays (platform.ts): 'ready' once the process has started, preventable 'before-quit' and 'will-quit', and a quit
 * that first closes every window (a window whose 'close' is prevented cancels the quit). Members Electron has on
 * one platform only (login items, the Dock, toast ids) are in platform-app.ts and throw elsewhere.
 */
import { EventEmitter } from 'node:events';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromiumAppLocale, preferredSystemLanguages } from './os-locale.ts';
import type { StandInPlatform } from './platform.ts';
import {
  createDock,
  LoginItemsStandIn,
  type DockStandIn,
  type LoginItemQuery,
  type LoginItemSettingsInput,
  type LoginItemsRecord,
} from './platform-app.ts';

export interface QuitHooks {
  /** Asks every open window to close; false when one refused (its 'close' was prevented). */
  closeAllWindows(): boolean;
  /** Closes Chromium and ends the process with `code`. */
  exitProcess(code: number): void;
}

export interface AppStandInOptions {
  readonly appPath: string;
  readonly hooks: QuitHooks;
  readonly platform: StandInPlatform;
  /** As an installed app (launchApp's `packaged`): isPackaged true, resources folder checked (runtime.ts). */
  readonly packaged: boolean;
}

interface PackageJson {
  readonly name?: string;
  readonly productName?: string;
  readonly version?: string;
}

const SOCKET_NAME = 'SingletonSocket';
/** Internal event: an app event was emitted (its name is the argument). */
export const EMITTED = Symbol('emitted');
/** Internal event: a quit was held back ('before-quit' or 'will-quit' prevented, or a window refused to close). */
export const QUIT_REFUSED = Symbol('quit-refused');

export function preventableEvent(): { defaultPrevented: boolean; preventDefault(): void } {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

/** Electron's appData: ~/.config (XDG) on Linux, ~/Library/Application Support on macOS, %APPDATA% on Windows. */
function appDataFolder(platform: StandInPlatform): string {
  if (platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support');
  if (platform === 'win32') return process.env['APPDATA'] ?? path.join(os.homedir(), 'AppData', 'Roaming');
  return process.env['XDG_CONFIG_HOME'] ?? path.join(os.homedir(), '.config');
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // ESRCH: no such process, so the lock is stale. EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class AppStandIn extends EventEmitter {
  readonly #appPath: string;
  readonly #packageJson: PackageJson;
  readonly #paths = new Map<string, string>();
  readonly #hooks: QuitHooks;
  readonly #platform: StandInPlatform;
  readonly #packaged: boolean;
  readonly #loginItems: LoginItemsStandIn;
  readonly #dock: DockStandIn | undefined;
  #appUserModelId: string | undefined;
  #ready = false;
  #readyPromise: Promise<void>;
  #lockPath: string | undefined;
  #badgeCount = 0;
  #quitting = false;
  #handOverServer: Server | undefined;
  /** A second instance's message to the holder, still being written; exit waits for it. */
  #handOver: Promise<void> = Promise.resolve();
  /** Every app event emitted, in order, for tests that wait on one (see control.ts). */
  readonly emitted: string[] = [];

  constructor(options: AppStandInOptions) {
    super();
    this.#appPath = options.appPath;
    this.#hooks = options.hooks;
    this.#platform = options.platform;
    this.#packaged = options.packaged;
    this.#loginItems = new LoginItemsStandIn(options.platform);
    this.#dock = options.platform === 'darwin' ? createDock() : undefined;
    this.#packageJson = JSON.parse(readFileSync(path.join(options.appPath, 'package.json'), 'utf8')) as PackageJson;
    const appData = appDataFolder(options.platform);
    this.#paths.set('home', os.homedir());
    this.#paths.set('appData', appData);
    this.#paths.set('userData', path.join(appData, this.getName()));
    this.#paths.set('temp', os.tmpdir());
    this.#paths.set('exe', process.execPath);
    // Electron emits 'ready' after the main script's first turn; setImmediate gives the same ordering.
    this.#readyPromise = new Promise((resolve) => {
      setImmediate(() => {
        this.#ready = true;
        this.emit('ready', {}, {});
        resolve();
      });
    });
  }

  /** False as under `electron .` (npm start); true for a launch as an installed app (launchApp's `packaged`). */
  get isPackaged(): boolean {
    return this.#packaged;
  }

  /** macOS: the Dock; Electron leaves the property undefined on Windows and Linux. */
  get dock(): DockStandIn | undefined {
    return this.#dock;
  }

  get isQuitting(): boolean {
    return this.#quitting;
  }

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (typeof event === 'string') this.emitted.push(event);
    const handled = super.emit(event, ...args);
    if (typeof event === 'string') super.emit(EMITTED, event);
    return handled;
  }

  /** Resolves once a hand-over to the running instance has been written (or at once if there is none). */
  handOverDone(): Promise<void> {
    return this.#handOver;
  }

  isReady(): boolean {
    return this.#ready;
  }

  whenReady(): Promise<void> {
    return this.#readyPromise;
  }

  getName(): string {
    return this.#packageJson.productName ?? this.#packageJson.name ?? 'Electron';
  }

  getVersion(): string {
    return this.#packageJson.version ?? '0.0.0';
  }

  getAppPath(): string {
    return this.#appPath;
  }

  /** Any time, as in Electron (os-locale.ts reads the process's POSIX locale). */
  getPreferredSystemLanguages(): string[] {
    return preferredSystemLanguages(process.env);
  }

  /** Electron: "This API must be called after the ready event is emitted." The stand-in enforces it. */
  getLocale(): string {
    if (!this.#ready) throw new Error('app.getLocale() must be called after the ready event');
    return chromiumAppLocale(process.env);
  }

  getPath(name: string): string {
    const value = this.#paths.get(name);
    if (value === undefined) throw new Error(`Failed to get '${name}' path`);
    return value;
  }

  setPath(name: string, value: string): void {
    if (!path.isAbsolute(value)) throw new Error(`Path must be absolute: ${value}`);
    // Electron reads userData (and sessionData under it) when the default session is created at 'ready'; a later
    // change splits the app's files from Chromium's. The stand-in makes that a failure instead of a silent split.
    if (this.#ready && (name === 'userData' || name === 'sessionData')) {
      throw new Error(`app.setPath('${name}') after 'ready' has no effect on the session in Electron 45`);
    }
    this.#paths.set(name, value);
  }

  /**
   * Scoped to the userData folder like Electron's (a file there names the holder's pid; a dead holder's lock is
   * taken over). Call setPath('userData') first, as Electron requires.
   */
  requestSingleInstanceLock(additionalData?: Record<string, unknown>): boolean {
    if (this.#lockPath !== undefined) return true;
    const dir = this.getPath('userData');
    mkdirSync(dir, { recursive: true });
    const lockPath = path.join(dir, 'SingletonLock');
    try {
      closeSync(openSync(lockPath, 'wx'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        this.#handOver = this.#tellHolder(path.join(dir, SOCKET_NAME), additionalData ?? {});
        return false;
      }
    }
    writeFileSync(lockPath, String(process.pid));
    this.#lockPath = lockPath;
    this.#listenForSecondInstances(path.join(dir, SOCKET_NAME));
    return true;
  }

  /** Electron's Linux lock is also a socket in userData: a second launch sends its argv, cwd and additional data. */
  #tellHolder(socketPath: string, additionalData: Record<string, unknown>): Promise<void> {
    return new Promise((resolve) => {
      const socket = connect(socketPath, () => {
        socket.end(JSON.stringify({ argv: process.argv, cwd: process.cwd(), additionalData }));
      });
      socket.on('close', () => {
        resolve();
      });
      socket.on('error', (error) => {
        console.error('electron stand-in: could not reach the running instance', error);
      });
    });
  }

  #listenForSecondInstances(socketPath: string): void {
    rmSync(socketPath, { force: true });
    const server = createServer((socket) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => {
        const message = JSON.parse(text) as { argv: string[]; cwd: string; additionalData: unknown };
        // Electron emits 'second-instance' only once ready.
        void this.whenReady().then(() => {
          this.emit('second-instance', preventableEvent(), message.argv, message.cwd, message.additionalData);
        });
      });
    });
    server.on('error', (error) => {
      console.error('electron stand-in: the single-instance socket failed', error);
    });
    server.listen(socketPath);
    // The lock must not keep the process alive on its own.
    server.unref();
    this.#handOverServer = server;
  }

  hasSingleInstanceLock(): boolean {
    return this.#lockPath !== undefined;
  }

  releaseSingleInstanceLock(): void {
    if (this.#lockPath === undefined) return;
    this.#handOverServer?.close();
    this.#handOverServer = undefined;
    rmSync(this.#lockPath, { force: true });
    this.#lockPath = undefined;
  }

  /**
   * Documented for Linux and macOS, but bound on every platform: Electron 45's browser_win.cc draws it as the
   * taskbar overlay (Chromium's badging), browser_mac.mm as the Dock badge, Linux as the Unity launcher count.
   */
  setBadgeCount(count?: number): boolean {
    this.#badgeCount = count ?? 0;
    return true;
  }

  getBadgeCount(): number {
    return this.#badgeCount;
  }

  getLoginItemSettings(query?: LoginItemQuery) {
    this.#only(['darwin', 'win32'], 'getLoginItemSettings');
    return this.#loginItems.get(query);
  }

  setLoginItemSettings(settings: LoginItemSettingsInput): void {
    this.#only(['darwin', 'win32'], 'setLoginItemSettings');
    this.#loginItems.set(settings, this.#appUserModelId ?? `electron.app.${this.getName()}`);
  }

  loginItemsRecord(): LoginItemsRecord {
    return this.#loginItems.toRecord();
  }

  setAppUserModelId(id: string): void {
    this.#only(['win32'], 'setAppUserModelId');
    this.#appUserModelId = id;
  }

  setToastActivatorCLSID(id: string): void {
    this.#only(['win32'], 'setToastActivatorCLSID');
    if (!/^\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i.test(id)) {
      throw new Error(`app.setToastActivatorCLSID: '${id}' is not a CLSID`);
    }
  }

  #only(platforms: readonly StandInPlatform[], member: string): void {
    if (platforms.includes(this.#platform)) return;
    throw new Error(
      `app.${member}() is ${platforms.join('/')} only in Electron 45; the stand-in plays ${this.#platform}`,
    );
  }

  quit(): void {
    const beforeQuit = preventableEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) {
      super.emit(QUIT_REFUSED);
      return;
    }
    this.#quitting = true;
    if (!this.#hooks.closeAllWindows()) {
      this.#quitting = false;
      super.emit(QUIT_REFUSED);
      return;
    }
    const willQuit = preventableEvent();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      this.#quitting = false;
      super.emit(QUIT_REFUSED);
      return;
    }
    this.emit('quit', {}, 0);
    this.exit(0);
  }

  /** Ends at once: no 'before-quit' or 'will-quit', windows are not asked. */
  exit(exitCode = 0): void {
    this.releaseSingleInstanceLock();
    this.#hooks.exitProcess(exitCode);
  }
}
