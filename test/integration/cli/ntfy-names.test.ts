/**
 * ntfy's own command and flag names on the real CLI process: `sub`/`pub`, `-u user:pass` on subscribe, and a 403
 * that says what to do.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { ALICE_AND_OPEN_TOPICS } from '../../support/alice-auth.ts';
import { runCliInProcess } from '../../support/cli-in-process.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';

let server: TestServer;
let dataDir: string;
const running: CliProcess[] = [];

function cli(args: readonly string[]): CliProcess {
  const [command = '', ...rest] = args;
  const process = startCli([command, '--data-dir', dataDir, ...rest]);
  running.push(process);
  return process;
}

beforeEach(async () => {
  server = await startTestServer({ auth: ALICE_AND_OPEN_TOPICS });
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-cli-names-'));
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("ntfy's names", () => {
  it('pub sends and sub -u user:pass reads it as JSON lines into a pipe', async () => {
    const publish = cli(['pub', '-u', 'alice:right-password', `${server.url}/secret`, 'from pub']);
    expect(await publish.exited()).toBe(0);
    const subscribe = cli(['sub', '--poll', '-u', 'alice:right-password', `${server.url}/secret`]);
    expect(await subscribe.exited()).toBe(0);
    const lines = subscribe.stdout().trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { message: string }).message)).toEqual(['from pub']);
    expect(subscribe.stderr()).not.toContain('right-password');
  });

  it('a 403 says to give --user/--token or to use login (exit 3)', async () => {
    const subscribe = cli(['sub', '--poll', `${server.url}/secret`]);
    expect(await subscribe.exited()).toBe(3);
    expect(subscribe.stderr()).toMatch(/--user or --token .*ntfy-tray login/);
  });

  it('help sub shows the subscribe help', async () => {
    const help = await runCliInProcess(['help', 'sub']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: ntfy-tray subscribe');
  });
});
