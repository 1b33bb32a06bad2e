/**
 * What people type for a topic, through the real command (common/topic-input.ts's rule, as ntfy's CLI reads it): a
 * bare topic is on the data dir's default server, `host/topic` assumes https; and an unreachable server is named
 * by its cause instead of an errno code. Only test/server on 127.0.0.1 is contacted.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../main/core/ports.ts';
import { openConfSettingsStore } from '../../../main/core/store/settings/conf-settings-store.ts';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliResult, runCliInProcess } from '../../support/cli-in-process.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';

const silent: Logger = { log: () => undefined, child: () => silent };
let server: TestServer;
let dataDir: string;
const running: CliProcess[] = [];

function cli(args: readonly string[]): CliProcess {
  const process = startCli([...args, '--data-dir', dataDir]);
  running.push(process);
  return process;
}

/** A port where nothing listens: one the test server had and gave back. */
async function closedPort(): Promise<number> {
  const spare = await startTestServer();
  const { port } = spare;
  await spare.close();
  return port;
}

/** The same runCli in this process (test/support/cli-in-process.ts): these runs end by themselves. */
function inProcess(args: readonly string[]): Promise<CliResult> {
  return runCliInProcess([...args, '--data-dir', dataDir]);
}

beforeEach(async () => {
  server = await startTestServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-topic-input-'));
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a topic as people type it', () => {
  it('reads a bare topic on the default server the data dir was set to use', async () => {
    const settings = openConfSettingsStore({ dir: dataDir, log: silent });
    expect((await settings.update((current) => ({ ...current, defaultServer: server.url }))).ok).toBe(true);
    await server.publish('alerts', 'on the default server');

    const poll = await inProcess(['subscribe', '--poll', '--text', 'alerts']);

    expect(poll.code).toBe(0);
    expect(poll.stdout).toContain('alerts p3 on the default server');
    expect(server.requests.map((request) => request.path)).toEqual(['/alerts/json']);
  });

  it('assumes https for host:port/topic (so plain HTTP on that port fails as a TLS problem, in words)', async () => {
    const poll = await inProcess(['subscribe', '--poll', `127.0.0.1:${String(server.port)}/alerts`]);

    expect(poll.code).toBe(1);
    expect(poll.stderr).toBe(
      `poll failed: https://127.0.0.1:${String(server.port)}/alerts: TLS certificate problem: secure connection could not be set up\n`,
    );
  });
});

describe('an unreachable server', () => {
  it('is "connection refused" for subscribe --poll, not an errno code', async () => {
    const port = await closedPort();

    const poll = await inProcess(['subscribe', '--poll', `http://127.0.0.1:${String(port)}/alerts`]);

    expect(poll.code).toBe(1);
    expect(poll.stderr).toBe(`poll failed: http://127.0.0.1:${String(port)}/alerts: connection refused\n`);
  });

  it('is "connection refused" in the reconnect line of a running subscribe', async () => {
    const port = await closedPort();

    const subscribe = cli(['subscribe', `http://127.0.0.1:${String(port)}/alerts`]);

    await subscribe.waitForStderr(/reconnecting in/, 30_000); // a loaded machine starts Node slowly
    expect(subscribe.stderr()).toMatch(
      /^reconnecting in [\d.]+ s: http:\/\/127\.0\.0\.1:\d+\/alerts \(json\): connection refused\n/,
    );
    expect(subscribe.stderr()).not.toContain('ECONNREFUSED');
  });

  it('is named by login, which stores nothing (exit 1)', async () => {
    const port = await closedPort();

    const login = await inProcess(['login', `http://127.0.0.1:${String(port)}/alerts`, '--user', 'alice:pw']);

    expect(login.code).toBe(1);
    expect(login.stderr).toBe(
      `ntfy-tray login: Not stored: can't reach http://127.0.0.1:${String(port)}: connection refused ` +
        '(--no-check stores without asking the server)\n',
    );
  });
});
