/**
 * The keychain-unavailable paths for real: keytar runs in a child process whose D-Bus session has no Secret
 * Service (a bus address that points nowhere), or whose keyring daemon runs but is locked and cannot prompt.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const adapterUrl = pathToFileURL(
  join(import.meta.dirname, '../../../../main/core/store/secrets/keytar-secret-store.ts'),
).href;

interface Outcome {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly name?: string;
  readonly reason?: string;
  readonly message?: string;
}

type Outcomes = Record<'get' | 'set' | 'check', Outcome>;

/** ESM run by `node -e` in the child: each operation's result or typed error, as one JSON line. */
const childCode = `
const { createKeytarSecretStore } = await import(${JSON.stringify(adapterUrl)});
const log = { log() {}, child() { return log; } };
const store = createKeytarSecretStore({ log, service: 'ntfy-tray-test-unavailable' });
const ref = { server: 'https://ntfy.example.com', kind: 'password', user: 'alice' };
const outcome = async (operation) => {
  try {
    return { ok: true, value: (await operation()) ?? null };
  } catch (error) {
    return { ok: false, name: error.name, reason: error.reason, message: error.message };
  }
};
console.log(JSON.stringify({
  get: await outcome(() => store.get(ref)),
  set: await outcome(() => store.set(ref, 'child-secret-value')),
  check: await outcome(() => store.checkAvailable()),
}));
`;

/** The environment without the variables that would connect the child to this session's bus or a display. */
function isolatedEnv(extra: Record<string, string>): Record<string, string> {
  const dropped = new Set(['DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'WAYLAND_DISPLAY']);
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !dropped.has(entry[0]),
    ),
  );
  return { ...env, ...extra };
}

function parseOutcomes(stdout: string): Outcomes {
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as Outcomes;
}

function expectUnavailable(outcome: Outcome, reason: string): void {
  expect(outcome).toMatchObject({ ok: false, name: 'SecretStoreUnavailableError', reason });
  expect(outcome.message).toContain('gnome-keyring or KWallet');
  expect(outcome.message).toContain('NTFY_PASSWORD or NTFY_TOKEN');
  expect(outcome.message).not.toContain('child-secret-value');
}

/**
 * How long a child may run before it is killed: a budget for a stuck child, not a speed check (a Node start alone
 * took 8 s at load 9 on the shared 2-core machine); under the test's own 60 s.
 */
const CHILD_BUDGET_MS = 50_000;

const notLinux = process.platform !== 'linux';
if (notLinux) console.warn(`Skipping Secret Service failure tests: they need Linux (this is ${process.platform}).`);

const toolsMissing =
  spawnSync('sh', ['-c', 'command -v dbus-run-session && command -v gnome-keyring-daemon']).status !== 0;
if (!notLinux && toolsMissing) {
  console.warn('Skipping the locked-keyring test: dbus-run-session or gnome-keyring-daemon is not installed.');
}

describe.skipIf(notLinux)('keychain unavailable (Linux, real keytar in a child process)', () => {
  let scratch: string | undefined;

  afterEach(() => {
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  it('no Secret Service (bus address points nowhere): a typed error that says how to fix it', async () => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', childCode], {
      env: isolatedEnv({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/ntfy-tray-test/bus' }),
      timeout: CHILD_BUDGET_MS,
    });
    const outcomes = parseOutcomes(stdout);
    expectUnavailable(outcomes.get, 'no-secret-service');
    expectUnavailable(outcomes.set, 'no-secret-service');
    expectUnavailable(outcomes.check, 'no-secret-service');
    expect(outcomes.set.message).toContain('no Secret Service answered on the D-Bus session bus');
  });

  it.skipIf(toolsMissing)('a locked keyring: reads find nothing, but writes and the check fail as locked', async () => {
    scratch = mkdtempSync(join(tmpdir(), 'ntfy-tray-locked-keyring-'));
    const runtimeDir = join(scratch, 'run');
    // A fresh keyring daemon that nobody unlocked: it has no login keyring and no display to prompt on.
    const script =
      'mkdir -m 700 "$XDG_RUNTIME_DIR" && gnome-keyring-daemon --start --components=secrets >/dev/null && exec "$0" --input-type=module -e "$1"';
    const { stdout } = await run('dbus-run-session', ['--', 'sh', '-c', script, process.execPath, childCode], {
      env: isolatedEnv({ XDG_DATA_HOME: join(scratch, 'data'), XDG_RUNTIME_DIR: runtimeDir }),
      timeout: CHILD_BUDGET_MS,
    });
    const outcomes = parseOutcomes(stdout);
    // This is why checkAvailable() writes a probe entry: a locked keyring answers reads with "nothing stored".
    expect(outcomes.get).toEqual({ ok: true, value: null });
    expectUnavailable(outcomes.set, 'locked');
    expectUnavailable(outcomes.check, 'locked');
    expect(outcomes.set.message).toContain('the keyring is locked');
  });
});
