import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { findExecutable, type NotificationSession, startNotificationSession } from '../os/notification-session.ts';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { startCli } from '../../support/cli-process.ts';

const missing: string[] = [];
for (const tool of ['Xvfb', 'dunst', 'dunstctl', 'dbus-daemon']) {
  if ((await findExecutable(tool)) === undefined) missing.push(tool);
}
if (missing.length > 0) console.warn(`Skipping the CLI --notify test: ${missing.join(', ')} not installed`);

describe.skipIf(missing.length > 0)('ntfy-tray subscribe --notify', () => {
  let session: NotificationSession;
  let server: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    session = await startNotificationSession({
      server: 'dunst',
      log: createRecordingLogger(),
      dunstConfig: '[global]\n    idle_threshold = 0\n    markup = full\n[urgency_critical]\n    timeout = 0\n',
    });
    server = await startTestServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-notify-cli-'));
  });

  afterAll(async () => {
    await session.stop();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows each delivered message as a desktop notification', async () => {
    const cli = startCli(['subscribe', '--notify', '--data-dir', dataDir, `${server.url}/alerts`], {
      DBUS_SESSION_BUS_ADDRESS: session.busAddress,
    });
    try {
      await cli.waitForStderr(/connected/);
      await server.publish('alerts', {
        title: 'Backup failed',
        message: 'disk full',
        tags: ['warning', 'nas'],
        priority: 5,
      });
      await cli.waitForStdoutLines(1);
      // dunst has no event for "shown" that a second client can wait on; ask it until the popup is there.
      const deadline = Date.now() + 5000;
      while (Number(await session.exec('dunstctl', ['count', 'displayed'])) < 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(Number(await session.exec('dunstctl', ['count', 'displayed']))).toBe(1);
      // Closed popups move to dunst's history, where their fields can be read.
      await session.exec('dunstctl', ['close-all']);
      const history = JSON.parse(await session.exec('dunstctl', ['history'])) as {
        data: Record<string, { data: unknown }>[][];
      };
      const newest = Object.fromEntries(
        Object.entries(history.data[0]?.[0] ?? {}).map(([key, value]) => [key, value.data]),
      );
      expect(newest).toMatchObject({ appname: 'ntfy Tray', summary: '⚠️ Backup failed' });
      expect(newest['body']).toContain('disk full');
      expect(newest['body']).toContain('Tags: nas');
    } finally {
      cli.child.kill('SIGTERM');
      expect(await cli.exited()).toBe(0);
    }
  });
});
