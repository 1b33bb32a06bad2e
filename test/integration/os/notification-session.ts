/**
 * A throwaway desktop for notification tests: Xvfb on a display it picks itself, a private dbus-daemon session bus
 * (no service activation unless given a `serviceDir`, so nothing starts behind the test's back) and optionally a real notification server on
 * it. Every process it starts is stopped by `stop()`. Also used by scripts/screenshot-notification.ts.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { access, constants, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '../../../main/core/ports.ts';
import { connectSessionBus } from '../../../main/os/dbus/session-bus.ts';

const run = promisify(execFile);

/** The first executable with this name on PATH, or at one of the given absolute paths. */
export async function findExecutable(name: string, extraPaths: readonly string[] = []): Promise<string | undefined> {
  const candidates = [
    ...(process.env['PATH'] ?? '').split(path.delimiter).map((dir) => path.join(dir, name)),
    ...extraPaths,
  ];
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here (or not executable): try the next candidate
    }
  }
  return undefined;
}

interface Managed {
  readonly child: ChildProcess;
  readonly output: () => string;
}

function startManaged(command: string, args: readonly string[], env: NodeJS.ProcessEnv, extraFd = false): Managed {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe', ...(extraFd ? ['pipe' as const] : [])] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return { child, output: () => output };
}

/** Resolves with the first line `stream` writes; rejects if the process exits first. */
function firstLine(managed: Managed, stream: NodeJS.ReadableStream | null, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer | string): void => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end < 0) return;
      managed.child.off('exit', onExit);
      stream?.off('data', onData);
      resolve(text.slice(0, end).trim());
    };
    const onExit = (code: number | null): void => {
      reject(new Error(`${what} exited (${code}) before it was ready:\n${managed.output()}`));
    };
    managed.child.once('exit', onExit);
    stream?.on('data', onData);
  });
}

async function stopManaged(managed: Managed): Promise<void> {
  const { child } = managed;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

export type NotificationServerKind = 'dunst' | 'notification-daemon' | 'none';

export const NOTIFICATION_DAEMON_PATHS = [
  '/usr/lib/notification-daemon/notification-daemon',
  '/usr/libexec/notification-daemon',
];

export interface NotificationSessionOptions {
  readonly server: NotificationServerKind;
  readonly log: Logger;
  /** dunstrc contents; `{dir}` is replaced by the session's scratch directory. */
  readonly dunstConfig?: string;
  /** Only for a visible server. Default 1024x768x24. */
  readonly screen?: string;
  /** A folder of D-Bus service files: the bus then starts their programs when a call is addressed to their names. */
  readonly serviceDir?: string;
}

export interface NotificationSession {
  readonly busAddress: string;
  /** `:N`; empty without a server. */
  readonly display: string;
  /** Scratch directory, removed by stop(). */
  readonly dir: string;
  /** Stops the notification server (the bus and display stay). */
  stopServer(): Promise<void>;
  /** What the notification server printed so far, for failure messages. */
  serverOutput(): string;
  /** Runs a command with this session's DISPLAY and bus; resolves with its trimmed stdout. */
  exec(command: string, args: readonly string[]): Promise<string>;
  stop(): Promise<void>;
}

const BUS_CONFIG = (
  dir: string,
  serviceDir?: string,
): string => `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${dir}</listen>
  <auth>EXTERNAL</auth>${serviceDir === undefined ? '' : `\n  <servicedir>${serviceDir}</servicedir>`}
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

/** Resolves once somebody owns org.freedesktop.Notifications on the bus, watching NameOwnerChanged. */
async function waitForNotificationServer(busAddress: string, log: Logger, server: Managed): Promise<void> {
  const bus = await connectSessionBus({ busAddress, log });
  const dbus = {
    destination: 'org.freedesktop.DBus',
    path: '/org/freedesktop/DBus',
    interface: 'org.freedesktop.DBus',
  };
  let onExit = (): void => undefined;
  try {
    const owned = new Promise<void>((resolve, reject) => {
      bus.onSignal((signal) => {
        if (signal.member === 'NameOwnerChanged' && signal.body[0] === 'org.freedesktop.Notifications') resolve();
      });
      onExit = () => {
        reject(new Error(`the notification server exited before it took its bus name:\n${server.output()}`));
      };
      server.child.once('exit', onExit);
    });
    await bus.addMatch(
      "type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.freedesktop.Notifications'",
    );
    const [hasOwner] = await bus.call({
      ...dbus,
      member: 'NameHasOwner',
      signature: 's',
      body: ['org.freedesktop.Notifications'],
    });
    if (hasOwner !== true) await owned;
  } finally {
    server.child.off('exit', onExit);
    await bus.close();
  }
}

export async function startNotificationSession(options: NotificationSessionOptions): Promise<NotificationSession> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-notify-'));
  const started: Managed[] = [];
  const stop = async (): Promise<void> => {
    // Server first, then the bus and display it uses.
    for (const managed of started.reverse()) await stopManaged(managed);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await writeFile(path.join(dir, 'bus.conf'), BUS_CONFIG(dir, options.serviceDir));
    const bus = startManaged(
      'dbus-daemon',
      ['--nofork', '--print-address=1', `--config-file=${path.join(dir, 'bus.conf')}`],
      {
        PATH: process.env['PATH'] ?? '',
      },
    );
    started.push(bus);
    const busAddress = await firstLine(bus, bus.child.stdout, 'dbus-daemon');

    let server: Managed | undefined;
    let display = '';
    if (options.server !== 'none') {
      // -displayfd: Xvfb picks a free display number itself and writes it to fd 3 once it accepts clients.
      const xvfb = startManaged(
        'Xvfb',
        ['-displayfd', '3', '-screen', '0', options.screen ?? '1024x768x24', '-nolisten', 'tcp'],
        { PATH: process.env['PATH'] ?? '' },
        true,
      );
      started.push(xvfb);
      display = `:${await firstLine(xvfb, xvfb.child.stdio[3] as NodeJS.ReadableStream, 'Xvfb')}`;
    }
    const env: NodeJS.ProcessEnv = {
      PATH: process.env['PATH'] ?? '',
      HOME: dir,
      XDG_CONFIG_HOME: dir,
      XDG_RUNTIME_DIR: dir,
      DISPLAY: display,
      DBUS_SESSION_BUS_ADDRESS: busAddress,
      NO_AT_BRIDGE: '1', // GTK: no accessibility bus to look for
    };

    if (options.server === 'dunst') {
      const config = path.join(dir, 'dunstrc');
      await writeFile(config, (options.dunstConfig ?? '').replaceAll('{dir}', dir));
      server = startManaged('dunst', ['-config', config], env);
    } else if (options.server === 'notification-daemon') {
      const daemon = await findExecutable('notification-daemon', NOTIFICATION_DAEMON_PATHS);
      if (daemon === undefined) throw new Error('notification-daemon is not installed');
      server = startManaged(daemon, [], env);
    }
    if (server !== undefined) {
      started.push(server);
      await waitForNotificationServer(busAddress, options.log, server);
    }

    return {
      busAddress,
      display,
      dir,
      stopServer: () => (server === undefined ? Promise.resolve() : stopManaged(server)),
      serverOutput: () => server?.output() ?? '',
      exec: async (command, args) => (await run(command, [...args], { env })).stdout.trim(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
