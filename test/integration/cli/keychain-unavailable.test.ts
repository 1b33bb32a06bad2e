/**
 * `ntfy-tray login`, `logout` and `subscribe` on a machine without a usable keychain (a D-Bus address where nothing
 * listens), as processes: the failure is said once, as one plain line, and logout does not claim that nothing
 * was stored.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';

const PASSWORD = 'right-password';
let server: TestServer;
let dataDir: string;
const running: CliProcess[] = [];

function cli(args: readonly string[], env: Readonly<Record<string, string>> = {}): CliProcess {
  const process = startCli([...args, '--data-dir', dataDir], {
    DBUS_SESSION_BUS_ADDRESS: `unix:path=${path.join(dataDir, 'no-bus-here')}`,
    ...env,
  });
  running.push(process);
  return process;
}

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

beforeEach(async () => {
  server = await startTestServer({
    auth: {
      users: [{ name: 'alice', password: PASSWORD, access: [{ topic: 'secret', permission: 'read-write' }] }],
      defaultAccess: 'deny-all',
    },
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-no-keychain-'));
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('without a usable keychain', () => {
  it('login says so once, in one line, after the server accepted the password (exit 1)', async () => {
    const login = cli(['login', `${server.url}/secret`, '--user', 'alice'], { NTFY_PASSWORD: PASSWORD });

    expect(await login.exited()).toBe(1);
    const errors = lines(login.stderr());
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^ntfy-tray login: Not stored: The OS keychain is not available \(/);
    expect(login.stderr()).not.toContain('{');
    expect(login.stdout()).toBe('');
  });

  it('logout says the keychain is unavailable and exits 1, instead of "No credentials stored"', async () => {
    const logout = cli(['logout', server.url]);

    expect(await logout.exited()).toBe(1);
    expect(logout.stdout()).toBe('');
    const errors = lines(logout.stderr());
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^ntfy-tray logout: The OS keychain is not available \(/);
  });

  it('subscribe --user without a password says it once, in one line', async () => {
    const subscribe = startCli(['subscribe', '--data-dir', dataDir, '--user', 'alice', `${server.url}/secret`], {
      DBUS_SESSION_BUS_ADDRESS: `unix:path=${path.join(dataDir, 'no-bus-here')}`,
    });
    running.push(subscribe);

    expect(await subscribe.exited()).toBe(1);
    const errors = lines(subscribe.stderr());
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^ntfy-tray subscribe: The OS keychain is not available \(/);
  });
});
