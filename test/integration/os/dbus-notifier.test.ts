/**
 * The D-Bus notifier against a real notification server (dunst) on a throwaway session bus and X display.
 *
 * Dunst draws no buttons; it lists a popup's actions in its context menu, which it shows by running the `dmenu`
 * command from its config. The test's dmenu is a script that records the menu and answers with the line of the
 * action the test wants, so `dunstctl context` clicks a chosen button and `dunstctl action 0` clicks the popup
 * (the `default` action), all without a pointer.
 */
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationClosedReason, NotifierShowRequest } from '../../../main/core/ports.ts';
import { connectSessionBus } from '../../../main/os/dbus/session-bus.ts';
import { openDbusNotifier, type DbusNotifier } from '../../../main/os/notifications/dbus-notifier.ts';
import { NotificationServerUnavailableError } from '../../../main/os/notifications/notification-server-error.ts';
import { encodePng } from '../../../scripts/png.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { findExecutable, type NotificationSession, startNotificationSession } from './notification-session.ts';

const missing: string[] = [];
for (const tool of ['Xvfb', 'dunst', 'dunstctl', 'dbus-daemon']) {
  if ((await findExecutable(tool)) === undefined) missing.push(tool);
}
if (missing.length > 0) {
  console.warn(`Skipping the D-Bus notifier tests against dunst: ${missing.join(', ')} not installed`);
}

const DUNST_CONFIG = `
[global]
    width = 360
    origin = top-right
    offset = 10x10
    notification_limit = 0
    # Parse bodies as markup and say so (body-markup), as dunst's stock config does.
    markup = full
    # Xvfb sees no input: never hold back timeouts for an idle user (dunst's default, which user configs often change).
    idle_threshold = 0
    sticky_history = yes
    history_length = 50
    dmenu = {dir}/dmenu.sh
[urgency_low]
    timeout = 0
[urgency_normal]
    timeout = 0
[urgency_critical]
    timeout = 0
[expires-fast]
    summary = "Expires soon"
    timeout = 300ms
`;

/** dunst's context menu: records the menu, then answers with the line naming the wanted "[server id,action]". */
const DMENU_SCRIPT = (dir: string): string => `#!/bin/sh
cat > '${dir}/menu.partial'
mv '${dir}/menu.partial' '${dir}/menu.txt'
if [ -f '${dir}/want' ]; then grep -F -- "$(cat '${dir}/want')" '${dir}/menu.txt' | head -n 1; fi
`;

interface MenuEntry {
  readonly label: string;
  readonly summary: string;
  readonly serverId: number;
  readonly action: string;
}

const backup: NotifierShowRequest = {
  id: 'https://ntfy.example|backups|m1',
  title: '⚠️ Backup failed',
  body: 'nightly-backup exited with code 2',
  urgency: 'critical',
  silent: false,
  actions: [
    { id: 'open-logs', label: 'Open logs' },
    { id: 'retry', label: 'Retry' },
  ],
};

/** Polls `check` every 25 ms; resolves whether it came true within `timeoutMs`. */
async function pollUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  if (!(await pollUntil(check, timeoutMs))) throw new Error(`timed out waiting for ${what}`);
}

function nextAction(notifier: DbusNotifier): Promise<[string, string]> {
  return new Promise((resolve) => {
    const off = notifier.onAction((id, actionId) => {
      off();
      resolve([id, actionId]);
    });
  });
}

function nextClosed(notifier: DbusNotifier): Promise<[string, NotificationClosedReason]> {
  return new Promise((resolve) => {
    const off = notifier.onClosed((id, reason) => {
      off();
      resolve([id, reason]);
    });
  });
}

