/**
 * Ending a command with everything it started. A shell's children (`sleep 60 &`, a pipeline, a daemon) outlive the
 * shell unless they are ended with it, so each run starts its own process tree and is ended as a whole:
 *
 * - POSIX: the shell is spawned detached, which makes it the leader of a new session and process group (its pid is
 *   the group's id), so `kill(-pgid)` reaches every process it started that did not leave the group itself
 *   (`setsid`, `nohup … &` stays). SIGTERM first, SIGKILL a moment later for what ignored it. Being in a group of its
 *   own also keeps a terminal's Ctrl-C (sent to the CLI's foreground group) away from the command: the CLI decides.
 * - Windows: there are no process groups to signal; `taskkill /T /F` ends the process and its descendants.
 */
import { spawn } from 'node:child_process';

/** Milliseconds between SIGTERM and SIGKILL for a process group on POSIX. */
export const KILL_AFTER_MS = 500;

/** How one platform ends a process tree. */
type TreeEnding =
  | { readonly kind: 'signal-group'; readonly pgid: number }
  | { readonly kind: 'run'; readonly file: string; readonly args: readonly string[] };

/** POSIX: the run gets a process group of its own; Windows: `detached` would open a console window instead. */
export function spawnsOwnGroup(platform: NodeJS.Platform): boolean {
  return platform !== 'win32';
}

function treeEnding(pid: number, platform: NodeJS.Platform): TreeEnding {
  if (platform === 'win32') return { kind: 'run', file: 'taskkill', args: ['/pid', String(pid), '/T', '/F'] };
  return { kind: 'signal-group', pgid: pid };
}

/** What ending a tree needs from the system; tests pass their own. */
export interface TreeSystem {
  kill(pid: number, signal: NodeJS.Signals): void;
  run(file: string, args: readonly string[]): void;
  later(callback: () => void, delayMs: number): void;
}

const nodeTreeSystem: TreeSystem = {
  kill: (pid, signal) => {
    process.kill(pid, signal);
  },
  run: (file, args) => {
    const child = spawn(file, [...args], { stdio: 'ignore', windowsHide: true });
    // Nothing to do when it fails: the tree may already be gone.
    child.on('error', () => undefined);
  },
  later: (callback, delayMs) => {
    setTimeout(callback, delayMs).unref();
  },
};

/**
 * Signals a whole group. A group already gone (ESRCH) is what we wanted; one we may not signal (EPERM) is not ours
 * to end. Other errors are thrown.
 */
function signalGroup(system: TreeSystem, pgid: number, signal: NodeJS.Signals): void {
  try {
    system.kill(-pgid, signal);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ESRCH' && code !== 'EPERM') throw error;
  }
}

/**
 * Ends the process tree of `pid` (a run's shell). `immediately`: SIGKILL at once on POSIX (a second signal to the
 * CLI, the app's exit), else SIGTERM now and SIGKILL after KILL_AFTER_MS.
 */
export function endProcessTree(
  pid: number,
  platform: NodeJS.Platform,
  options: { readonly immediately?: boolean; readonly system?: TreeSystem } = {},
): void {
  const system = options.system ?? nodeTreeSystem;
  const ending = treeEnding(pid, platform);
  if (ending.kind === 'run') {
    system.run(ending.file, ending.args);
    return;
  }
  if (options.immediately === true) {
    signalGroup(system, ending.pgid, 'SIGKILL');
    return;
  }
  signalGroup(system, ending.pgid, 'SIGTERM');
  system.later(() => {
    signalGroup(system, ending.pgid, 'SIGKILL');
  }, KILL_AFTER_MS);
}
