/**
 * Issue 31 §1–§5, one test per behaviour, against test/server: publish reads client.yml from ntfy's default path and
 * NTFY_CONFIG, every NTFY_* variable of publish, ntfy's aliases and global logging options, `sub TOPIC COMMAND`,
 * `-u :tk_…`, $NTFY_RAW as received, unknown client.yml keys, and publish's JSON line into `jq`-like readers.
 * In-process (runCli) unless a process is the point. docs/protocol.md#cli.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { runCliInProcess } from '../../support/cli-in-process.ts';
import { startCli } from '../../support/cli-process.ts';
import { expectServerLine } from '../../support/publish-output.ts';

const TOKEN = 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2';

let server: TestServer;
let dir: string;
let env: Record<string, string>;

beforeEach(async () => {
  server = await startTestServer({
    auth: { users: [{ name: 'phil', password: 'pw', tokens: [TOKEN] }], defaultAccess: 'read-write' },
  });
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-cli-items-'));
  env = { HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') };
});

afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function publishRequest() {
  const publishes = server.requests.filter((request) => request.transport === 'publish');
  expect(publishes).toHaveLength(1);
  return publishes[0];
}

async function userClientYml(text: string): Promise<void> {
  await mkdir(path.join(dir, 'config', 'ntfy'), { recursive: true });
  await writeFile(path.join(dir, 'config', 'ntfy', 'client.yml'), text);
}

describe('§1 publish reads client.yml as ntfy does', () => {
  it("takes default-host and default-token from ntfy's default path (~/.config/ntfy/client.yml)", async () => {
    await userClientYml(`default-host: ${server.url}\ndefault-token: ${TOKEN}\n`);
    const run = await runCliInProcess(['pub', 'mytopic', 'hi'], env);
    expectServerLine(run, 'mytopic');
    expect(publishRequest()?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('reads NTFY_CONFIG, and -c over it; an empty default-password is an empty password', async () => {
    const file = path.join(dir, 'other.yml');
    await writeFile(file, `default-host: ${server.url}\ndefault-user: phil\ndefault-password: ""\n`);
    const run = await runCliInProcess(['pub', 'mytopic', 'hi'], { ...env, NTFY_CONFIG: file });
    // phil's password is not empty: the server refuses, which shows the empty one was sent (no keychain lookup).
    expect(run.code).toBe(1);
    expect(server.requests.at(-1)?.authorization).toBe(`Basic ${Buffer.from('phil:').toString('base64')}`);
    const given = path.join(dir, 'given.yml');
    await writeFile(given, `default-host: ${server.url}\ndefault-token: ${TOKEN}\n`);
    expectServerLine(
      await runCliInProcess(['pub', '-c', given, 'mytopic', 'hi'], { ...env, NTFY_CONFIG: file }),
      'mytopic',
    );
  });

  it('flags and NTFY_TOKEN go before client.yml, client.yml before nothing', async () => {
    await userClientYml(`default-host: ${server.url}\ndefault-user: phil\ndefault-password: wrong\n`);
    const run = await runCliInProcess(['pub', 'mytopic', 'hi'], { ...env, NTFY_TOKEN: TOKEN });
    expectServerLine(run, 'mytopic');
    expect(publishRequest()?.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('§2 every NTFY_* variable of publish', () => {
  it('takes the message fields from the environment, as urfave/cli EnvVars do', async () => {
    const run = await runCliInProcess(['pub', `${server.url}/mytopic`], {
      ...env,
      NTFY_TITLE: 'T',
      NTFY_MESSAGE: 'M',
      NTFY_PRIORITY: 'high',
      NTFY_TAGS: 'a,b',
      NTFY_CLICK: 'https://x.test/c',
      NTFY_ICON: 'https://x.test/i.png',
      NTFY_ACTIONS: 'view, Open, https://x.test/o',
      NTFY_ATTACH: 'https://x.test/f.zip',
      NTFY_FILENAME: 'f.zip',
      NTFY_MARKDOWN: 'true',
      NTFY_NO_CACHE: '1',
      NTFY_NO_FIREBASE: 'T',
      NTFY_USER: 'phil:pw',
    });
    expect(expectServerLine(run, 'mytopic')).toMatchObject({
      title: 'T',
      message: 'M',
      priority: 4,
      tags: ['a', 'b'],
      click: 'https://x.test/c',
      icon: 'https://x.test/i.png',
      actions: [expect.objectContaining({ action: 'view', label: 'Open' })],
      attachment: { name: 'f.zip', url: 'https://x.test/f.zip' },
      content_type: 'text/markdown',
    });
    expect(run.stdout).not.toContain('"expires"'); // X-Cache: no
    const request = publishRequest();
    expect(request?.headers['x-firebase']).toBe('no');
    expect(request?.user).toBe('phil');
  });

  it('NTFY_TOPIC makes every argument the message; NTFY_QUIET prints nothing; a bad boolean is refused', async () => {
    expectServerLine(await runCliInProcess(['pub', 'two', 'words'], { ...env, NTFY_TOPIC: `${server.url}/t` }), 't');
    expect(server.cachedMessages().at(-1)?.message).toBe('two words');
    const quiet = await runCliInProcess(['pub', `${server.url}/t`, 'x'], { ...env, NTFY_QUIET: '1' });
    expect(quiet).toEqual({ code: 0, stdout: '', stderr: '' });
    const bad = await runCliInProcess(['pub', `${server.url}/t`, 'x'], { ...env, NTFY_QUIET: 'yes' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('could not parse "yes" as bool value from env NTFY_QUIET for flag --quiet');
  });

  it('NTFY_WAIT_CMD runs the words after the topic; NTFY_DELAY schedules; NTFY_EMAIL reaches the server', async () => {
    const run = await runCliInProcess(['pub', `${server.url}/t`, 'true'], { ...env, NTFY_WAIT_CMD: '1' });
    expect(expectServerLine(run, 't')).toMatchObject({
      message: expect.stringMatching(/^Command succeeded .*: true$/) as unknown,
    });
    const delayed = await runCliInProcess(['pub', `${server.url}/t`, 'later'], { ...env, NTFY_DELAY: '1h' });
    expect(delayed.code).toBe(0);
    expect(server.requests.at(-1)?.headers['content-type']).toBe('application/json');
    expect(server.cachedMessages().at(-1)?.time).toBeGreaterThan(Date.now() / 1000 + 3000);
    const email = await runCliInProcess(['pub', `${server.url}/t`, 'x'], { ...env, NTFY_EMAIL: 'a@b.test' });
    expect(email.stderr).toContain('e-mail'); // test/server, like ntfy without SMTP, refuses it (40001)
  });
});

describe("§3 ntfy's arguments", () => {
  it('send and trigger are publish; -u :tk_… is Basic with an empty user, which the server takes as the token', async () => {
    expectServerLine(await runCliInProcess(['trigger', '-u', `:${TOKEN}`, `${server.url}/hook`], env), 'hook');
    expect(server.requests.at(-1)?.user).toBe('phil');
    expect(server.cachedMessages().at(-1)?.message).toBe('triggered');
    expectServerLine(await runCliInProcess(['send', `${server.url}/hook`, 'sent'], env), 'hook');
  });

  it('sub takes -s, -p, -S/--sched and --from_config; the second argument is always the command', async () => {
    await server.publish('mytopic', 'one');
    const run = await runCliInProcess(['sub', '-p', '-s', 'all', '--sched', `${server.url}/mytopic`, 'echo'], env);
    expect(run.code).toBe(0);
    const poll = server.requests.at(-1);
    expect(poll?.query).toMatchObject({ poll: '1', since: 'all', scheduled: '1' });
    expect(run.stdout).toBe(''); // the command `echo` ran (its output went to the process's own stdout)
    const underscore = await runCliInProcess(['sub', '--from_config', '-S', '-p'], env);
    expect(underscore.stderr).toContain('--from-config: no client.yml');
  });

  it('takes the global --debug, --log-level and --log-file before the command and after it', async () => {
    const logFile = path.join(dir, 'ntfy.log');
    const args = ['--log-level', 'debug', 'pub', '--log_file', logFile, `${server.url}/t`, 'x'];
    expectServerLine(await runCliInProcess(args, env), 't');
    // Our default shows warnings and errors only; below that, only these options show anything.
    expect(await readFile(logFile, 'utf8')).toMatch(/^(debug|info): /m);
    const debug = await runCliInProcess(['--debug', 'sub', '-p', `${server.url}/t`], env);
    expect(debug.stderr).toMatch(/^(debug|info): /m);
    const quietDefault = await runCliInProcess(['sub', '-p', `${server.url}/t`], env);
    expect(quietDefault.stderr).not.toMatch(/^(debug|info): /m);
  });
});

const CLI = path.resolve(import.meta.dirname, '../../../main/cli.ts');
const SCRIPT = '/usr/bin/script'; // util-linux: runs the CLI on a pseudo-terminal

describe.skipIf(!existsSync(SCRIPT))('§3 -u user on a terminal (util-linux script gives it a pty)', () => {
  it("asks 'Enter Password: ' on the terminal and sends what was typed", async () => {
    const command = `'${process.execPath}' '${CLI}' pub -u phil ${server.url}/t typed`;
    const child = spawn(SCRIPT, ['-qec', command, '/dev/null'], { env: { ...process.env, ...env, LANG: 'C.UTF-8' } });
    let output = '';
    let answered = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (!answered && output.includes('Enter Password: ')) {
        answered = true;
        child.stdin.write('pw\r'); // typed at the prompt; a terminal in raw mode gets Enter as CR
      }
    });
    await once(child, 'exit');
    expect(output).toContain('Enter Password: ');
    expect(server.requests.at(-1)?.user).toBe('phil');
    expect(server.cachedMessages().at(-1)?.message).toBe('typed');
  });
});

describe("§4 ntfy's output", () => {
  it('sub into a pipe prints the line as the server sent it, and $NTFY_RAW holds it too', async () => {
    const file = path.join(dir, 'raw.txt');
    await server.publish('mytopic', { message: 'a <b> & c', title: 'x>y' });
    const answer = await (await fetch(`${server.url}/mytopic/json?poll=1`)).text();
    const printed = await runCliInProcess(['sub', '-p', `${server.url}/mytopic`], env);
    expect(printed.stdout).toBe(answer);
    const commanded = await runCliInProcess(
      ['sub', '-p', `${server.url}/mytopic`, `printf '%s' "$NTFY_RAW" > '${file}'`],
      env,
    );
    expect(commanded.code).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(answer.trimEnd());
  });

  it('pub | reader: stdout holds only the JSON line, --wait-cmd`s own output goes to stderr (a process)', async () => {
    const cli = startCli(['pub', '--wait-cmd', `${server.url}/t`, 'sh', '-c', 'printf "%s-%s\\n" from command'], env);
    expect(await cli.exited()).toBe(0);
    expect(JSON.parse(cli.stdout()) as unknown).toMatchObject({ topic: 't', event: 'message' });
    expect(cli.stderr()).toContain('from-command');
    expect(cli.stdout()).not.toContain('from-command');
  });
});

describe('§5 client.yml as ntfy reads it', () => {
  it('publish warns about a key ntfy ignores (named, never its value) and sends', async () => {
    await userClientYml(`default-host: ${server.url}\ndefault-tokn: ${TOKEN}\n`);
    const run = await runCliInProcess(['pub', 'mytopic', 'hi'], env);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("unknown field 'default-tokn' ignored");
    expect(run.stderr).not.toContain(TOKEN);
  });

  it('--poll --from-config polls each entry without its if: filter and without default-command (doPoll)', async () => {
    await server.publish('mytopic', { message: 'low', priority: 1 });
    await userClientYml(
      `default-host: ${server.url}\ndefault-command: exit 9\nsubscribe:\n  - topic: mytopic\n    if:\n      priority: high\n`,
    );
    const run = await runCliInProcess(['sub', '--poll', '--from-config'], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ message: 'low' });
    expect(server.requests.at(-1)?.query['priority']).toBeUndefined();
  });
});
