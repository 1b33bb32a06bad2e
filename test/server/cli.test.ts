import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parseCliArgs } from './cli-args.ts';

describe('command-line options', () => {
  it('defaults to port 8080 and no auth', () => {
    expect(parseCliArgs([])).toEqual({ ok: true, options: { port: 8080 }, help: false });
  });

  it('reads durations, several users after one flag, tokens and rules', () => {
    const parsed = parseCliArgs([
      '--port',
      '0',
      '--keepalive',
      '45s',
      '--users',
      'alice:pass',
      'bob:pw:with:colons',
      '--token',
      'alice:tk_abc',
      '--access',
      'alice:alerts_*:read-only',
      '--everyone',
      'alerts_*:deny-all',
      '--default-access',
      'deny-all',
      '--cache',
      '0',
      '--newer-events',
    ]);
    expect(parsed).toEqual({
      ok: true,
      help: false,
      options: {
        port: 0,
        keepaliveIntervalMs: 45_000,
        cacheDurationMs: 0,
        newerEvents: true,
        auth: {
          users: [
            {
              name: 'alice',
              password: 'pass',
              role: 'user',
              tokens: ['tk_abc'],
              access: [{ topic: 'alerts_*', permission: 'read-only' }],
            },
            { name: 'bob', password: 'pw:with:colons', role: 'user', tokens: [], access: [] },
          ],
          everyone: [{ topic: 'alerts_*', permission: 'deny-all' }],
          defaultAccess: 'deny-all',
        },
      },
    });
  });

  it.each([
    [['--port', 'x'], '--port needs a whole number'],
    [['--keepalive', '1d'], '--keepalive needs a duration'],
    [['--users'], '--users needs NAME:PASS'],
    [['--token', 'carol:tk_x'], 'unknown user "carol"'],
    [['--bogus'], 'unknown option --bogus'],
    [['stray'], 'unexpected argument "stray"'],
  ])('refuses %j', (argv, error) => {
    const parsed = parseCliArgs(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(error);
  });
});

describe('node test/server/cli.ts', () => {
  it('prints its URL, serves curl-style requests and exits on SIGINT', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const child = spawn(process.execPath, [cli, '--port', '0', '--keepalive', '1s'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (data: Buffer) => {
        output += data.toString();
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.once('exit', (code) => {
        reject(new Error(`cli exited with ${String(code)}: ${output}`));
      });
    });
    const published = await fetch(`${url}/mytopic`, { method: 'POST', body: 'hi' });
    expect(published.status).toBe(200);
    const poll = await fetch(`${url}/mytopic/json?poll=1`);
    expect(await poll.text()).toContain('"message":"hi"');
    const exited = once(child, 'exit');
    child.kill('SIGINT');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  });
});
