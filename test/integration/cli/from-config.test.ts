/**
 * `ntfy-tray subscribe --from-config` as a process: ntfy's client.yml from the default path in a temporary
 * XDG_CONFIG_HOME (or -c), against test/server.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { ALICE_AND_OPEN_TOPICS } from '../../support/alice-auth.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';

let server: TestServer;
let dir: string;
const running: CliProcess[] = [];

function cli(args: readonly string[]): CliProcess {
  const process = startCli(['subscribe', '--data-dir', path.join(dir, 'data'), ...args], {
    XDG_CONFIG_HOME: path.join(dir, 'config'),
  });
  running.push(process);
  return process;
}

beforeEach(async () => {
  server = await startTestServer({ auth: ALICE_AND_OPEN_TOPICS });
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-from-config-'));
  await mkdir(path.join(dir, 'config', 'ntfy'), { recursive: true });
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('ntfy-tray subscribe --from-config', () => {
  it('subscribes every entry of ~/.config/ntfy/client.yml with its credentials, filter and command', async () => {
    const file = path.join(dir, 'secret.txt');
    await writeFile(
      path.join(dir, 'config', 'ntfy', 'client.yml'),
      `default-host: ${server.url}
default-command: 'echo "default: $topic $m"'
subscribe:
  - topic: secret
    user: alice
    password: right-password
    command: 'printf "%s|%s\\n" "$m" "$title" >> "${file}"; echo "secret: $m"'
  - topic: open-urgent
    if:
      priority: urgent
`,
    );
    const process = cli(['--from-config']);
    await process.waitForStderr(/connected: .*secret/);
    await process.waitForStderr(/connected: .*open-urgent/);
    await server.publish('secret', { message: 'one', title: 'T1' });
    await server.publish('open-urgent', { message: 'low', priority: 2 });
    await server.publish('open-urgent', { message: 'high', priority: 5 });
    await server.publish('secret', { message: 'two', title: 'T2' });
    const lines = await process.waitForStdoutLines(3);
    expect([...lines].sort()).toEqual(['default: open-urgent high', 'secret: one', 'secret: two']);
    expect(await readFile(file, 'utf8')).toBe('one|T1\ntwo|T2\n');
    // The password went to the server, never to stderr.
    expect(process.stderr()).not.toContain('right-password');
  });

  it('reads -c <file> instead, and says when --from-config finds no client.yml', async () => {
    const missing = cli(['--from-config']);
    expect(await missing.exited()).toBe(2);
    // ntfy's default path: the one under XDG_CONFIG_HOME, or /etc/ntfy/client.yml when the tests run as root.
    expect(missing.stderr()).toMatch(/--from-config: no client\.yml at \S+client\.yml/);

    const other = path.join(dir, 'other.yml');
    await writeFile(other, `subscribe:\n  - topic: ${server.url}/open-a\n`);
    const process = cli(['-c', other, '--from-config']);
    await process.waitForStderr(/connected: .*open-a/);
    await server.publish('open-a', 'hello');
    const [line] = await process.waitForStdoutLines(1);
    expect(line).toContain('hello');
  });

  it('ignores a key ntfy does not know with a warning naming entry and field, never the value, and runs', async () => {
    await writeFile(
      path.join(dir, 'config', 'ntfy', 'client.yml'),
      `subscribe:\n  - topic: ${server.url}/open-a\n    pasword: hunter2\n`,
    );
    const process = cli(['--poll', '--from-config']);
    expect(await process.exited()).toBe(0);
    expect(process.stderr()).toContain('warning: ');
    expect(process.stderr()).toContain("subscribe entry 1: unknown field 'pasword' ignored");
    expect(process.stderr()).not.toContain('hunter2');
  });

  it('names the entry and field of a broken client.yml and never quotes a value (exit 2)', async () => {
    await writeFile(
      path.join(dir, 'config', 'ntfy', 'client.yml'),
      'subscribe:\n  - topic: a\n    password: [hunter2]\n',
    );
    const process = cli(['--from-config']);
    expect(await process.exited()).toBe(2);
    expect(process.stderr()).toContain('subscribe entry 1: password must be text');
    expect(process.stderr()).not.toContain('hunter2');
  });

  it('says an alias bomb is one instead of expanding it (exit 2)', async () => {
    const bomb = [
      'a: &a [x,x,x,x,x,x,x,x,x]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'subscribe: [*c]',
    ].join('\n');
    await writeFile(path.join(dir, 'config', 'ntfy', 'client.yml'), bomb);
    const process = cli(['--from-config']);
    expect(await process.exited()).toBe(2);
    expect(process.stderr()).toContain('uses YAML aliases (*name) that expand too far (an alias bomb)');
  });
});
