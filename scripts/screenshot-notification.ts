/**
 * Renders docs/notification-linux.png: a real popup shown by our D-Bus notifier, captured from a throwaway X display.
 *
 * Run under Node 24 from the repository root: `npx node scripts/screenshot-notification.ts [output.png]`.
 * Needs (Debian/Ubuntu): `apt-get install --no-install-recommends xvfb dbus-daemon notification-daemon x11-utils
 * imagemagick fonts-dejavu-core fonts-noto-color-emoji`. It uses GNOME's notification-daemon rather than dunst
 * (which the tests use) because dunst draws no action buttons; it only lists actions in a menu.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConsoleLogger } from '../main/core/logging.ts';
import { connectSessionBus } from '../main/os/dbus/session-bus.ts';
import { openDbusNotifier } from '../main/os/notifications/dbus-notifier.ts';
import { startNotificationSession } from '../test/integration/os/notification-session.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const output = path.resolve(process.argv[2] ?? path.join(root, 'docs/notification-linux.png'));
/** Transparent space around the popup, in pixels. */
const MARGIN = 16;
const SCREEN = { width: 1024, height: 768 };

interface Geometry {
  readonly width: number;
  readonly height: number;
  readonly x: number;
  readonly y: number;
}

/** The largest viewable top-level window: the popup (notification-daemon's window has no useful name). */
async function findPopup(env: NodeJS.ProcessEnv): Promise<Geometry | undefined> {
  const { stdout } = await run('xwininfo', ['-root', '-children'], { env });
  const windows: (Geometry & { id: string })[] = [];
  for (const match of stdout.matchAll(/^\s+(0x[0-9a-f]+) .*?(\d+)x(\d+)\+(-?\d+)\+(-?\d+)/gm)) {
    const [, id = '', width = '0', height = '0', x = '0', y = '0'] = match;
    windows.push({ id, width: Number(width), height: Number(height), x: Number(x), y: Number(y) });
  }
  for (const window of windows.sort((a, b) => b.width * b.height - a.width * a.height)) {
    if (window.width < 100 || window.height < 40) continue;
    const info = await run('xwininfo', ['-id', window.id], { env });
    if (info.stdout.includes('Map State: IsViewable')) return window;
  }
  return undefined;
}

async function main(): Promise<void> {
  const log = createConsoleLogger({
    name: 'screenshot',
    write: (_level, line) => void process.stderr.write(`${line}\n`),
  });
  const session = await startNotificationSession({
    server: 'notification-daemon',
    log,
    screen: `${SCREEN.width}x${SCREEN.height}x24`,
  });
  try {
    const env = { ...process.env, DISPLAY: session.display };
    const notifier = await openDbusNotifier({
      connect: () => connectSessionBus({ busAddress: session.busAddress, log }),
      log,
      appIconPath: path.join(root, 'assets/icon.png'),
    });
    await notifier.show({
      id: 'screenshot',
      title: '⚠️ Backup failed',
      body: 'nightly-backup on nas exited with code 2: No space left on device (/mnt/backup is 100% full)',
      urgency: 'critical',
      silent: false,
      actions: [
        { id: 'open-logs', label: 'Open logs' },
        { id: 'retry', label: 'Retry' },
      ],
    });
    let popup: Geometry | undefined;
    for (let attempt = 0; attempt < 100 && popup === undefined; attempt++) {
      popup = await findPopup(env);
      if (popup === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (popup === undefined) throw new Error('no popup window appeared');
    // Mapped is not yet painted: give GTK a moment to draw its first frame.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The same margin on every side, as far as the screen edges allow (the popup sits in a corner).
    const { width, height, x, y } = popup;
    const margin = Math.max(0, Math.min(MARGIN, x, y, SCREEN.width - x - width, SCREEN.height - y - height));
    const crop = `${width + 2 * margin}x${height + 2 * margin}+${x - margin}+${y - margin}`;
    const shot = path.join(session.dir, 'screen.png');
    await run('import', ['-window', 'root', '-crop', crop, '+repage', shot], { env });
    // The empty X screen around the popup is black; make it transparent (flood-filled from a corner, so nothing
    // inside the popup is touched) and the rounded corners show on any page background. -strip drops the
    // timestamps ImageMagick would write, so an unchanged popup gives the same file.
    const transparent = ['-alpha', 'set', '-fuzz', '3%', '-fill', 'none', '-draw', 'color 0,0 floodfill'];
    await run('convert', [shot, ...transparent, '-strip', output]);
    process.stderr.write(`wrote ${path.relative(root, output)} (${crop})\n`);
    await notifier.dispose();
  } finally {
    await session.stop();
  }
}

await main();