describe.skipIf(missing.length > 0)('DbusNotifier against dunst on a throwaway session bus', () => {
  const log = createRecordingLogger('dbus-notifier-test');
  let session: NotificationSession;
  let notifier: DbusNotifier;
  let imagePath: string;

  const dunstctl = (...args: string[]): Promise<string> => session.exec('dunstctl', args);
  const displayed = async (): Promise<number> => Number(await dunstctl('count', 'displayed'));

  /** Opens dunst's context menu; the dmenu script picks the line containing `want` (or nothing). */
  async function contextMenu(want?: string): Promise<MenuEntry[]> {
    const menu = path.join(session.dir, 'menu.txt');
    await rm(menu, { force: true });
    if (want === undefined) await rm(path.join(session.dir, 'want'), { force: true });
    else await writeFile(path.join(session.dir, 'want'), want);
    let text = '';
    const recorded = async (): Promise<boolean> => {
      text = await readFile(menu, 'utf8').catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        return '';
      });
      return text !== '';
    };
    // dunst refuses a menu while the previous one's thread is still winding down ("Context menu already running"),
    // which it does a moment after our script has written the menu: ask again until it opens.
    for (let attempt = 1; ; attempt++) {
      await dunstctl('context');
      if (await pollUntil(recorded, 500)) break;
      if (attempt === 10) throw new Error(`the context menu never opened; dunst said:\n${session.serverOutput()}`);
    }
    return text
      .split('\n')
      .map((line) => /^#(.*) \((.*)\) \[(\d+),(.*)\]$/.exec(line))
      .filter((match) => match !== null)
      .map(([, label = '', summary = '', id = '', action = '']) => ({ label, summary, serverId: Number(id), action }));
  }

  async function lastHistoryEntry(): Promise<Record<string, unknown>> {
    const history = JSON.parse(await dunstctl('history')) as { data: Record<string, { data: unknown }>[][] };
    const newest = history.data[0]?.[0] ?? {};
    return Object.fromEntries(Object.entries(newest).map(([key, value]) => [key, value.data]));
  }

  beforeAll(async () => {
    session = await startNotificationSession({ server: 'dunst', log, dunstConfig: DUNST_CONFIG });
    await writeFile(path.join(session.dir, 'dmenu.sh'), DMENU_SCRIPT(session.dir));
    await chmod(path.join(session.dir, 'dmenu.sh'), 0o755);
    imagePath = path.join(session.dir, 'attachment.png');
    const pixels = new Uint8Array(48 * 48 * 4).map((_, index) => [230, 120, 30, 255][index % 4] ?? 0);
    await writeFile(imagePath, encodePng({ width: 48, height: 48, pixels }));
  });

  afterAll(async () => {
    await session.stop();
  });

  beforeEach(async () => {
    notifier = await openDbusNotifier({
      connect: () => connectSessionBus({ busAddress: session.busAddress, log }),
      log,
    });
  });

  afterEach(async () => {
    await notifier.dispose();
    await dunstctl('close-all');
    await waitUntil(async () => (await displayed()) === 0, 'no popups');
  });

  it('reports what the server can do, asked once when opening', async () => {
    expect(await notifier.capabilities()).toEqual({ actions: true, images: true, sound: false });
    const announced = log.entries.find((entry) => entry.message === 'notification server');
    expect(announced?.fields?.['name']).toBe('dunst');
  });

  it('shows a popup with both actions, and a click on it reaches onAction as `default`', async () => {
    await notifier.show(backup);
    await waitUntil(async () => (await displayed()) === 1, 'the popup');
    const menu = await contextMenu();
    expect(menu.map(({ label, summary, action }) => ({ label, summary, action }))).toEqual(
      expect.arrayContaining([
        { label: 'Open logs', summary: backup.title, action: 'open-logs' },
        { label: 'Retry', summary: backup.title, action: 'retry' },
        { label: 'Open', summary: backup.title, action: 'default' },
      ]),
    );
    const action = nextAction(notifier);
    await dunstctl('action', '0');
    expect(await action).toEqual([backup.id, 'default']);
  });

  it('a chosen button reaches onAction with its action id', async () => {
    await notifier.show(backup);
    await waitUntil(async () => (await displayed()) === 1, 'the popup');
    const action = nextAction(notifier);
    await contextMenu(',retry]');
    expect(await action).toEqual([backup.id, 'retry']);
  });

  it('showing the same id again replaces the popup (same server id) instead of adding one', async () => {
    await notifier.show(backup);
    await waitUntil(async () => (await displayed()) === 1, 'the popup');
    const [before] = await contextMenu();
    await notifier.show({ ...backup, title: 'Backup failed twice', actions: [{ id: 'retry', label: 'Retry' }] });
    await waitUntil(
      async () => (await contextMenu()).every((entry) => entry.summary === 'Backup failed twice'),
      'update',
    );
    const after = await contextMenu();
    expect(await displayed()).toBe(1);
    expect(new Set(after.map((entry) => entry.serverId))).toEqual(new Set([before?.serverId]));
    expect(after.map((entry) => entry.action).sort()).toEqual(['default', 'retry']);
  });

  it('close() closes the popup and onClosed reports `closed`', async () => {
    await notifier.show(backup);
    await waitUntil(async () => (await displayed()) === 1, 'the popup');
    const closed = nextClosed(notifier);
    await notifier.close(backup.id);
    expect(await closed).toEqual([backup.id, 'closed']);
    expect(await displayed()).toBe(0);
    await notifier.close(backup.id); // already gone: nothing to do, no error
  });

  it('reports a popup the user dismissed as `dismissed`, and one that timed out as `expired`', async () => {
    await notifier.show(backup);
    await waitUntil(async () => (await displayed()) === 1, 'the popup');
    const dismissed = nextClosed(notifier);
    await dunstctl('close');
    expect(await dismissed).toEqual([backup.id, 'dismissed']);

    const expired = nextClosed(notifier);
    await notifier.show({ ...backup, id: 'short-lived', title: 'Expires soon', urgency: 'normal' });
    expect(await expired).toEqual(['short-lived', 'expired']);
  });

  it('sends the body as text even to a markup server, drops NULs, and sends the image as a file URI', async () => {
    await notifier.show({
      ...backup,
      title: 'Backup\0 failed',
      body: 'disk <b>full</b> & more',
      urgency: 'low',
      silent: true,
      imagePath,
      actions: [],
    });
    await waitUntil(async () => (await displayed()) === 1, 'the popup');
    const closed = nextClosed(notifier);
    await notifier.close(backup.id);
    await closed;
    const entry = await lastHistoryEntry();
    expect(entry['appname']).toBe('ntfy Tray');
    expect(entry['summary']).toBe('Backup failed'); // D-Bus strings cannot carry NUL
    expect(entry['body']).toBe('disk &lt;b&gt;full&lt;/b&gt; &amp; more');
    expect(entry['icon_path']).toBe(imagePath); // dunst resolves the file:// URI of the image-path hint
  });

  it('ignores other applications’ popups, and a disposed notifier refuses calls', async () => {
    const other = await openDbusNotifier({
      connect: () => connectSessionBus({ busAddress: session.busAddress, log }),
      log,
      appName: 'Another app',
    });
    const seen: [string, string][] = [];
    notifier.onAction((id, actionId) => seen.push([id, actionId]));
    await other.show({ ...backup, id: 'theirs' });
    await waitUntil(async () => (await displayed()) === 1, 'their popup');
    const theirs = nextAction(other);
    await dunstctl('action', '0');
    expect(await theirs).toEqual(['theirs', 'default']);
    await other.dispose();
    await expect(other.show(backup)).rejects.toThrow(/disposed/);

    await dunstctl('close-all');
    await notifier.show(backup);
    await waitUntil(async () => (await displayed()) === 1, 'our popup');
    const ours = nextAction(notifier);
    await dunstctl('action', '0');
    await ours;
    // One connection receives its signals in order: had their click reached us, it would be listed first.
    expect(seen).toEqual([[backup.id, 'default']]);
  });
});

