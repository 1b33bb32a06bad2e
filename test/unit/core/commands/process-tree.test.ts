/**
 * How each platform ends a command with everything it started (process-tree.ts): the calls it makes, per OS. The
 * real thing on Linux is in test/integration/core/commands/run-message-command.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  endProcessTree,
  KILL_AFTER_MS,
  spawnsOwnGroup,
  type TreeSystem,
} from '../../../../main/core/commands/process-tree.ts';

function recordingSystem(options: { refuse?: 'ESRCH' | 'EPERM' } = {}) {
  const calls: string[] = [];
  const timers: { run: () => void; delayMs: number }[] = [];
  const system: TreeSystem = {
    kill: (pid, signal) => {
      calls.push(`kill ${String(pid)} ${signal}`);
      if (options.refuse !== undefined) throw Object.assign(new Error('refused'), { code: options.refuse });
    },
    run: (file, args) => calls.push(`run ${file} ${args.join(' ')}`),
    later: (run, delayMs) => timers.push({ run, delayMs }),
  };
  return { calls, timers, system };
}

describe('endProcessTree', () => {
  for (const platform of ['linux', 'darwin'] as const) {
    it(`${platform}: its own process group, SIGTERM to the group, SIGKILL ${String(KILL_AFTER_MS)} ms later`, () => {
      expect(spawnsOwnGroup(platform)).toBe(true);
      const { calls, timers, system } = recordingSystem();
      endProcessTree(4242, platform, { system });
      expect(calls).toEqual(['kill -4242 SIGTERM']);
      expect(timers.map((timer) => timer.delayMs)).toEqual([KILL_AFTER_MS]);
      timers[0]?.run();
      expect(calls).toEqual(['kill -4242 SIGTERM', 'kill -4242 SIGKILL']);
    });

    it(`${platform}: at once, SIGKILL to the group; a group gone or not ours to signal is left alone`, () => {
      for (const refuse of ['ESRCH', 'EPERM'] as const) {
        const { calls, timers, system } = recordingSystem({ refuse });
        endProcessTree(4242, platform, { system, immediately: true });
        expect(calls).toEqual(['kill -4242 SIGKILL']);
        expect(timers).toEqual([]);
      }
    });
  }

  it('win32: no process group (detached would open a console); taskkill /T /F ends the tree', () => {
    expect(spawnsOwnGroup('win32')).toBe(false);
    for (const immediately of [false, true]) {
      const { calls, timers, system } = recordingSystem();
      endProcessTree(4242, 'win32', { system, immediately });
      expect(calls).toEqual(['run taskkill /pid 4242 /T /F']);
      expect(timers).toEqual([]);
    }
  });
});
