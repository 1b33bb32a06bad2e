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
function importYml(app: LaunchedApp, text: string, command: string) {
  return app.evaluate(
    ([yml, accepted]) =>
      (globalThis as unknown as PageGlobals).ntfy.importClientYml(yml, 'client.yml', {
        commands: [{ entry: 1, command: accepted }],
      }),
    [text, command] as const,
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
        expect(report).toMatchObject({ kind: 'imported', imported: 1, serversWithCredentials: 1, withCommand: 1 });
        const listed = valueOf(
          await app.evaluate(() => (globalThis as unknown as PageGlobals).ntfy.listSubscriptions(), null),
        );
        expect(listed).toMatchObject([
          {
            server,
            topic: 'alerts',
            auth: 'token',
            hasCredentials: true,
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
  },
);
