/**
 * Starts the built main bundle (dist/main/index.js) as its own Node 24 process with the stand-in `electron`
 * (register.ts), and gives the test a handle on it over the fork channel (control.ts): the window's page, the
 * records of tray, notifications and dialogs, and quit. Each launch gets its own user data, home and config
 * folders, and no D-Bus (so notifications go through the recorded Electron Notification).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cp, mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { PLATFORM_SWITCH, standInPlatform, type StandInPlatform } from './platform.ts';
import type { ControlReply, ControlRequest, FinalRecordsEvent } from './protocol.ts';
import type { PageRequestKind, RuntimeRecords, SystemEndRecord, WindowRecord } from './records.ts';
import { PACKAGED_SWITCH, type ToastActivationDetails } from './runtime.ts';
import { repoRoot } from './ensure-dist.ts';
import { tallyStart } from '../support/start-tally.ts';

export interface LaunchAppOptions {
  /** Electron's userData (NTFY_TRAY_USER_DATA_DIR); HOME and XDG folders go beside it (`<userDataDir>.home`). */
  readonly userDataDir: string;
  /** Added to the app's environment (after the isolation defaults, so a test may override them). */
  readonly env?: Readonly<Record<string, string>>;
  /** The app folder holding package.json, dist/ and assets/; this repository unless given. */
  readonly appDir?: string;
  readonly args?: readonly string[];
  /**
   * Leaves NTFY_TRAY_USER_DATA_DIR unset, so the app finds its data folder as it does for a user (from HOME and
   * XDG_DATA_HOME, which still sit in `<userDataDir>.home`). `userDataDir` is then only where that home goes.
   */
  readonly userFolders?: boolean;
  /**
   * The OS the app process plays (platform.ts): its process.platform and Electron's surface there. Default: the
   * test run's ELECTRON_STAND_IN_PLATFORM (vitest.config.ts runs the app tests once per platform), else linux.
   */
  readonly platform?: StandInPlatform;
  /**
   * As an installed app: app.isPackaged true, so test hooks stay off and the packaged menu shows. `appDir` must
   * then be laid out as `<install>/resources/app` (packaged-app.ts makes one from what electron-builder packs) or be
   * electron-builder's app.asar extracted to `<install>/resources/app.asar` (test/integration/packaging/asar.ts).
   */
  readonly packaged?: boolean;
}

export interface ExitInfo {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** Default wait for page conditions (ms); generous for a 2-core machine shared with other test runs. */
const WAIT_FOR_FUNCTION_MS = 30_000;

export interface LaunchedApp {
  readonly pid: number;
  /** Resolves when the process has ended, whatever the reason. */
  readonly exited: Promise<ExitInfo>;
  /** Everything the app wrote on stdout and stderr so far. */
  output(): string;
  /**
   * Resolves once the app has written `text` on stdout or stderr. Its output comes through pipes that the control
   * channel does not wait for: a line logged before an answer may still be on its way when the answer arrives.
   */
  waitForOutput(text: string): Promise<void>;
  records(): Promise<RuntimeRecords>;
  /** The records the app process sent as it exited (after a quit or a failed start); undefined before that. */
  finalRecords(): RuntimeRecords | undefined;
  /** The first window, once its page has loaded. */
  waitForWindow(): Promise<WindowRecord>;
  /** Runs `fn` in the window's page (its text is sent, so it may use only its argument and page globals). */
  evaluate<Arg, Result>(fn: (arg: Arg) => Result | Promise<Result>, arg: Arg): Promise<Result>;
  waitForFunction<Arg>(fn: (arg: Arg) => unknown, arg: Arg, timeoutMs?: number): Promise<void>;
  navigate(url: string): Promise<void>;
  clickTrayItem(label: string): Promise<void>;
  /** As the user's close button; false when the app prevented it (a tray app hides instead). */
  closeWindow(): Promise<boolean>;
  waitForAppEvent(event: string, count?: number): Promise<void>;
  clickNotification(index: number, actionIndex?: number): Promise<void>;
  /**
   * Resolves once the pages have made `count` requests of `kind` (navigations they started, window.open calls,
   * permission requests), each answered by the app's handler and recorded.
   */
  waitForPageRequests(kind: PageRequestKind, count: number): Promise<void>;
  /** app.quit() in the app, then waits for the process to end. */
  quit(): Promise<ExitInfo>;
  /** macOS: the system quits the app (Shut Down, Restart, Log Out); what the app did with it (control.ts). */
  systemQuit(): Promise<SystemEndRecord>;
  /** Windows: the session ends (log off, shut down); the process is gone when this resolves. */
  endSession(): Promise<ExitInfo>;
  /** Windows: a toast activation that reaches the app through Notification.handleActivation only. */
  activateToast(details: ToastActivationDetails): Promise<void>;
  /** Ends the process at once if it still runs (test clean-up). */
  kill(): Promise<ExitInfo>;
}

function isolatedEnv(options: LaunchAppOptions): NodeJS.ProcessEnv {
  const home = `${options.userDataDir}.home`;
  const platform = options.platform ?? standInPlatform(process.env);
  const inherited = { ...process.env };
  // The app must not find the developer's desktop session, display or Node flags.
  for (const name of [
    'DBUS_SESSION_BUS_ADDRESS',
    'DISPLAY',
    'WAYLAND_DISPLAY',
    'NODE_OPTIONS',
    'NTFY_TRAY_TEST_HOOKS',
    // The developer's language must not change what the app says: en_US.UTF-8 below unless the test passes one.
    'LANGUAGE',
    'LC_ALL',
    'LC_MESSAGES',
  ]) {
    inherited[name] = undefined;
  }
  return {
    ...inherited,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    // A socket path that does not exist: the app's D-Bus connect fails fast and it uses Electron notifications.
    DBUS_SESSION_BUS_ADDRESS: `unix:path=${options.userDataDir}.no-bus`,
    LANG: 'en_US.UTF-8',
    // Windows' roaming folder, inside the isolated home (POSIX paths: the runtime still runs on Linux).
    APPDATA: path.join(home, 'AppData', 'Roaming'),
    NTFY_TRAY_USER_DATA_DIR: options.userFolders === true ? undefined : options.userDataDir,
    [PLATFORM_SWITCH]: platform,
    [PACKAGED_SWITCH]: options.packaged === true ? '1' : undefined,
    ...options.env,
  };
}

function controlChannel(child: ChildProcess, exited: Promise<ExitInfo>, output: () => string) {
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (message: ControlReply | FinalRecordsEvent) => {
    if (!('id' in message)) return;
    const reply = message;
    const waiter = pending.get(reply.id);
    if (waiter === undefined) return;
    pending.delete(reply.id);
    if (reply.ok) waiter.resolve(reply.value);
    else waiter.reject(new Error(`app process: ${reply.error}`));
  });
  void exited.then((exit) => {
    for (const waiter of pending.values()) {
      const how = `code ${String(exit.code)}, signal ${String(exit.signal)}`;
      waiter.reject(new Error(`the app process ended (${how}); its output:\n${output()}`));
    }
    pending.clear();
  });
  return (request: ControlRequest): Promise<unknown> =>
    new Promise((resolve, reject) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        reject(new Error('the app process has ended'));
        return;
      }
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ ...request, id });
    });
}

