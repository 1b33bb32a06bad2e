/**
 * What fits in a new process's environment, per platform (command-environment.ts): a message too big for it has
 * its largest variables cut to fit, never half a character, and the cut variables are named. A real spawn of such a
 * message is in test/integration/core/commands/run-message-command.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { COMMAND_VARIABLES } from '../../../../common/command-variables.ts';
import { commandEnvironment } from '../../../../main/core/commands/command-environment.ts';
import { makeMessage } from '../../../support/messages.ts';

const ours = new Set<string>(COMMAND_VARIABLES.flatMap(({ names }) => names));

/** The message's variables as execve counts them: `NAME=value` and its NUL, in UTF-8 bytes. */
function bytesOfOurs(env: Record<string, string>): number {
  return Object.entries(env)
    .filter(([name]) => ours.has(name))
    .reduce((sum, [name, value]) => sum + Buffer.byteLength(`${name}=${value}`) + 1, 0);
}

const big = makeMessage({ message: 'x'.repeat(200 * 1024), title: 'Backup', raw: { message: 'y'.repeat(200 * 1024) } });

describe('commandEnvironment: values cut to fit', () => {
  it('cuts nothing of a message that fits', () => {
    const { env, cut } = commandEnvironment(makeMessage({ message: 'x'.repeat(100_000) }), {}, 'linux');
    expect(cut).toEqual([]);
    expect(env['m']).toHaveLength(100_000);
  });

  it('Linux: every NAME=value string under 128 KiB and all of them within 1 MiB; only the largest are cut', () => {
    const { env, cut } = commandEnvironment(big, { PATH: '/usr/bin' }, 'linux');
    expect(cut).toEqual(['NTFY_MESSAGE', 'NTFY_RAW']);
    for (const [name, value] of Object.entries(env)) {
      expect(Buffer.byteLength(`${name}=${value}`) + 1).toBeLessThanOrEqual(131_072);
    }
    expect(bytesOfOurs(env)).toBeLessThanOrEqual(1024 * 1024);
    expect(big.message.startsWith(env['NTFY_MESSAGE'] ?? '-')).toBe(true);
    expect(env['m']).toBe(env['NTFY_MESSAGE']);
    expect(env['NTFY_TITLE']).toBe('Backup');
    expect(env['PATH']).toBe('/usr/bin');
  });

  it('never cuts a character in half', () => {
    const { env, cut } = commandEnvironment(makeMessage({ message: 'ä€😀'.repeat(30_000) }), {}, 'linux');
    expect(cut).toContain('NTFY_MESSAGE');
    const value = env['NTFY_MESSAGE'] ?? '';
    expect(value).not.toContain('\uFFFD');
    expect('ä€😀'.repeat(30_000).startsWith(value)).toBe(true);
  });

  it('macOS: all of them within half of ARG_MAX', () => {
    const { env, cut } = commandEnvironment(big, {}, 'darwin');
    expect(cut).toEqual(['NTFY_MESSAGE', 'NTFY_RAW']);
    expect(bytesOfOurs(env)).toBeLessThanOrEqual(512 * 1024);
  });

  it('Windows: the whole block, the inherited variables included, within 32,767 characters', () => {
    const inherited = { PATH: 'C:\\Windows;'.repeat(400), USERPROFILE: 'C:\\Users\\me' };
    const { env, cut } = commandEnvironment(big, inherited, 'win32');
    expect(cut).toEqual(['NTFY_MESSAGE', 'NTFY_RAW']);
    const block = Object.entries(env).reduce((sum, [name, value]) => sum + name.length + value.length + 2, 1);
    expect(block).toBeLessThanOrEqual(32_767);
    expect(env['PATH']).toBe(inherited.PATH);
    expect(env['NTFY_TITLE']).toBe('Backup');
  });
});
