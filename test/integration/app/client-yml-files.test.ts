/**
 * ntfy's client.yml through the built main bundle on the Electron test runtime: the import stores the file's token
 * in the OS keychain (scripts/test-session.sh runs one), and the export goes through Electron's save dialog (the
 * stand-in answers with ELECTRON_STAND_IN_SAVE_PATH) to a file ntfy's CLI reads, owner-only when it holds secrets.
 */
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BridgeResult } from '../../../common/ipc.ts';
import { parseClientConfig } from '../../../main/core/client-config/client-config.ts';
import { entryCredentials } from '../../../main/core/client-config/client-config-plan.ts';
import { createKeytarSecretStore } from '../../../main/core/store/secrets/keytar-secret-store.ts';
import type { SecretRef } from '../../../main/core/store/secrets/secret-store.ts';
import { createRecordingLogger } from '../../fakes/logger.ts';
import { APP_TEST_TIMEOUT_MS } from '../../electron-runtime/app-session.ts';
import type { LaunchedApp } from '../../electron-runtime/launch-app.ts';
import type { PageGlobals } from '../../electron-runtime/page-globals.ts';
import { SAVE_DIALOG_PATH_SWITCH } from '../../electron-runtime/system.ts';
import { registerAppTestHooks } from '../../support/app-test-hooks.ts';

const { session, cleanUpAfterTest } = registerAppTestHooks();

