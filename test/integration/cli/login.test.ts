import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';
import { skipKeychainTests } from '../../support/keyring.ts';

const PASSWORD = 'correct-horse-battery-staple';
const TOKEN = 'tk_aaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
let server: TestServer;
let dataDir: string;
const running: CliProcess[] = [];

function cli(args: readonly string[], env?: Readonly<Record<string, string>>): CliProcess {
  const process = startCli([...args, '--data-dir', dataDir], env);
  running.push(process);
  return process;
}

beforeEach(async () => {
  server = await startTestServer({
    auth: {
      users: [
        {
          name: 'alice',
          password: PASSWORD,
          tokens: [TOKEN],
          access: [{ topic: 'secret', permission: 'read-write' }],
        },
      ],
      defaultAccess: 'deny-all',
    },
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-login-'));
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  // Leave nothing in the keyring for the next test.
  await cli(['logout', server.url]).exited();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(skipKeychainTests)('ntfy-tray login / logout (real keychain)', () => {
  it('stores the password in the keychain and subscribe uses it without being told', async () => {
    const login = cli(['login', `${server.url}/secret`, '--user', 'alice'], { NTFY_PASSWORD: PASSWORD });
    expect(await login.exited()).toBe(0);
    expect(login.stdout()).toBe(`Stored: the server accepted user alice for ${server.url}/secret\n`);

    const subscribe = cli(['subscribe', '--json', `${server.url}/secret`]);
    await subscribe.waitForStderr(/connected/, 30_000); // a loaded machine starts Node slowly
    await server.publish('secret', 'for alice');
    await subscribe.waitForStdoutLines(1);
    expect(server.requests.find((entry) => entry.transport === 'json')?.user).toBe('alice');

    // The password is in the keychain, not in any file of the data dir.
    for (const file of await readdir(dataDir, { recursive: true })) {
      const text = await readFile(path.join(dataDir, file), 'utf8').catch(() => '');
      expect(text, file).not.toContain(PASSWORD);
    }
  });

  it('takes a --user password from the keychain when NTFY_PASSWORD is not set', async () => {
    expect(await cli(['login', `${server.url}/secret`, '--user', 'alice'], { NTFY_PASSWORD: PASSWORD }).exited()).toBe(
      0,
    );
    const subscribe = cli(['subscribe', '--user', 'alice', `${server.url}/secret`]);
    await subscribe.waitForStderr(/connected/, 30_000); // a loaded machine starts Node slowly
  });

  it('forgets the credentials on logout; subscribe then gets 403 and exits 3', async () => {
    expect(await cli(['login', `${server.url}/secret`, '--user', `alice:${PASSWORD}`]).exited()).toBe(0);
    const logout = cli(['logout', server.url]);
    expect(await logout.exited()).toBe(0);
    expect(logout.stdout()).toContain('Removed the credentials');
    const subscribe = cli(['subscribe', `${server.url}/secret`]);
    expect(await subscribe.exited()).toBe(3);
    expect(subscribe.stderr()).toMatch(/not retrying: .*403.*no permission/);
  });

  it('says how to give the password when there is no terminal and no NTFY_PASSWORD', async () => {
    const login = cli(['login', `${server.url}/secret`, '--user', 'alice']);
    expect(await login.exited()).toBe(2);
    expect(login.stderr()).toContain('no terminal to ask for the password: set NTFY_PASSWORD');
  });

  it('exits 3 naming the missing secret when login settings exist but the keychain entry is gone', async () => {
    const login = cli(['login', `${server.url}/secret`, '--token'], { NTFY_TOKEN: TOKEN });
    expect({ code: await login.exited(), stderr: login.stderr() }).toEqual({ code: 0, stderr: '' });
    // Remove the secret behind the CLI's back: settings still say "token".
    const keytar = (await import('keytar')).default;
    await keytar.deletePassword('ntfy-tray', `${server.url} token`);
    const subscribe = cli(['subscribe', `${server.url}/secret`]);
    expect(await subscribe.exited()).toBe(3);
    expect(subscribe.stderr()).toContain(`the token for ${server.url} is not stored`);
  });

  it('accepts --token <token> like subscribe, checks it and stores it', async () => {
    const login = cli(['login', `${server.url}/secret`, '--token', TOKEN]);
    expect(await login.exited()).toBe(0);
    expect(login.stdout()).toBe(`Stored: the server accepted the access token for ${server.url}/secret\n`);
    const subscribe = cli(['subscribe', `${server.url}/secret`]);
    await subscribe.waitForStderr(/connected/, 30_000); // a loaded machine starts Node slowly
  });

  it('stores nothing when the server answers 401, and says what it answered (exit 3)', async () => {
    const login = cli(['login', `${server.url}/secret`, '--user', 'alice:wrong-password']);
    expect(await login.exited()).toBe(3);
    expect(login.stderr()).toBe(
      'ntfy-tray login: Not stored: the server answered 401 Unauthorized — credentials not accepted: check the user name and password\n',
    );
    expect(login.stdout()).toBe('');
    const keytar = (await import('keytar')).default;
    expect(await keytar.getPassword('ntfy-tray', `${server.url} user:alice`)).toBeNull();
    expect(server.requests.map((entry) => entry.path)).toEqual(['/secret/auth']);
  });

  it('stores without asking the server with --no-check', async () => {
    const login = cli(['login', 'http://127.0.0.1:9/secret', '--user', `alice:${PASSWORD}`, '--no-check']);
    expect(await login.exited()).toBe(0);
    expect(login.stdout()).toBe('Stored without checking: the password of alice for http://127.0.0.1:9\n');
    expect(await cli(['logout', 'http://127.0.0.1:9']).exited()).toBe(0);
  });
});
