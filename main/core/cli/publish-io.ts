/**
 * The Node side of `ntfy-tray publish` (for main/cli.ts): stdin, the settings `login` wrote, the keychain and
 * NTFY_PASSWORD/NTFY_TOKEN as `subscribe` reads them, and the real HTTP publish. Opening nothing until a lookup
 * needs it: a publish with `--token` never touches the data folder or the keychain.
 */
import { existsSync } from 'node:fs';
import type { Logger } from '../ports.ts';
import { createEnvSecretSource, firstSecretSource } from '../store/secrets/env-secret-source.ts';
import { createKeytarSecretStore } from '../store/secrets/keytar-secret-store.ts';
import { openConfSettingsStore, settingsFilePath } from '../store/settings/conf-settings-store.ts';
import type { ServerSettings } from '../store/settings/schema.ts';
import { sendPublish } from '../publish/send-publish.ts';
import { configuredDefaultServer } from './default-server.ts';
import type { PublishIo } from './publish-command.ts';
import { applyStoredCredentials } from './stored-credentials.ts';

export interface NodePublishIoOptions {
  readonly log: Logger;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdin: NodeJS.ReadStream;
  /** The data dir to use: --data-dir when given, else the default one the app uses too. */
  readonly dataDirOf: (given: string | undefined) => string;
  readonly addSecret: (secret: string) => void;
}

async function readAll(stdin: NodeJS.ReadStream): Promise<string | undefined> {
  if (stdin.isTTY) return undefined; // a person at a terminal: do not wait for them to type a message
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** The servers `ntfy-tray login` stored; none when the data folder has no settings yet (nothing is created). */
function storedServers(dir: string, log: Logger): readonly ServerSettings[] {
  if (!existsSync(settingsFilePath(dir))) return [];
  return openConfSettingsStore({ dir, log: log.child('settings') }).get().servers;
}

export function createNodePublishIo(options: NodePublishIoOptions): PublishIo {
  const { log, env } = options;
  return {
    stdout: options.stdout,
    stderr: options.stderr,
    env,
    readStdin: () => readAll(options.stdin),
    storedCredentials: async (target, given, dataDir) => {
      // Only a --user without a password, or no credentials at all, may need a stored secret.
      const needsLookup = given.kind === 'none' || (given.kind === 'basic' && given.password === '');
      if (!needsLookup) return given;
      const [filled] = await applyStoredCredentials([{ ...target, credentials: given }], {
        servers: storedServers(options.dataDirOf(dataDir), log),
        secrets: firstSecretSource([
          createEnvSecretSource(env),
          createKeytarSecretStore({ log: log.child('keychain') }),
        ]),
      });
      return filled?.credentials ?? given;
    },
    send: sendPublish,
    addSecret: options.addSecret,
    now: () => Date.now(),
    defaultServerOf: (given) => configuredDefaultServer(options.dataDirOf(given)),
  };
}
