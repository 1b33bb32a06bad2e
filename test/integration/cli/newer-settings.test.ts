/**
 * The CLI as a process on a data dir whose config.json was written by a newer ntfy-tray: the commands that only read
 * settings (`subscribe --poll`, `publish`) use what this version knows of it, a command that writes them (`login`)
 * refuses before asking anything, and none of them changes the file by a byte or leaves a backup beside it.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsFilePath } from '../../../main/core/store/settings/conf-settings-store.ts';
import { defaultSettings, SETTINGS_VERSION } from '../../../main/core/store/settings/schema.ts';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { type CliProcess, startCli } from '../../support/cli-process.ts';

const PASSWORD = 'correct-horse-battery-staple';
const NEWER = SETTINGS_VERSION + 1;

let server: TestServer;
let dataDir: string;
let configText: string;
const running: CliProcess[] = [];

function cli(args: readonly string[], env?: Readonly<Record<string, string>>): CliProcess {
  const process = startCli([...args, '--data-dir', dataDir], env);
  running.push(process);
  return process;
}

/**
 * As a newer version might write it: the server's credentials kind (which the commands need to find the password in
 * NTFY_PASSWORD) among keys this version does not know.
 */
function newerConfig(serverUrl: string): string {
  const settings = {
    ...defaultSettings(),
    version: NEWER,
    defaultServer: serverUrl,
    servers: [{ url: serverUrl, auth: { kind: 'basic', user: 'alice' }, addedAt: 1_700_000_000 }],
    preferences: { ...defaultSettings().preferences, compactList: true },
    profiles: [{ name: 'work' }],
  };
  return `${JSON.stringify(settings, null, 4)}\n`;
}

async function expectConfigUntouched(): Promise<void> {
  expect(await readFile(settingsFilePath(dataDir), 'utf8')).toBe(configText);
  expect((await readdir(dataDir)).filter((name) => name.startsWith('config'))).toEqual(['config.json']);
}

beforeEach(async () => {
  server = await startTestServer({
    auth: {
      users: [{ name: 'alice', password: PASSWORD, access: [{ topic: 'alerts', permission: 'read-write' }] }],
      defaultAccess: 'deny-all',
    },
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-newer-settings-'));
  configText = newerConfig(server.url);
  await writeFile(settingsFilePath(dataDir), configText);
});

afterEach(async () => {
  for (const process of running.splice(0)) process.child.kill('SIGKILL');
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The one line (a log warning, in the logger's format) that says what happened to the file. */
const NEWER_WARNING = (): string =>
  `the settings file ${settingsFilePath(dataDir)} was written by a newer ntfy-tray (settings version ${NEWER}; ` +
  `this one reads up to ${SETTINGS_VERSION}): using the settings this version knows, and leaving the file as it is`;

describe('a config.json from a newer ntfy-tray', () => {
  it('subscribe --poll reads the credentials it knows from it, and leaves it byte for byte', async () => {
    await server.publish('alerts', 'for alice');

    const poll = cli(['subscribe', '--poll', '--since', 'all', `${server.url}/alerts`], { NTFY_PASSWORD: PASSWORD });

    expect(await poll.exited()).toBe(0);
    expect(poll.stdout()).toContain('for alice');
    expect(poll.stderr()).toContain(NEWER_WARNING());
    expect(server.requests.find((entry) => entry.transport === 'poll')?.user).toBe('alice');
    await expectConfigUntouched();
  });

  it('publish reads the credentials it knows from it, and leaves it byte for byte', async () => {
    const publish = cli(['publish', `${server.url}/alerts`, 'from an older ntfy-tray'], { NTFY_PASSWORD: PASSWORD });

    expect(await publish.exited()).toBe(0);
    // ntfy's output: the server's JSON line on stdout.
    expect(JSON.parse(publish.stdout()) as unknown).toMatchObject({ topic: 'alerts', event: 'message' });
    expect(publish.stderr()).toContain(NEWER_WARNING());
    expect(server.cachedMessages().map((message) => message.message)).toEqual(['from an older ntfy-tray']);
    expect(server.requests.find((entry) => entry.transport === 'publish')?.user).toBe('alice');
    await expectConfigUntouched();
  });

  it('login refuses before asking the server or the keychain, saying to update, and leaves it byte for byte', async () => {
    const login = cli(['login', server.url, '--user', 'alice'], { NTFY_PASSWORD: PASSWORD });

    expect(await login.exited()).not.toBe(0);
    expect(login.stderr()).toBe(
      `ntfy-tray: the settings file ${settingsFilePath(dataDir)} was written by a newer ntfy-tray (settings version ` +
        `${NEWER}; this one reads up to ${SETTINGS_VERSION}): update ntfy-tray to change settings. The file was ` +
        `left as it is.\n`,
    );
    expect(server.requests).toEqual([]);
    await expectConfigUntouched();
  });

  it('login says so in German too', async () => {
    const login = cli(['login', server.url, '--user', 'alice'], { NTFY_PASSWORD: PASSWORD, LANG: 'de_DE.UTF-8' });

    expect(await login.exited()).not.toBe(0);
    expect(login.stderr()).toContain(
      `die Einstellungsdatei ${settingsFilePath(dataDir)} wurde von einem neueren ntfy-tray geschrieben ` +
        `(Einstellungsversion ${NEWER}; dieses liest bis ${SETTINGS_VERSION}): aktualisieren Sie ntfy-tray`,
    );
    await expectConfigUntouched();
  });
});