describe.skipIf(missing.length > 0)('DbusNotifier when the notification server goes away', () => {
  const log = createRecordingLogger('dbus-notifier-test');
  let session: NotificationSession;

  beforeAll(async () => {
    session = await startNotificationSession({ server: 'dunst', log, dunstConfig: DUNST_CONFIG });
  });

  afterAll(async () => {
    await session.stop();
  });

  it('reports its popups closed for an unknown reason, since they went with it', async () => {
    const notifier = await openDbusNotifier({
      connect: () => connectSessionBus({ busAddress: session.busAddress, log }),
      log,
    });
    await notifier.show(backup);
    const closed = nextClosed(notifier);
    await session.stopServer();
    expect(await closed).toEqual([backup.id, 'unknown']);
    await expect(notifier.show(backup)).rejects.toMatchObject({ problem: 'no-notification-server' });
    await notifier.dispose();
  });
});

describe.skipIf(missing.includes('dbus-daemon'))('DbusNotifier without a notification server', () => {
  const log = createRecordingLogger('dbus-notifier-test');
  let session: NotificationSession;

  beforeAll(async () => {
    session = await startNotificationSession({ server: 'none', log });
  });

  afterAll(async () => {
    await session.stop();
  });

  it('rejects with a typed error that says what to install when nobody owns org.freedesktop.Notifications', async () => {
    const opening = openDbusNotifier({
      connect: () => connectSessionBus({ busAddress: session.busAddress, log }),
      log,
    });
    await expect(opening).rejects.toBeInstanceOf(NotificationServerUnavailableError);
    await expect(opening).rejects.toMatchObject({ problem: 'no-notification-server', message: /dunst/ });
  });

  it('rejects with a typed error when there is no session bus at the address', async () => {
    const busAddress = `unix:path=${path.join(session.dir, 'nobody-listens-here')}`;
    const opening = openDbusNotifier({ connect: () => connectSessionBus({ busAddress, log }), log });
    await expect(opening).rejects.toMatchObject({
      name: 'NotificationServerUnavailableError',
      problem: 'no-session-bus',
    });
  });
});
