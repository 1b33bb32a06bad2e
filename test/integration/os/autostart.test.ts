import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AUTOSTART_FILE_NAME,
  autostartEntry,
  isXdgAutostartEnabled,
  quoteExecArgument,
  setXdgAutostart,
  type XdgAutostartOptions,
} from '../../../main/os/autostart.ts';
import { execLine, parseExec } from '../../support/desktop-entry-exec.ts';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-autostart-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function options(overrides: Partial<XdgAutostartOptions> = {}): XdgAutostartOptions {
  return {
    env: { XDG_CONFIG_HOME: path.join(root, 'config') },
    homeDir: path.join(root, 'home'),
    execPath: '/opt/ntfy Tray/ntfy-tray',
    args: ['--hidden'],
    ...overrides,
  };
}

describe('XDG autostart entry', () => {
  it('writes ntfy-tray.desktop under $XDG_CONFIG_HOME/autostart, launching this executable hidden', async () => {
    await setXdgAutostart(true, options());

    const file = path.join(root, 'config', 'autostart', AUTOSTART_FILE_NAME);
    const entry = await readFile(file, 'utf8');
    expect(entry).toBe(
      [
        '[Desktop Entry]',
        'Type=Application',
        'Name=ntfy Tray',
        'Comment=Desktop notifications from ntfy topics',
        'Exec="/opt/ntfy Tray/ntfy-tray" --hidden',
        'Icon=ntfy-tray',
        'Terminal=false',
        'X-GNOME-Autostart-enabled=true',
        '',
      ].join('\n'),
    );
    expect((await stat(file)).mode & 0o777).toBe(0o644);
    expect(await readdir(path.dirname(file))).toEqual([AUTOSTART_FILE_NAME]);
  });

  it.each([
    ['unset', {}],
    ['relative (the spec says to ignore it)', { XDG_CONFIG_HOME: 'relative/config' }],
  ])('falls back to ~/.config/autostart when XDG_CONFIG_HOME is %s', async (_label, env) => {
    await setXdgAutostart(true, options({ env }));

    await stat(path.join(root, 'home', '.config', 'autostart', AUTOSTART_FILE_NAME));
    expect(await isXdgAutostartEnabled(options({ env }))).toBe(true);
  });

  it('names the AppImage file, not its temporary mount, when run from an AppImage', () => {
    const entry = autostartEntry(
      options({ env: { APPIMAGE: '/home/me/Apps/ntfy-tray.AppImage' }, execPath: '/tmp/.mount_ntfyAbc/ntfy-tray' }),
    );

    expect(execLine(entry)).toBe('/home/me/Apps/ntfy-tray.AppImage --hidden');
  });

  it('under `electron .` names the Electron binary and then the app folder, so login starts this app', async () => {
    const appPath = path.join(root, "Jo's 100% Projekte", 'ntfy tray');
    await setXdgAutostart(true, options({ execPath: '/opt/electron/electron', appPath }));

    const entry = await readFile(path.join(root, 'config', 'autostart', AUTOSTART_FILE_NAME), 'utf8');
    expect(parseExec(execLine(entry))).toEqual(['/opt/electron/electron', appPath, '--hidden']);
  });

  it('under `electron .` ignores an APPIMAGE inherited from the terminal (an editor run as an AppImage)', () => {
    const entry = autostartEntry(
      options({
        env: { APPIMAGE: '/home/me/Apps/Editor.AppImage' },
        execPath: '/opt/electron/electron',
        appPath: '/home/me/ntfy-tray',
      }),
    );

    expect(parseExec(execLine(entry))).toEqual(['/opt/electron/electron', '/home/me/ntfy-tray', '--hidden']);
  });

  it('removes the entry when turned off, and turning off twice is fine', async () => {
    await setXdgAutostart(true, options());
    expect(await isXdgAutostartEnabled(options())).toBe(true);

    await setXdgAutostart(false, options());
    await setXdgAutostart(false, options());

    expect(await isXdgAutostartEnabled(options())).toBe(false);
  });

  it('overwrites an existing entry when turned on again (e.g. after the app moved)', async () => {
    await setXdgAutostart(true, options({ execPath: '/old/ntfy-tray' }));
    await setXdgAutostart(true, options({ execPath: '/new/ntfy-tray' }));

    const entry = await readFile(path.join(root, 'config', 'autostart', AUTOSTART_FILE_NAME), 'utf8');
    expect(execLine(entry)).toBe('/new/ntfy-tray --hidden');
  });
});

describe('quoteExecArgument', () => {
  it('leaves plain arguments alone and quotes ones with spaces', () => {
    expect(quoteExecArgument('/usr/bin/ntfy-tray')).toBe('/usr/bin/ntfy-tray');
    expect(quoteExecArgument('--hidden')).toBe('--hidden');
    expect(quoteExecArgument('/opt/ntfy Tray/ntfy-tray')).toBe('"/opt/ntfy Tray/ntfy-tray"');
  });

  it('writes a literal backslash as four backslashes inside quotes, as the spec requires', () => {
    expect(quoteExecArgument('/opt/a\\b')).toBe('"/opt/a\\\\\\\\b"');
  });

  it.each([
    '/opt/ntfy Tray/ntfy-tray',
    '/home/o\'brien/My "Apps"/ntfy-tray',
    '/opt/$HOME/`id`/a\\b/100%/ntfy-tray',
    '/opt/semi;colon&amp|pipe<>~*?#()/ntfy-tray',
    '%u',
    '',
  ])('round-trips %j through a spec-conforming Exec parser', (argument) => {
    const exec = [argument, '--hidden'].map(quoteExecArgument).join(' ');

    expect(parseExec(exec)).toEqual([argument, '--hidden']);
  });

  it('refuses control characters, which no launcher would read back intact', () => {
    expect(() => quoteExecArgument('/opt/a\nb')).toThrow(/control characters/);
  });
});
