/**
 * ntfy's own publish tests (cmd/publish_test.go), ported case by case against test/server: each `it` is named
 * after the Go test it ports and asserts what that test asserts (the JSON line on stdout, the message's fields,
 * the Authorization header the server received, the error's words). ntfy's tests answer from an httptest handler
 * that checks the header; here the real test server records it (`server.requests`). Run in-process (runCli) unless
 * a process is the point. docs/protocol.md#cli.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { runCliInProcess } from '../../support/cli-in-process.ts';
import { startCli } from '../../support/cli-process.ts';

const TOKEN = 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2';
/** `Basic ` + base64("philipp:mypass"), as ntfy's tests spell it. */
const PHILIPP = 'Basic cGhpbGlwcDpteXBhc3M=';

let server: TestServer;
let dir: string;
/** A home of its own per test: no data folder and no client.yml but the ones a test writes. */
let env: Record<string, string>;

beforeEach(async () => {
  server = await startTestServer({
    auth: { users: [{ name: 'philipp', password: 'mypass', tokens: [TOKEN] }], defaultAccess: 'read-write' },
  });
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-publish-port-'));
  env = { HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') };
});

afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

interface Message {
  readonly event: string;
  readonly topic: string;
  readonly message: string;
  readonly title?: string;
  readonly priority?: number;
  readonly tags?: string[];
  readonly click?: string;
  readonly icon?: string;
  readonly attachment?: { name: string; url: string; size?: number; type?: string; expires?: number };
}

/** ntfy's toMessage(t, stdout): the one JSON line publish printed. */
function toMessage(stdout: string): Message {
  expect(stdout).toMatch(/^\{[^\n]*\}\n$/);
  return JSON.parse(stdout) as Message;
}

function publishAuthorization(): string | undefined {
  const publishes = server.requests.filter((request) => request.transport === 'publish');
  expect(publishes).toHaveLength(1);
  return publishes[0]?.authorization;
}

/**
 * Runs `args` (`<pid>` replaced by a process of ours) as a CLI process, ends that process once the CLI says it is
 * waiting for it, and answers the CLI's stdout.
 */
async function publishAfterProcess(args: readonly string[], cliEnv: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
  await once(child, 'spawn');
  const cli = startCli(
    args.map((arg) => (arg === '<pid>' ? String(child.pid) : arg)),
    cliEnv,
  );
  await cli.waitForStderr(/Waiting for process/);
  child.kill('SIGKILL');
  expect(await cli.exited()).toBe(0);
  return cli.stdout();
}

async function clientYml(text: string): Promise<string> {
  const file = path.join(dir, 'client.yml');
  await writeFile(file, text, { mode: 0o600 });
  return file;
}

describe("ntfy's cmd/publish_test.go", () => {
  it('TestCLI_Publish_Subscribe_Poll_Real_Server (test/server stands in for ntfy.sh: no internet here)', async () => {
    const published = await runCliInProcess(['publish', `${server.url}/ntfytest`, 'ntfy unit test abc'], env);
    expect(published.code).toBe(0);
    const polled = await runCliInProcess(['subscribe', '--poll', `${server.url}/ntfytest`], env);
    expect(polled.stdout).toContain('abc');
  });

  it('TestCLI_Publish_Subscribe_Poll', async () => {
    const topic = `${server.url}/mytopic`;
    const published = await runCliInProcess(['publish', topic, 'some message'], env);
    expect(toMessage(published.stdout).message).toBe('some message');
    const polled = await runCliInProcess(['subscribe', '--poll', topic], env);
    expect(toMessage(polled.stdout).message).toBe('some message');
  });

  it('TestCLI_Publish_All_The_Things', async () => {
    const run = await runCliInProcess(
      [
        'publish',
        ...['--title', 'this is a title', '--priority', 'high', '--tags', 'tag1,tag2'],
        ...['--click', 'https://ntfy.sh', '--icon', 'https://ntfy.sh/static/img/ntfy.png'],
        ...['--attach', 'https://f-droid.org/F-Droid.apk', '--filename', 'fdroid.apk', '--no-cache', '--no-firebase'],
        `${server.url}/mytopic`,
        'some message',
      ],
      env,
    );
    const m = toMessage(run.stdout);
    expect(m).toMatchObject({
      event: 'message',
      topic: 'mytopic',
      message: 'some message',
      title: 'this is a title',
      priority: 4,
      tags: ['tag1', 'tag2'],
      click: 'https://ntfy.sh',
      icon: 'https://ntfy.sh/static/img/ntfy.png',
    });
    expect(m.attachment).toEqual({ name: 'fdroid.apk', url: 'https://f-droid.org/F-Droid.apk' });
    const [request] = server.requests.filter((entry) => entry.transport === 'publish');
    expect(request?.headers['x-cache']).toBe('no');
    expect(request?.headers['x-firebase']).toBe('no');
  });

  describe('TestCLI_Publish_Wait_PID_And_Cmd', () => {
    const topic = (): string => `${server.url}/mytopic`;

    it('--wait-pid: sends once the process has ended, in ntfy`s words (a process: it waits on stderr)', async () => {
      const run = await publishAfterProcess(['publish', '--wait-pid', '<pid>', topic()], env);
      expect(toMessage(run).message).toMatch(/^Process with PID \d+ exited after /);
    });

    it('--wait-pid: a PID that does not exist', async () => {
      const run = await runCliInProcess(['publish', '--wait-pid', '1234567', topic()], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('process with PID 1234567 not running');
      expect(server.requests.filter((entry) => entry.transport === 'publish')).toEqual([]);
    });

    it('--wait-cmd: a successful command (exit 0)', async () => {
      const m = toMessage((await runCliInProcess(['publish', '--wait-cmd', topic(), 'sleep', '0.1'], env)).stdout);
      expect(m.message).toContain('Command succeeded after ');
      expect(m.message).toContain(': sleep 0.1');
    });

    it('--wait-cmd: a failing command (exit 1)', async () => {
      const args = ['publish', '--wait-cmd', topic(), '/bin/false', "false doesn't care about its args"];
      const m = toMessage((await runCliInProcess(args, env)).stdout);
      expect(m.message).toContain('Command failed after ');
      expect(m.message).toContain(`(exit code 1): /bin/false "false doesn't care about its args"`);
    });

    it('--wait-cmd: a command that does not exist (hard fail)', async () => {
      const args = ['publish', '--wait-cmd', topic(), 'does-not-exist-no-really', 'really though'];
      const run = await runCliInProcess(args, env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('command failed: does-not-exist-no-really "really though"');
      expect(server.requests.filter((entry) => entry.transport === 'publish')).toEqual([]);
    });

    it('--cmd with NTFY_TOPIC: every argument is the command', async () => {
      const run = await runCliInProcess(['publish', '--cmd', 'echo', 'hi there'], { ...env, NTFY_TOPIC: topic() });
      const m = toMessage(run.stdout);
      expect(m.topic).toBe('mytopic');
      expect(m.message).toMatch(/^Command succeeded after .*: echo "hi there"$/);
    });

    it('--wait-pid with NTFY_TOPIC', async () => {
      const run = await publishAfterProcess(['publish', '--wait-pid', '<pid>'], { ...env, NTFY_TOPIC: topic() });
      expect(toMessage(run).message).toMatch(/^Process with PID \d+ exited after .+/);
    });
  });

  const defaults = {
    userPass: (host: string) => `default-host: ${host}\ndefault-user: philipp\ndefault-password: mypass\n`,
    token: (host: string) => `default-host: ${host}\ndefault-token: ${TOKEN}\n`,
  };

  it.each([
    ['TestCLI_Publish_Default_UserPass', defaults.userPass, [], PHILIPP],
    ['TestCLI_Publish_Default_Token', defaults.token, [], `Bearer ${TOKEN}`],
    ['TestCLI_Publish_Default_UserPass_CLI_Token', defaults.userPass, ['--token', TOKEN], `Bearer ${TOKEN}`],
    ['TestCLI_Publish_Default_Token_CLI_UserPass', defaults.token, ['--user', 'philipp:mypass'], PHILIPP],
    [
      'TestCLI_Publish_Default_Token_CLI_Token',
      (host: string) => `default-host: ${host}\ndefault-token: tk_FAKETOKEN01234567890FAKETOKEN\n`,
      ['--token', TOKEN],
      `Bearer ${TOKEN}`,
    ],
    [
      'TestCLI_Publish_Default_UserPass_CLI_UserPass',
      (host: string) => `default-host: ${host}\ndefault-user: philipp\ndefault-password: fakepass\n`,
      ['--user', 'philipp:mypass'],
      PHILIPP,
    ],
  ] as const)('%s', async (_name, yml, flags, authorization) => {
    const file = await clientYml(yml(server.url));
    const run = await runCliInProcess(['publish', `--config=${file}`, ...flags, 'mytopic', 'triggered'], env);
    expect(toMessage(run.stdout).message).toBe('triggered');
    expect(publishAuthorization()).toBe(authorization);
  });

  it('TestCLI_Publish_Token_And_UserPass', async () => {
    const args = ['publish', '--token', TOKEN, '--user', 'philipp:mypass', 'mytopic', 'triggered'];
    const run = await runCliInProcess(args, env);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('cannot set both --user and --token');
  });
});
