/**
 * `ntfy-tray login <server-url> --user <name>` / `--token` and `ntfy-tray logout <server-url>`: store or remove
 * a server's secret in the OS keychain and remember in the settings which kind of auth the server uses, so that
 * `subscribe` finds the credentials on its own.
 */
import { parseArgs } from 'node:util';
import { normalizeServerUrl } from '../engine/groups.ts';
import { secretRefFor } from '../store/secrets/credentials.ts';
import { PASSWORD_VARIABLE, TOKEN_VARIABLE } from '../store/secrets/env-secret-source.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import { upsertServer } from '../store/settings/edits.ts';
import type { ServerSettings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import type { PromptResult } from './prompt.ts';
import { EXIT } from './subscribe-command.ts';
import { errorMessage } from '../../../common/error-message.ts';

export const LOGIN_USAGE = `Usage: ntfy-tray login <server-url> --user <name>    (password from a prompt, or NTFY_PASSWORD)
       ntfy-tray login <server-url> --token             (token from a prompt, or NTFY_TOKEN)
       ntfy-tray logout <server-url>
Options: --data-dir <dir>   where the settings live (default: the app's data folder; refused while the app runs)`;

export interface AccountIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Undefined when there is no terminal to ask. */
  readonly prompt: ((question: string) => Promise<PromptResult>) | undefined;
  readonly openStores: (dataDir: string | undefined) => Promise<{ settings: SettingsStore; secrets: SecretStore }>;
}

type Parsed = { server: string; user?: string; token: boolean; dataDir?: string };

function parse(args: readonly string[], command: 'login' | 'logout'): Parsed | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        user: { type: 'string' },
        token: { type: 'boolean' },
        'data-dir': { type: 'string' },
      },
    });
  } catch (error) {
    return errorMessage(error);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || positionals[0] === undefined) return 'expected exactly one <server-url>';
  let server: string;
  try {
    server = normalizeServerUrl(positionals[0]);
  } catch {
    return `not a URL: ${positionals[0]}`;
  }
  if (!/^https?:/.test(server)) return `not an http(s) URL: ${positionals[0]}`;
  if (command === 'login' && (values.user === undefined) === (values.token !== true)) {
    return 'give either --user <name> or --token';
  }
  if (command === 'logout' && (values.user !== undefined || values.token === true))
    return 'logout takes only the server';
  const result: Parsed = { server, token: values.token === true };
  if (values.user !== undefined) result.user = values.user;
  if (values['data-dir'] !== undefined) result.dataDir = values['data-dir'];
  return result;
}

async function readSecret(what: 'password' | 'token', parsed: Parsed, io: AccountIo): Promise<string | undefined> {
  const variable = what === 'token' ? TOKEN_VARIABLE : PASSWORD_VARIABLE;
  if (io.prompt === undefined) {
    const value = io.env[variable];
    if (value === undefined || value === '') {
      io.stderr(`ntfy-tray login: no terminal to ask for the ${what}: set ${variable}\n`);
      return undefined;
    }
    return value;
  }
  const question =
    what === 'token' ? `Access token for ${parsed.server}: ` : `Password of ${parsed.user ?? ''} on ${parsed.server}: `;
  const answer = await io.prompt(question);
  if (!answer.ok || answer.value === '') {
    io.stderr(`ntfy-tray login: no ${what} given\n`);
    return undefined;
  }
  return answer.value;
}

export async function runLogin(args: readonly string[], io: AccountIo): Promise<number> {
  const parsed = parse(args, 'login');
  if (typeof parsed === 'string') {
    io.stderr(`ntfy-tray login: ${parsed}\n\n${LOGIN_USAGE}\n`);
    return EXIT.usage;
  }
  const secret = await readSecret(parsed.user === undefined ? 'token' : 'password', parsed, io);
  if (secret === undefined) return EXIT.usage;
  const server: ServerSettings = {
    url: parsed.server,
    auth: parsed.user === undefined ? { kind: 'token' } : { kind: 'basic', user: parsed.user },
  };
  const { settings, secrets } = await io.openStores(parsed.dataDir);
  const ref = secretRefFor(server);
  if (ref === undefined) return EXIT.fatal;
  await secrets.set(ref, secret);
  const result = await settings.update((current) => upsertServer(current, server));
  if (!result.ok) {
    io.stderr(
      `ntfy-tray login: could not save the server: ${result.issues.map((issue) => issue.message).join('; ')}\n`,
    );
    return EXIT.fatal;
  }
  io.stdout(
    parsed.user === undefined
      ? `Stored the access token for ${parsed.server} in the keychain.\n`
      : `Stored the password of ${parsed.user} for ${parsed.server} in the keychain.\n`,
  );
  return EXIT.ok;
}

export async function runLogout(args: readonly string[], io: AccountIo): Promise<number> {
  const parsed = parse(args, 'logout');
  if (typeof parsed === 'string') {
    io.stderr(`ntfy-tray logout: ${parsed}\n\n${LOGIN_USAGE}\n`);
    return EXIT.usage;
  }
  const { settings, secrets } = await io.openStores(parsed.dataDir);
  const known = settings.get().servers.find((server) => server.url === parsed.server);
  const ref = known === undefined ? undefined : secretRefFor(known);
  const deleted = ref === undefined ? false : await secrets.delete(ref);
  if (known !== undefined) {
    const result = await settings.update((current) => upsertServer(current, { ...known, auth: { kind: 'none' } }));
    if (!result.ok) return EXIT.fatal;
  }
  io.stdout(
    deleted
      ? `Removed the credentials for ${parsed.server} from the keychain.\n`
      : `No credentials stored for ${parsed.server}.\n`,
  );
  return EXIT.ok;
}
