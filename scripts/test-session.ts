/**
 * `npm test` runs through this: on Linux with dbus-run-session and gnome-keyring-daemon, inside
 * scripts/test-session.sh (a throwaway D-Bus session and unlocked keyring, so tests never touch the user's real
 * keychain or notification daemon); elsewhere the command as is. It is a Node script and not `sh …` in package.json
 * because npm runs scripts with cmd.exe on Windows, where no `sh` is on PATH.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

interface SessionChoice {
  readonly command: string;
  readonly args: readonly string[];
  /** cmd.exe resolves `npm` to npm.cmd; Node's spawn needs a shell for that on Windows. */
  readonly shell: boolean;
}

/** Whether `name` is an executable on PATH (PATHEXT is Windows's business and never asked for here). */
function onPath(name: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env['PATH'] ?? '').split(path.delimiter).some((folder) => {
    try {
      accessSync(path.join(folder, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** What to run for `command` on `platform`. */
export function sessionCommand(
  platform: NodeJS.Platform,
  command: readonly string[],
  env: NodeJS.ProcessEnv,
  has: (name: string) => boolean,
): SessionChoice {
  const [program, ...args] = command;
  if (program === undefined) throw new Error('usage: node scripts/test-session.ts <command> [args…]');
  const inSession = env['NTFY_TRAY_TEST_SESSION'] !== undefined && env['NTFY_TRAY_TEST_SESSION'] !== '';
  if (platform === 'linux' && !inSession && has('dbus-run-session') && has('gnome-keyring-daemon')) {
    return { command: 'sh', args: [path.join(import.meta.dirname, 'test-session.sh'), ...command], shell: false };
  }
  return { command: program, args, shell: platform === 'win32' };
}

if (import.meta.main) {
  const choice = sessionCommand(process.platform, process.argv.slice(2), process.env, (name) => onPath(name));
  const child = spawn(choice.command, choice.args, { stdio: 'inherit', shell: choice.shell });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal === null ? 1 : 128 + 15);
  });
}
