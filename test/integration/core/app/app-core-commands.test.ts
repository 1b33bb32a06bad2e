/**
 * Subscriptions' commands through the app core and its bridge (startAppCore with the real runner, the conf settings
 * file, the SQLite history and test/server on 127.0.0.1), as the subscription row sees them in listSubscriptions:
 * a hostile server's flood of large messages finds the runs bounded and the skipped ones counted; unsubscribing,
 * editing or clearing the command, pausing notifications, the row's Stop and quitting end the running command's
 * whole process group; a long run shows; a message too big for the environment runs with its variables cut. The
 * clock is manual: a long run is a clock step, not a wait. Unix only (the commands are sh).
 */
import { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageDto, SubscriptionDto } from '../../../../common/ipc.ts';
import { type AppCore, startAppCore } from '../../../../main/core/app/app-core.ts';
import { LONG_RUN_MS, WAITING_RUNS_BOUND } from '../../../../main/core/app/subscription-commands.ts';
import { createCommandRunner } from '../../../../main/core/commands/message-command.ts';
import { SqliteHistoryStore } from '../../../../main/core/store/history/index.ts';
import { openConfSettingsStore } from '../../../../main/core/store/settings/conf-settings-store.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';
import { createRecordingNotifier } from '../../../fakes/notifier.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { allEnded, pidsIn } from '../../../support/process-alive.ts';
import { newMessageId } from '../../../server/ids.ts';
import { startTestServer, type TestServer } from '../../../server/index.ts';
import { createInMemorySecretStoreForDev } from '../../../web-bridge/memory-secret-store.ts';

const onUnix = process.platform !== 'win32';
/** Budget for processes and a flood on a loaded machine, not a speed check. */
const WAIT = { timeout: 45_000, interval: 50 };
const NOON = new Date(2026, 0, 15, 12, 0).getTime();

let server: TestServer;
let dir: string;
let history: SqliteHistoryStore;
let core: AppCore | undefined;
let clock: ManualClock;
const runner = createCommandRunner({
  env: { PATH: process.env['PATH'] },
  platform: process.platform,
  stdio: 'capture-stderr',
});
const events = new EventEmitter<{ messages: [readonly MessageDto[]] }>();
let received = 0;

beforeEach(async () => {
  server = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-core-commands-'));
  history = await SqliteHistoryStore.open({ dataDir: dir });
  clock = new ManualClock(NOON);
  received = 0;
  const log = createRecordingLogger('commands');
  core = startAppCore({
    settings: openConfSettingsStore({ dir, log }),
    history,
    secrets: createInMemorySecretStoreForDev(),
    notifier: createRecordingNotifier(),
    clock,
    random: () => 0.5,
    log,
    openExternal: () => Promise.resolve(),
    copyText: () => undefined,
    openMessage: () => undefined,
    startCommand: runner.start,
    events: {
      messagesReceived: (messages) => {
        received += messages.length;
        events.emit('messages', messages);
      },
      connectionsChanged: () => undefined,
      settingsChanged: () => undefined,
      trayChanged: () => undefined,
    },
  });
});

