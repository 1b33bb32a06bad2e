import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionCommand } from '../../../scripts/test-session.ts';

const script = path.resolve(import.meta.dirname, '../../../scripts/test-session.sh');
const everything = (): boolean => true;
const nothing = (): boolean => false;
const npmTest = ['npm', 'run', 'test:all'];

describe('npm test on each OS (scripts/test-session.ts)', () => {
  it('Linux with D-Bus and gnome-keyring: inside the throwaway session', () => {
    expect(sessionCommand('linux', npmTest, {}, everything)).toEqual({
      command: 'sh',
      args: [script, ...npmTest],
      shell: false,
    });
  });

  it('Linux without dbus-run-session or gnome-keyring-daemon: the command as is', () => {
    expect(sessionCommand('linux', npmTest, {}, (name) => name !== 'gnome-keyring-daemon').command).toBe('npm');
    expect(sessionCommand('linux', npmTest, {}, nothing)).toEqual({
      command: 'npm',
      args: ['run', 'test:all'],
      shell: false,
    });
  });

  it('inside a session already: not a second one', () => {
    expect(sessionCommand('linux', npmTest, { NTFY_TRAY_TEST_SESSION: '1' }, everything).command).toBe('npm');
  });

  it('macOS: the command as is, even where D-Bus tools exist (Homebrew)', () => {
    expect(sessionCommand('darwin', npmTest, {}, everything)).toEqual({
      command: 'npm',
      args: ['run', 'test:all'],
      shell: false,
    });
  });

  it('Windows: the command through the shell, which finds npm.cmd (no sh on its PATH)', () => {
    expect(sessionCommand('win32', npmTest, {}, everything)).toEqual({
      command: 'npm',
      args: ['run', 'test:all'],
      shell: true,
    });
  });

  it('refuses to run nothing', () => {
    expect(() => sessionCommand('linux', [], {}, everything)).toThrow(/usage/);
  });
});
