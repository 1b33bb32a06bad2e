/**
 * SyncTopicListener against test/server over real sockets, on a ManualClock: only ntfy's sync message triggers a
 * sync, a broken stream comes back after its backoff and syncs once (events may have been missed), and a refused
 * token ends the listening without retries (ntfy locks out clients that keep failing).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SyncTopicListener } from '../../../../main/core/app/sync-topic-listener.ts';
import type { Clock, Logger, LogLevel } from '../../../../main/core/ports.ts';
import { openTransport } from '../../../../main/core/transports/index.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { createKeychainStandIn } from '../account/account-device.ts';

const TOKEN = 'tk_abcdefghijklmnopqrstuvwxyz012';
const TOPIC = 'st_AbCdEfGhIjKlM';

let server: TestServer | undefined;
let listener: SyncTopicListener | undefined;

afterEach(async () => {
  listener?.stop();
  listener = undefined;
  await server?.close();
  server = undefined;
});

/** Resolves the next time `condition` holds after `signal()` is called. */
function signals(): { signal: () => void; when: (condition: () => boolean) => Promise<void> } {
  const waiters = new Set<() => void>();
  return {
    signal: () => {
      for (const waiter of [...waiters]) waiter();
    },
    when: (condition) =>
      new Promise((resolve) => {
        const check = (): void => {
          if (!condition()) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}

async function start(token: string) {
  server = await startTestServer({ auth: { users: [{ name: 'phil', password: 'pw', tokens: [TOKEN] }] } });
  const manual = new ManualClock();
  const changed = signals();
  let retries = 0;
  // The listener's only short timer is its reconnect (the watchdog waits the keepalive timeout).
  const clock: Clock = {
    now: () => manual.now(),
    setTimeout: (callback, delayMs) => {
      if (delayMs < 60_000) retries++;
      changed.signal();
      return manual.setTimeout(callback, delayMs);
    },
    clearTimeout: (handle) => {
      manual.clearTimeout(handle);
    },
  };
  const warnings: string[] = [];
  const log: Logger = {
    log: (level: LogLevel, message: string) => {
      if (level === 'warn') warnings.push(message);
      changed.signal();
    },
    child: () => log,
  };
  const keychain = createKeychainStandIn();
  await keychain.set({ server: server.url, kind: 'token' }, token);
  let syncs = 0;
  listener = new SyncTopicListener({
    clock,
    random: () => 0,
    log,
    openTransport,
    secrets: keychain,
    keepaliveTimeoutMs: () => 90_000,
    onSyncEvent: () => {
      syncs++;
      changed.signal();
    },
  });
  listener.listen({ server: server.url, topic: TOPIC });
  return {
    ntfy: server,
    manual,
    when: changed.when,
    syncs: () => syncs,
    retries: () => retries,
    warnings,
  };
}

describe('SyncTopicListener', () => {
  it('syncs on ntfy’s sync message only, and once after the stream came back from a break', async () => {
    const run = await start(TOKEN);
    await run.ntfy.waitForSubscribers(1, { topic: TOPIC });
    await run.ntfy.publish(TOPIC, 'hello, I know your sync topic');
    await run.ntfy.publish(TOPIC, '{"event":"something else"}');
    await run.ntfy.publish(TOPIC, '{"event":"sync"}');
    await run.when(() => run.syncs() === 1);

    run.ntfy.faults.dropAll();
    await run.when(() => run.retries() === 1);
    expect(run.syncs()).toBe(1);
    run.manual.advance(1000);
    await run.ntfy.waitForSubscribers(1, { topic: TOPIC });
    await run.when(() => run.syncs() === 2);
    expect(run.warnings).toEqual([]);
  });

  it('stops on a refused token instead of retrying', async () => {
    const run = await start('tk_0000000000000000000000000000z');
    await run.when(() => run.warnings.length === 1);
    expect(run.warnings[0]).toMatch(/^not listening on the account sync topic: /);
    run.manual.advance(10 * 60_000);
    expect(run.retries()).toBe(0);
    expect(run.ntfy.requests.filter((entry) => entry.path === `/${TOPIC}/json`)).toHaveLength(1);
    expect(run.syncs()).toBe(0);
  });
});
