/**
 * Issue 11: the window starts loading before main has registered its IPC handlers (they wait for the history
 * database and the notifier, which on Linux is several D-Bus round trips). The page's first call, made the instant
 * loading starts, must still be answered. The session bus here is a socket that accepts and stays silent until the
 * test lets go, so the notifier cannot open before the page calls.
 */
import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEST_TIMEOUT_MS, createAppSession } from '../../electron-runtime/app-session.ts';
import { ensureDistBuilt } from '../../electron-runtime/ensure-dist.ts';
import { FIRST_CALL_PROBE } from '../../electron-runtime/preload-script.ts';

interface ProbeOutcome {
  readonly made: boolean;
  readonly settled: boolean;
  readonly ok?: boolean;
  readonly error?: string;
}

const session = createAppSession();
const cleanUps: (() => void)[] = [];

beforeAll(async () => {
  await ensureDistBuilt();
}, 120_000);

afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) cleanUp();
  await session.cleanUp();
});

async function startSilentBus(socketPath: string): Promise<{ connected: Promise<unknown>; release(): void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
  });
  const connected = once(server, 'connection');
  server.listen(socketPath);
  await once(server, 'listening');
  const release = (): void => {
    server.close();
    for (const socket of sockets) socket.destroy();
  };
  cleanUps.push(release);
  return { connected, release };
}

describe('the first call of the page', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('is answered even when it comes while the notifier is still opening', async () => {
    const busPath = path.join(await session.dir(), 'silent-bus');
    const bus = await startSilentBus(busPath);
    const app = await session.launch({
      env: { DBUS_SESSION_BUS_ADDRESS: `unix:path=${busPath}`, ELECTRON_STAND_IN_PROBE_FIRST_CALL: '1' },
    });
    await bus.connected;
    await app.waitForWindow();
    await app.waitForFunction(
      (key) => (globalThis as unknown as Record<string, ProbeOutcome | undefined>)[key]?.made === true,
      FIRST_CALL_PROBE,
    );

    bus.release();
    await app.waitForFunction(
      (key) => (globalThis as unknown as Record<string, ProbeOutcome | undefined>)[key]?.settled === true,
      FIRST_CALL_PROBE,
    );
    const outcome = await app.evaluate(
      (key) => (globalThis as unknown as Record<string, ProbeOutcome | undefined>)[key],
      FIRST_CALL_PROBE,
    );
    expect(outcome).toEqual({ made: true, settled: true, ok: true });
  });
});
