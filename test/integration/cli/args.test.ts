/**
 * `ntfy-tray subscribe`: what its arguments let through to a real server (test/server on 127.0.0.1). A process where
 * a connection runs; in-process (the same runCli) for what is refused at argument time.
 */
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliResult, runCliInProcess } from '../../support/cli-in-process.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';

const PASSWORD = 'right-password';

let server: TestServer;
let dataDir: string;
const running: CliProcess[] = [];

function cli(args: readonly string[], env?: Readonly<Record<string, string>>): CliProcess {
  const process = startCli(['subscribe', '--data-dir', dataDir, ...args], env);
  running.push(process);
  return process;
}

/** Argument checks need no process: the same runCli in this one (test/support/cli-in-process.ts). */
function inProcess(args: readonly string[], env?: Readonly<Record<string, string>>): Promise<CliResult> {
  return runCliInProcess(['subscribe', '--data-dir', dataDir, ...args], env);
}

beforeEach(async () => {
  server = await startTestServer({
    auth: {
      users: [{ name: 'alice', password: PASSWORD, access: [{ topic: 'secret', permission: 'read-write' }] }],
      everyone: [{ topic: 'open*', permission: 'read-write' }],
      defaultAccess: 'deny-all',
    },
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-cli-args-'));
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('--user alice:password (the ntfy CLI form)', () => {
  it('logs in as alice, and the password appears neither on stderr nor anywhere in the data dir', async () => {
    const process = cli(['--json', '--user', `alice:${PASSWORD}`, `${server.url}/secret`]);
    await process.waitForStderr(/connected: .*secret/);
    await server.publish('secret', 'for alice');
    await process.waitForStdoutLines(1);
    process.child.kill('SIGTERM');

    expect(await process.exited()).toBe(0);
    expect(server.requests.find((request) => request.transport === 'json')?.user).toBe('alice');
    expect(process.stderr()).not.toContain(PASSWORD);
    // Every file, those in subfolders too (subscribers/ holds the runs' slot locks).
    const files = (await readdir(dataDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const name = path.relative(dataDir, path.join(file.parentPath, file.name));
      expect({ name, holdsPassword: (await readFile(path.join(dataDir, name))).includes(PASSWORD) }).toEqual({
        name,
        holdsPassword: false,
      });
    }
  });
});

describe('refused at argument time (exit 2), before anything is sent', () => {
  it.each([
    ['a --token with a trailing \\r', ['--token', 'tk_windows\r'], {}, /--token ends with a line break/],
    ['NTFY_TOKEN with a trailing \\n', [], { NTFY_TOKEN: 'tk_file\n' }, /NTFY_TOKEN ends with a line break/],
    [
      'NTFY_PASSWORD with a trailing \\r\\n',
      ['--user', 'alice'],
      { NTFY_PASSWORD: `${PASSWORD}\r\n` },
      /NTFY_PASSWORD ends with a line break/,
    ],
    ['an empty --user', ['--user', ''], {}, /--user needs a user name/],
    ['an empty --data-dir', ['--data-dir', ''], {}, /--data-dir is empty/],
    [
      '--priority 9',
      ['--priority', '9'],
      {},
      /--priority 9: use 1-5 or min, low, default, high, urgent \(comma list\)/,
    ],
    ['--priority docs', ['--priority', 'docs'], {}, /--priority docs/],
    ['an empty --tags', ['--tags', ''], {}, /--tags has an empty value/],
    ['--poll --transport ws', ['--poll', '--transport', 'ws'], {}, /--poll always reads the JSON endpoint/],
    ['--keepalive-timeout 25d', ['--keepalive-timeout', '25d'], {}, /--keepalive-timeout 25d is out of range/],
    ['--backoff-max 100d', ['--backoff-max', '100d'], {}, /--backoff-max 100d is out of range: use from 1s to 1h/],
  ])('%s', async (_name, args, env, message) => {
    const result = await inProcess([...args, `${server.url}/open-a`], env);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain("Run 'ntfy-tray subscribe --help' for usage.");
    expect(result.stderr).not.toContain('Usage:');
    expect(server.requests).toEqual([]);
  });

  it.each([
    ['?since=1h', /use --since instead/],
    ['?poll=1', /use --poll instead/],
    ['?auth=QmVhcmVyIHRrX3NlY3JldA', /use --token or --user instead/],
    ['#latest', /takes no fragment/],
  ])('a topic URL with %s', async (suffix, message) => {
    const result = await inProcess([`${server.url}/open-a${suffix}`]);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toContain('QmVhcmVyIHRrX3NlY3JldA');
    expect(server.requests).toEqual([]);
  });
});
