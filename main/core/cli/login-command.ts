/**
 * `ntfy-tray login <url> --user <name>` / `--token` and `ntfy-tray logout <url>`: check the credentials with the
 * server, then store the secret in the OS keychain and remember in the settings which kind of auth the server
 * uses, so that `subscribe` finds them on its own; or remove them again.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { Credentials } from '../protocol/subscribe-request.ts';
import { secretRefFor } from '../store/secrets/credentials.ts';
import { SecretStoreError } from '../store/secrets/errors.ts';
import { PASSWORD_VARIABLE, TOKEN_VARIABLE } from '../store/secrets/env-secret-source.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import { upsertServer } from '../store/settings/edits.ts';
import type { ServerSettings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import type { CheckCredentials } from './credential-check.ts';
import { describeCheck } from './describe-check.ts';
import { type LoginArgs, loginUsage, logoutUsage, parseLoginArgs, parseLogoutArgs } from './login-args.ts';
import type { PromptResult } from './prompt.ts';
import { EXIT } from './subscribe-command.ts';
import { usageError } from './usage-error.ts';

export { loginUsage, logoutUsage } from './login-args.ts';

/** The keychain as login and logout use it: `checkAvailable` rejects when it cannot be used at all. */
type AccountSecrets = SecretStore & { checkAvailable(): Promise<void> };

export interface AccountIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Undefined when there is no terminal to ask. */
  readonly prompt: ((question: string) => Promise<PromptResult>) | undefined;
  readonly openStores: (dataDir: string | undefined) => Promise<{ settings: SettingsStore; secrets: AccountSecrets }>;
  readonly checkCredentials: CheckCredentials;
  /** Where a bare topic lives, given `--data-dir` (see default-server.ts). */
  readonly defaultServerOf: (dataDir: string | undefined) => string;
  /** Told the secret of this run once known, so that the logger hides it. */
  readonly addSecret?: (secret: string) => void;
}

/** The credentials with their secret filled in from the prompt, or undefined (said why on stderr). */
async function completeCredentials(args: LoginArgs, io: AccountIo): Promise<Credentials | undefined> {
  const { credentials } = args;
  if (credentials.kind === 'token' || (credentials.kind === 'basic' && credentials.password !== '')) return credentials;
  const basic = credentials.kind === 'basic';
  if (io.prompt === undefined) {
    io.stderr(
      `${basic ? t('cli.login.no-terminal-password', { variable: PASSWORD_VARIABLE }) : t('cli.login.no-terminal-token', { variable: TOKEN_VARIABLE })}\n`,
    );
    return undefined;
  }
  const question = basic
    ? t('cli.login.prompt-password', { user: credentials.user, server: args.server })
    : t('cli.login.prompt-token', { server: args.server });
  const answer = await io.prompt(question);
  if (!answer.ok || answer.value === '') {
    io.stderr(`${basic ? t('cli.login.no-password') : t('cli.login.no-token')}\n`);
    return undefined;
  }
  return credentials.kind === 'basic'
    ? { kind: 'basic', user: credentials.user, password: answer.value }
    : { kind: 'token', token: answer.value };
}

type Stores = Awaited<ReturnType<AccountIo['openStores']>>;

async function store(args: LoginArgs, credentials: Credentials, stores: Stores): Promise<string | undefined> {
  const server: ServerSettings = {
    url: args.server,
    auth: credentials.kind === 'basic' ? { kind: 'basic', user: credentials.user } : { kind: 'token' },
  };
  const ref = secretRefFor(server);
  const secret =
    credentials.kind === 'basic' ? credentials.password : credentials.kind === 'token' ? credentials.token : '';
  if (ref === undefined || secret === '') return t('cli.login.nothing-to-store');
  const { settings, secrets } = stores;
  await secrets.set(ref, secret);
  const result = await settings.update((current) => upsertServer(current, server));
  return result.ok
    ? undefined
    : t('cli.login.save-failed', { reasons: result.issues.map((issue) => issue.message).join('; ') });
}

export async function runLogin(args: readonly string[], io: AccountIo): Promise<number> {
  const parsed = parseLoginArgs(args, io.env, io.defaultServerOf);
  if (parsed.ok === 'help') {
    io.stdout(`${loginUsage()}\n`);
    return EXIT.ok;
  }
  if (!parsed.ok) {
    io.stderr(usageError('login', parsed.error));
    return EXIT.usage;
  }
  // First: a data dir the app holds is refused before anyone is asked for a password or the server is asked.
  const stores = await io.openStores(parsed.value.dataDir);
  const credentials = await completeCredentials(parsed.value, io);
  if (credentials === undefined) return EXIT.usage;
  if (credentials.kind === 'basic') io.addSecret?.(credentials.password);
  if (credentials.kind === 'token') io.addSecret?.(credentials.token);
  const verdict = parsed.value.check
    ? describeCheck(parsed.value, credentials, await io.checkCredentials(parsed.value, credentials))
    : { store: true, line: describeUnchecked(parsed.value, credentials), exit: EXIT.ok };
  if (!verdict.store) {
    io.stderr(`${t('cli.run.failed', { name: 'ntfy-tray login', problem: verdict.line })}\n`);
    return verdict.exit;
  }
  try {
    const problem = await store(parsed.value, credentials, stores);
    if (problem !== undefined) {
      io.stderr(`${t('cli.login.not-stored', { reason: problem })}\n`);
      return EXIT.fatal;
    }
  } catch (error) {
    if (!(error instanceof SecretStoreError)) throw error;
    io.stderr(`${t('cli.login.not-stored', { reason: error.message })}\n`);
    return EXIT.fatal;
  }
  io.stdout(`${verdict.line}\n`);
  return verdict.exit;
}

function describeUnchecked(args: LoginArgs, credentials: Credentials): string {
  return credentials.kind === 'basic'
    ? t('cli.login.unchecked-password', { user: credentials.user, server: args.server })
    : t('cli.login.unchecked-token', { server: args.server });
}

export async function runLogout(args: readonly string[], io: AccountIo): Promise<number> {
  const parsed = parseLogoutArgs(args, io.defaultServerOf);
  if (parsed.ok === 'help') {
    io.stdout(`${logoutUsage()}\n`);
    return EXIT.ok;
  }
  if (!parsed.ok) {
    io.stderr(usageError('logout', parsed.error));
    return EXIT.usage;
  }
  const { server } = parsed.value;
  const { settings, secrets } = await io.openStores(parsed.value.dataDir);
  try {
    // Without a keychain, "nothing stored" would be a guess: say that it cannot be looked at.
    await secrets.checkAvailable();
    const known = settings.get().servers.find((entry) => entry.url === server);
    const ref = known === undefined ? undefined : secretRefFor(known);
    const deleted = ref === undefined ? false : await secrets.delete(ref);
    if (known !== undefined) {
      const result = await settings.update((current) => upsertServer(current, { ...known, auth: { kind: 'none' } }));
      if (!result.ok) {
        io.stderr(`${t('cli.logout.save-failed', { reasons: result.issues.map((i) => i.message).join('; ') })}\n`);
        return EXIT.fatal;
      }
    }
    io.stdout(`${deleted ? t('cli.logout.removed', { server }) : t('cli.logout.none-stored', { server })}\n`);
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof SecretStoreError)) throw error;
    io.stderr(`${t('cli.run.failed', { name: 'ntfy-tray logout', problem: error.message })}\n`);
    return EXIT.fatal;
  }
}