export async function launchApp(options: LaunchAppOptions): Promise<LaunchedApp> {
  tallyStart('app-launch');
  const appDir = options.appDir ?? repoRoot;
  await mkdir(options.userDataDir, { recursive: true });
  await mkdir(path.join(`${options.userDataDir}.home`, '.config'), { recursive: true });
  const child = fork(path.join(appDir, 'dist', 'main', 'index.js'), [...(options.args ?? [])], {
    cwd: appDir,
    execPath: process.execPath,
    execArgv: ['--import', new URL('./register.ts', import.meta.url).href],
    env: isolatedEnv(options),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const outputWaiters = new Set<{ text: string; found: () => void }>();
  const onOutput = (chunk: Buffer): void => {
    output += chunk.toString();
    for (const waiter of outputWaiters) {
      if (!output.includes(waiter.text)) continue;
      outputWaiters.delete(waiter);
      waiter.found();
    }
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  const exited = new Promise<ExitInfo>((resolve) => {
    child.on('exit', (code, signal) => {
      resolve({ code, signal });
    });
  });
  const request = controlChannel(child, exited, () => output);
  let finalRecords: RuntimeRecords | undefined;
  child.on('message', (message: ControlReply | FinalRecordsEvent) => {
    if ('type' in message) finalRecords = message.records;
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start the app process:\n${output}`);
  return {
    pid,
    exited,
    output: () => output,
    waitForOutput: (text) =>
      new Promise<void>((resolve, reject) => {
        if (output.includes(text)) {
          resolve();
          return;
        }
        outputWaiters.add({ text, found: resolve });
        void exited.then(() => {
          reject(new Error(`the app ended without writing '${text}'; its output:\n${output}`));
        });
      }),
    records: async () => (await request({ op: 'records' })) as RuntimeRecords,
    finalRecords: () => finalRecords,
    waitForWindow: async () => (await request({ op: 'waitForWindow' })) as WindowRecord,
    evaluate: async <Arg, Result>(fn: (arg: Arg) => Result | Promise<Result>, arg: Arg) =>
      (await request({ op: 'evaluate', source: fn.toString(), arg })) as Result,
    waitForFunction: async (fn, arg, timeoutMs = WAIT_FOR_FUNCTION_MS) => {
      await request({ op: 'waitForFunction', source: fn.toString(), arg, timeoutMs });
    },
    navigate: async (url) => {
      await request({ op: 'navigate', url });
    },
    clickTrayItem: async (label) => {
      await request({ op: 'clickTrayItem', label });
    },
    closeWindow: async () => (await request({ op: 'closeWindow' })) as boolean,
    clickNotification: async (index, actionIndex) => {
      await request(
        actionIndex === undefined
          ? { op: 'clickNotification', index }
          : { op: 'clickNotification', index, actionIndex },
      );
    },
    waitForPageRequests: async (kind, count) => {
      await request({ op: 'waitForPageRequests', kind, count });
    },
    waitForAppEvent: async (event, count = 1) => {
      await request({ op: 'waitForAppEvent', event, count });
    },
    quit: async () => {
      await request({ op: 'quit' });
      return exited;
    },
    systemQuit: async () => (await request({ op: 'systemQuit' })) as SystemEndRecord,
    endSession: async () => {
      await request({ op: 'endSession' });
      return exited;
    },
    activateToast: async (details) => {
      await request({ op: 'activateToast', details });
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}

/**
 * Lays out an app folder at `target` as the packaged app has it (package.json, dist/, assets/), with this
 * repository's node_modules linked in, so the bundle runs from a path of the test's choosing.
 */
export async function copyAppFolder(target: string): Promise<string> {
  await mkdir(target, { recursive: true });
  for (const entry of ['package.json', 'dist', 'assets']) {
    await cp(path.join(repoRoot, entry), path.join(target, entry), { recursive: true });
  }
  await symlink(path.join(repoRoot, 'node_modules'), path.join(target, 'node_modules'), 'dir');
  return target;
}
