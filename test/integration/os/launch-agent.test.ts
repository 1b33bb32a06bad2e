import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isLaunchAgentEnabled,
  LAUNCH_AGENT_LABEL,
  launchAgentPath,
  launchAgentPlist,
  setLaunchAgent,
} from '../../../main/os/launch-agent.ts';
import { plistProgramArguments } from '../../support/plist-reader.ts';

let home: string;

beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'ntfy-tray-launch-agent-'));
});

afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

const ELECTRON = '/Users/jo/ntfy-tray/node_modules/electron/dist/Electron.app/Contents/MacOS/Electron';

describe('macOS launch agent (development start at login)', () => {
  it('writes ~/Library/LaunchAgents/<label>.plist that runs the given command once at login', async () => {
    await setLaunchAgent(true, { homeDir: home, programArguments: [ELECTRON, '/Users/jo/ntfy-tray', '--hidden'] });

    const file = path.join(home, 'Library', 'LaunchAgents', `${LAUNCH_AGENT_LABEL}.plist`);
    expect(launchAgentPath({ homeDir: home })).toBe(file);
    expect(await readFile(file, 'utf8')).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
        '<plist version="1.0">',
        '<dict>',
        '  <key>Label</key>',
        '  <string>io.github.ntfytray.app.development</string>',
        '  <key>ProgramArguments</key>',
        '  <array>',
        `    <string>${ELECTRON}</string>`,
        '    <string>/Users/jo/ntfy-tray</string>',
        '    <string>--hidden</string>',
        '  </array>',
        '  <key>RunAtLoad</key>',
        '  <true/>',
        '  <key>LimitLoadToSessionType</key>',
        '  <string>Aqua</string>',
        '  <key>ProcessType</key>',
        '  <string>Interactive</string>',
        '</dict>',
        '</plist>',
        '',
      ].join('\n'),
    );
    expect((await stat(file)).mode & 0o777).toBe(0o644);
    expect(await readdir(path.dirname(file))).toEqual([`${LAUNCH_AGENT_LABEL}.plist`]);
  });

  it.each(['/Users/Jo Doe/Projekte/ntfy tray', '/Users/jo/R&D <beta>/100% "ntfy"', '/Users/jo/Überall/#1 (dev)'])(
    'keeps the app folder %j intact through XML',
    (appPath) => {
      const plist = launchAgentPlist({ programArguments: [ELECTRON, appPath, '--hidden'] });

      expect(plistProgramArguments(plist)).toEqual([ELECTRON, appPath, '--hidden']);
    },
  );

  it('refuses control characters, which an XML plist cannot hold', () => {
    expect(() => launchAgentPlist({ programArguments: [ELECTRON, '/Users/jo/a\u0001b'] })).toThrow(/control/);
  });

  it('removes the agent when turned off, and turning off twice is fine', async () => {
    const options = { homeDir: home, programArguments: [ELECTRON, '/Users/jo/ntfy-tray', '--hidden'] };
    await setLaunchAgent(true, options);
    expect(await isLaunchAgentEnabled(options)).toBe(true);

    await setLaunchAgent(false, options);
    await setLaunchAgent(false, options);

    expect(await isLaunchAgentEnabled(options)).toBe(false);
    expect(await readdir(path.join(home, 'Library', 'LaunchAgents'))).toEqual([]);
  });
});
