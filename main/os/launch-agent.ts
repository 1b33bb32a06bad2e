/**
 * Start at login on macOS: a per-user launchd agent in ~/Library/LaunchAgents. A login item registers an app bundle
 * and macOS starts it without arguments (and, since macOS 13, without a way to tell it was a login start), so the
 * app could not know to stay in the menu bar, and under `electron .` it would start Electron.app alone. launchd reads
 * every plist in that folder at login and runs its ProgramArguments (man launchd.plist), so the agent names the
 * binary, under `npm start` the app folder, and `--hidden` (main/desktop/login-item.ts).
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../core/store/atomic-file.ts';

/**
 * launchd's job label; the file is named after it, as launchd expects. Named when only development runs used an
 * agent; kept, so that turning the setting off still finds an agent an earlier version wrote.
 */
export const LAUNCH_AGENT_LABEL = 'io.github.ntfytray.app.development';

interface LaunchAgentOptions {
  /** os.homedir() */
  readonly homeDir: string;
  /** The command, program first: e.g. [Electron binary, app folder, '--hidden']. */
  readonly programArguments: readonly string[];
}

export function launchAgentPath(options: Pick<LaunchAgentOptions, 'homeDir'>): string {
  return path.join(options.homeDir, 'Library', 'LaunchAgents', `${LAUNCH_AGENT_LABEL}.plist`);
}

/** Text for an XML <string>; XML 1.0 cannot hold most control characters at all, so those are refused. */
function xmlText(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value)) {
    throw new Error('a launch agent argument cannot hold control characters');
  }
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function launchAgentPlist(options: Pick<LaunchAgentOptions, 'programArguments'>): string {
  if (options.programArguments.length === 0) throw new Error('a launch agent needs a program');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    '<dict>',
    '  <key>Label</key>',
    `  <string>${LAUNCH_AGENT_LABEL}</string>`,
    '  <key>ProgramArguments</key>',
    '  <array>',
    ...options.programArguments.map((argument) => `    <string>${xmlText(argument)}</string>`),
    '  </array>',
    // Start once when launchd loads the agent at login; no KeepAlive, so quitting from the tray stays quit.
    '  <key>RunAtLoad</key>',
    '  <true/>',
    // Only in a graphical login (not an SSH session), and not throttled like a background job.
    '  <key>LimitLoadToSessionType</key>',
    '  <string>Aqua</string>',
    '  <key>ProcessType</key>',
    '  <string>Interactive</string>',
    '</dict>',
    '</plist>',
    '',
  ].join('\n');
}

/**
 * Writes (atomically) or removes the agent. It takes effect at the next login: writing it does not start a second
 * copy now, and removing it leaves the running app alone.
 */
export async function setLaunchAgent(enabled: boolean, options: LaunchAgentOptions): Promise<void> {
  if (!enabled) {
    await removeLaunchAgent(options);
    return;
  }
  const file = launchAgentPath(options);
  const content = launchAgentPlist(options);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, content, { mode: 0o644 });
}

/** Removes the agent if there is one. */
async function removeLaunchAgent(options: Pick<LaunchAgentOptions, 'homeDir'>): Promise<void> {
  await rm(launchAgentPath(options), { force: true });
}

export async function isLaunchAgentEnabled(options: Pick<LaunchAgentOptions, 'homeDir'>): Promise<boolean> {
  try {
    return (await stat(launchAgentPath(options))).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
