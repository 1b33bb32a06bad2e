/**
 * `ntfy-tray subscribe TOPIC COMMAND` as a process against test/server: the command runs once per message, in
 * order, with the message in ntfy's environment variables only; a failing one is reported and the stream goes on.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';

let server: TestServer;
let dir: string;
const running: CliProcess[] = [];

function subscribe(args: readonly string[]): CliProcess {
  const process = startCli(['subscribe', '--data-dir', path.join(dir, 'data'), ...args]);
  running.push(process);
  return process;
}

beforeEach(async () => {
  server = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-cli-command-'));
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('ntfy-tray subscribe <topic> <command>', () => {
  it('runs the command once per message, in order, with $NTFY_MESSAGE, $m, $title and the others', async () => {
    const file = path.join(dir, 'got.txt');
    const command = `printf '%s|%s|%s|%s|%s|%s|%s\\n' "$NTFY_MESSAGE" "$m" "$title" "$t" "$p" "$tags" "$NTFY_TOPIC" >> '${file}'; echo "ran $id"`;
    const cli = subscribe([`${server.url}/alerts`, command]);
    await cli.waitForStderr(/connected/);
    const sent = [
      await server.publish('alerts', { message: 'first', title: 'One', priority: 5, tags: ['a', 'b'] }),
      await server.publish('alerts', 'second'),
      await server.publish('alerts', { message: 'third', title: 'Three' }),
    ];
    // The command's own output is the CLI's stdout, and nothing else is printed there.
    expect(await cli.waitForStdoutLines(3)).toEqual(sent.map((message) => `ran ${message.id}`));
    expect((await readFile(file, 'utf8')).split('\n')).toEqual([
      'first|first|One|One|5|a,b|alerts',
      // No priority on the wire: ntfy's client reads 0 and sets $p=0 (cmd/subscribe.go envVars).
      'second|second|||0||alerts',
      'third|third|Three|Three|0||alerts',
      '',
    ]);
  });

  it('puts the message only in the environment: shell metacharacters in it are never executed', async () => {
    const marker = path.join(dir, 'pwned');
    const hostile = `$(touch ${marker}) \`touch ${marker}\` ; touch ${marker} | "'$HOME' && exit 9`;
    const cli = subscribe([`${server.url}/alerts`, `printf '%s\\n' "$m" "$t"`]);
    await cli.waitForStderr(/connected/);
    await server.publish('alerts', { message: hostile, title: `'; touch ${marker}; echo '` });
    expect(await cli.waitForStdoutLines(2)).toEqual([hostile, `'; touch ${marker}; echo '`]);
    expect(existsSync(marker)).toBe(false);
  });

  it('reports a failing command on stderr and goes on with the next message', async () => {
    const cli = subscribe([`${server.url}/alerts`, `test "$m" != fail || exit 7; echo "$m"`]);
    await cli.waitForStderr(/connected/);
    await server.publish('alerts', 'one');
    const failed = await server.publish('alerts', 'fail');
    await server.publish('alerts', 'two');
    expect(await cli.waitForStdoutLines(2)).toEqual(['one', 'two']);
    await cli.waitForStderr(/command failed/);
    expect(cli.stderr()).toContain(`command failed: ${server.url}/alerts (message ${failed.id}): exit code 7`);
    expect(cli.stderr()).not.toContain('fail\n');
  });

  it('does not run a command again after a restart once it has ended; what came meanwhile runs once', async () => {
    const command = `echo "$m"`;
    const first = subscribe([`${server.url}/alerts`, command]);
    await first.waitForStderr(/connected/);
    await server.publish('alerts', 'before-1');
    await server.publish('alerts', 'before-2');
    await first.waitForStdoutLines(2);
    first.child.kill('SIGTERM');
    expect(await first.exited()).toBe(0);

    await server.publish('alerts', 'while-away');
    const second = subscribe([`${server.url}/alerts`, command]);
    await second.waitForStderr(/connected/);
    await server.publish('alerts', 'after');
    expect(await second.waitForStdoutLines(2)).toEqual(['while-away', 'after']);
  });

  it('runs the command for each cached message with --poll, then exits', async () => {
    await server.publish('alerts', 'cached-1');
    await server.publish('alerts', 'cached-2');
    const cli = subscribe(['--poll', `${server.url}/alerts`, `echo "got $m"`]);
    expect(await cli.exited()).toBe(0);
    expect(cli.stdout()).toBe('got cached-1\ngot cached-2\n');
  });
});