afterEach(async () => {
  await core?.stop();
  runner.endAll({ immediately: true });
  await history.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function started(): AppCore {
  if (core === undefined) throw new Error('no core');
  return core;
}

async function subscribe(command: string): Promise<string> {
  const saved = await started().service.saveSubscription({ server: server.url, topic: 'alerts', command });
  if (!saved.ok) throw new Error(saved.error.message);
  await server.waitForSubscribers(1, { topic: 'alerts' });
  return saved.value.id;
}

async function row(): Promise<SubscriptionDto | undefined> {
  const list = await started().service.listSubscriptions();
  if (!list.ok) throw new Error(list.error.message);
  return list.value[0];
}

/** Fans out a message as the server would, never cached (nothing of it is replayed on a reconnect). */
async function send(message: string): Promise<string> {
  const id = newMessageId();
  await server.publishRaw(
    { id, time: Math.floor(Date.now() / 1000), event: 'message', topic: 'alerts', message },
    { cache: false },
  );
  return id;
}

async function lines(file: string, count: number): Promise<string[]> {
  let found: string[] = [];
  await vi.waitFor(async () => {
    found = (await readFile(file, 'utf8').catch(() => '')).split('\n').filter((line) => line !== '');
    expect(found).toHaveLength(count);
  }, WAIT);
  return found;
}

/** A command that writes its shell's pid and a background child's, then waits for that child (60 s). */
const holdingCommand = (pidFile: string): string => `echo $$ >> '${pidFile}'; sleep 60 & echo $! >> '${pidFile}'; wait`;

describe.skipIf(!onUnix)('subscription commands through the app core and its bridge', () => {
  it(`bounds the runs a flood can queue: ${String(WAITING_RUNS_BOUND)} wait, the rest are skipped and counted, every message is stored`, async () => {
    const go = path.join(dir, 'go');
    const ran = path.join(dir, 'ran');
    // Held busy until the test creates `go`; then each run notes its message id.
    await subscribe(`while [ ! -e '${go}' ]; do sleep 0.05; done; echo "$NTFY_ID" >> '${ran}'`);
    const skipped = 142;
    const flood = 1 + WAITING_RUNS_BOUND + skipped;
    const body = 'x'.repeat(100 * 1024);
    const ids: string[] = [];
    for (let index = 0; index < flood; index++) ids.push(await send(`${String(index)} ${body}`));
    await vi.waitFor(() => {
      expect(received).toBe(flood);
    }, WAIT);
    await vi.waitFor(async () => {
      expect((await row())?.commandRuns).toEqual({ skipped });
    }, WAIT);

    writeFileSync(go, '');
    // The running one and the ones that waited, in order; none of the skipped ones.
    expect(await lines(ran, 1 + WAITING_RUNS_BOUND)).toEqual(ids.slice(0, 1 + WAITING_RUNS_BOUND));
    expect((await row())?.commandRuns).toEqual({ skipped });
    const stored = await started().service.listMessages({ limit: 500 });
    expect(stored.ok && stored.value.messages).toHaveLength(flood);
  });

  const stops = {
    unsubscribing: async () => {
      const id = (await row())?.id ?? '';
      expect((await started().service.removeSubscription(id, { deleteHistory: true })).ok).toBe(true);
    },
    'changing the command': async () => {
      const id = (await row())?.id ?? '';
      expect(
        (await started().service.saveSubscription({ id, server: server.url, topic: 'alerts', command: 'true' })).ok,
      ).toBe(true);
    },
    'clearing the command': async () => {
      const id = (await row())?.id ?? '';
      expect(
        (await started().service.saveSubscription({ id, server: server.url, topic: 'alerts', command: '' })).ok,
      ).toBe(true);
    },
    'pausing notifications': async () => {
      expect((await started().service.updateSettings({ pause: 60 })).ok).toBe(true);
    },
    "the row's Stop": async () => {
      const stopped = await started().service.stopSubscriptionCommand((await row())?.id ?? '');
      expect(stopped).toEqual({ ok: true, value: true });
    },
    quitting: async () => {
      await started().stop();
      core = undefined;
    },
  };

  for (const [how, stop] of Object.entries(stops)) {
    it(`${how} ends the running command's whole process group and drops the runs waiting`, async () => {
      const pidFile = path.join(dir, 'pids');
      await subscribe(holdingCommand(pidFile));
      await send('first');
      await send('second');
      await vi.waitFor(() => {
        expect(received).toBe(2);
      }, WAIT);
      const pids = pidsIn((await lines(pidFile, 2)).join('\n'));
      await stop();
      await allEnded(pids);
      // The second message's run was dropped, not started once the first ended.
      expect(await lines(pidFile, 2)).toHaveLength(2);
      if (core !== undefined) expect((await row())?.commandFailure).toBeUndefined();
    });
  }

  it('shows a run that has gone on for long on its row, until it ends', async () => {
    const pidFile = path.join(dir, 'pids');
    await subscribe(holdingCommand(pidFile));
    const id = await send('slow');
    const pids = pidsIn((await lines(pidFile, 2)).join('\n'));
    expect((await row())?.commandRuns).toBeUndefined();
    clock.advance(LONG_RUN_MS);
    expect((await row())?.commandRuns).toEqual({ skipped: 0, longRun: { messageId: id, since: NOON } });
    expect(await started().service.stopSubscriptionCommand((await row())?.id ?? '')).toEqual({ ok: true, value: true });
    await allEnded(pids);
    await vi.waitFor(async () => {
      expect((await row())?.commandRuns).toBeUndefined();
    }, WAIT);
  });

  it('runs a message too big for the environment with its variables cut, and the row says which', async () => {
    const out = path.join(dir, 'length');
    await subscribe(`printf %s "$NTFY_MESSAGE" | wc -c > '${out}'`);
    // 60,000 three-byte characters: under the stored cap of 64 Ki characters, over Linux's 128 KiB per variable.
    const id = await send('€'.repeat(60_000));
    const [length] = await lines(out, 1);
    expect(Number(length)).toBeGreaterThan(100 * 1024);
    expect(Number(length)).toBeLessThan(128 * 1024);
    expect((await row())?.commandRuns).toEqual({
      skipped: 0,
      cut: { messageId: id, variables: ['NTFY_MESSAGE', 'NTFY_RAW'] },
    });
    expect((await row())?.commandFailure).toBeUndefined();
  });
});
