/**
 * Whether a process still runs: `process.kill(pid, 0)` answers, and on Linux it is not a zombie (an orphan waits
 * there until its new parent reaps it; in a container that parent may never do so, yet the process has ended).
 */
import { readFileSync } from 'node:fs';
import { expect, vi } from 'vitest';

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    // /proc/<pid>/stat: "pid (comm) state …"; comm may hold spaces and parentheses, the state follows the last ')'.
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** The pids a command wrote, one per line, into a file. */
export function pidsIn(text: string): number[] {
  return text
    .split('\n')
    .filter((line) => /^\d+$/.test(line.trim()))
    .map(Number);
}

/** Resolves once none of `pids` runs any more; `budgetMs` is for a loaded machine, not a speed check. */
export async function allEnded(pids: readonly number[], budgetMs = 30_000): Promise<void> {
  await vi.waitFor(
    () => {
      expect(pids.filter(isRunning)).toEqual([]);
    },
    { timeout: budgetMs, interval: 50 },
  );
}