function valueOf<T>(result: BridgeResult<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Imports with the command of entry 1 accepted, as the window's review does when the user ticks it. */
/** Imports `text`, accepting the first entry's `command` (none given: the file asks for none, none accepted). */
function importYml(app: LaunchedApp, text: string, command?: string) {
  return app.evaluate(
    ([yml, accepted]) =>
      (globalThis as unknown as PageGlobals).ntfy.importClientYml(yml, 'client.yml', {
        commands: accepted === null ? [] : [{ entry: 1, command: accepted }],
      }),
    [text, command ?? null] as const,
  );
}

// The session bus of scripts/test-session.sh, where its gnome-keyring answers; launches get none of their own.
const sessionBus = process.env['DBUS_SESSION_BUS_ADDRESS'];

describe.skipIf(sessionBus === undefined)(
  'client.yml in the app (needs the keychain of scripts/test-session.sh)',
  { timeout: APP_TEST_TIMEOUT_MS },
  () => {
    it('imports a token into the keychain and exports through the save dialog, secrets only when asked', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-client-yml-'));
      cleanUpAfterTest(() => rm(dir, { recursive: true, force: true }));
      const target = path.join(dir, 'client.yml');
      // A file that is already there, readable by all: an export with secrets must not stay that way.
      await writeFile(target, '# old\n');
      await chmod(target, 0o644);
      const token = 'tk_app_client_yml_5521';
      const server = 'https://ntfy.example.com';
      const app = await session.launch({
        env: { [SAVE_DIALOG_PATH_SWITCH]: target, DBUS_SESSION_BUS_ADDRESS: sessionBus ?? '' },
      });
      await app.waitForWindow();
      try {
        const report = valueOf(
          await importYml(
            app,
            `default-host: ${server}\nsubscribe:\n  - topic: alerts\n    token: ${token}\n    command: echo "$m"\n    if:\n      p: high\n`,
            'echo "$m"',
          ),
        );
        // The entry's own token is the subscription's own, not its server's.
        expect(report).toMatchObject({ kind: 'imported', imported: 1, serversWithCredentials: 0, withCommand: 1 });
        const listed = valueOf(
          await app.evaluate(() => (globalThis as unknown as PageGlobals).ntfy.listSubscriptions(), null),
        );
        expect(listed).toMatchObject([
          {
            server,
            topic: 'alerts',
            auth: 'none',
            ownCredentials: { auth: 'token', hasSecret: true },
            command: 'echo "$m"',
            filters: { priority: ['high'] },
          },
        ]);

        const plain = valueOf(
          await app.evaluate(
            () => (globalThis as unknown as PageGlobals).ntfy.exportClientYml({ includeSecrets: false }),
            null,
          ),
        );
        expect(plain).toEqual({ kind: 'saved', path: target, subscriptions: 1, withSecrets: false });
        const plainText = await readFile(target, 'utf8');
        expect(plainText).not.toContain(token);
        const parsed = parseClientConfig(plainText);
        expect(parsed.ok && parsed.config).toMatchObject({
          defaultHost: server,
          subscribe: [{ topic: 'alerts', command: 'echo "$m"', if: { priority: 'high' } }],
        });

        const withSecrets = valueOf(
          await app.evaluate(
            () => (globalThis as unknown as PageGlobals).ntfy.exportClientYml({ includeSecrets: true }),
            null,
          ),
        );
        expect(withSecrets).toMatchObject({ kind: 'saved', withSecrets: true });
        const secretParsed = parseClientConfig(await readFile(target, 'utf8'));
        expect(secretParsed.ok && secretParsed.config.subscribe[0]?.token).toBe(token);
        expect((await stat(target)).mode & 0o777).toBe(0o600);

        const dialogs = (await app.records()).dialogs.filter((dialog) => dialog.kind === 'save');
        expect(dialogs).toHaveLength(2);
        expect(dialogs[0]?.content.endsWith('client.yml')).toBe(true);
      } finally {
        await app.evaluate((url) => (globalThis as unknown as PageGlobals).ntfy.clearCredentials(url), server);
      }
    });

    it('keeps each entry’s own credentials and exports exactly what each entry uses', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-client-yml-own-'));
      cleanUpAfterTest(() => rm(dir, { recursive: true, force: true }));
      const target = path.join(dir, 'client.yml');
      const server = 'https://own.example.com';
      const app = await session.launch({
        env: { [SAVE_DIALOG_PATH_SWITCH]: target, DBUS_SESSION_BUS_ADDRESS: sessionBus ?? '' },
      });
      await app.waitForWindow();
      const file = [
        `default-host: ${server}`,
        'default-user: phil',
        'default-password: pw_default_3141',
        'subscribe:',
        '  - topic: on-defaults',
        '  - topic: own-user',
        '    user: alice',
        '    password: pw_alice_2718',
        '  - topic: own-token',
        '    token: tk_own_1618',
        '  - topic: open',
        '    user: ""',
        '    password: ""',
        '',
      ].join('\n');
      const listed = async () =>
        valueOf(await app.evaluate(() => (globalThis as unknown as PageGlobals).ntfy.listSubscriptions(), null));
      const keychain = createKeytarSecretStore({ log: createRecordingLogger() });
      const ownSecrets = new Map<string, SecretRef>();
      try {
        const report = valueOf(await importYml(app, file));
        expect(report).toMatchObject({
          kind: 'imported',
          imported: 4,
          serversWithCredentials: 1,
          credentialFailures: [],
        });
        const byTopic = new Map((await listed()).map((item) => [item.topic, item]));
        // The defaults are the server's; each other entry has its own (what the window's row names).
        expect(byTopic.get('on-defaults')).toMatchObject({ auth: 'basic', user: 'phil', hasCredentials: true });
        expect(byTopic.get('on-defaults')?.ownCredentials).toBeUndefined();
        expect(byTopic.get('own-user')?.ownCredentials).toEqual({ auth: 'basic', user: 'alice', hasSecret: true });
        expect(byTopic.get('own-token')?.ownCredentials).toEqual({ auth: 'token', hasSecret: true });
        expect(byTopic.get('open')?.ownCredentials).toEqual({ auth: 'none', hasSecret: false });
        const aliceId = byTopic.get('own-user')?.id ?? '';
        const tokenId = byTopic.get('own-token')?.id ?? '';
        ownSecrets.set('pw_alice_2718', { server, kind: 'password', user: 'alice', subscription: aliceId });
        ownSecrets.set('tk_own_1618', { server, kind: 'token', subscription: tokenId });
        for (const [secret, ref] of ownSecrets) expect(await keychain.get(ref)).toBe(secret);

        const exported = async (includeSecrets: boolean) => {
          valueOf(
            await app.evaluate(
              (secrets) => (globalThis as unknown as PageGlobals).ntfy.exportClientYml({ includeSecrets: secrets }),
              includeSecrets,
            ),
          );
          const text = await readFile(target, 'utf8');
          const parsed = parseClientConfig(text);
          if (!parsed.ok) throw new Error(JSON.stringify(parsed.problem));
          return { text, config: parsed.config };
        };
        const withSecrets = await exported(true);
        // No defaults in the file: each entry carries exactly the credentials it uses, read back as ntfy reads them.
        expect([withSecrets.config.defaultUser, withSecrets.config.defaultToken]).toEqual([undefined, undefined]);
        expect(
          withSecrets.config.subscribe.map((entry) => [entry.topic, entryCredentials(entry, withSecrets.config)]),
        ).toEqual([
          ['on-defaults', { kind: 'basic', user: 'phil', password: 'pw_default_3141', passwordGiven: true }],
          ['own-user', { kind: 'basic', user: 'alice', password: 'pw_alice_2718', passwordGiven: true }],
          ['own-token', { kind: 'token', token: 'tk_own_1618' }],
          ['open', { kind: 'none' }],
        ]);
        const plain = await exported(false);
        for (const secret of ['pw_default_3141', 'pw_alice_2718', 'tk_own_1618'])
          expect(plain.text).not.toContain(secret);
        expect(plain.config.subscribe.map((entry) => [entry.topic, entryCredentials(entry, plain.config)])).toEqual([
          ['on-defaults', { kind: 'none' }],
          ['own-user', { kind: 'none' }],
          ['own-token', { kind: 'none' }],
          ['open', { kind: 'none' }],
        ]);
        // Only the explicit none says so; the others have no credential fields at all.
        expect(plain.config.subscribe.map((entry) => entry.token ?? entry.user ?? null)).toEqual([
          null,
          null,
          null,
          '',
        ]);
      } finally {
        for (const item of await listed()) {
          await app.evaluate(
            (id) => (globalThis as unknown as PageGlobals).ntfy.removeSubscription(id, { deleteHistory: true }),
            item.id,
          );
        }
        await app.evaluate((url) => (globalThis as unknown as PageGlobals).ntfy.clearCredentials(url), server);
      }
      // Removing a subscription removed its own secret from the keychain.
      for (const ref of ownSecrets.values()) expect(await keychain.get(ref)).toBeUndefined();
    });
  },
);
