/**
 * `--user`, `--token`, NTFY_PASSWORD and NTFY_TOKEN → Credentials, checked before anything is sent.
 *
 * `--user alice:secret` is the ntfy CLI's form: split at the first colon (a password may contain colons, a user
 * name may not). Only a `--user` without a colon takes its password from NTFY_PASSWORD, or else the keychain.
 */
import type { Credentials } from '../protocol/subscribe-request.ts';
import { PASSWORD_VARIABLE, TOKEN_VARIABLE } from '../store/secrets/env-secret-source.ts';
import { t } from '../../../common/i18n/translate.ts';
import { type ArgsResult, fail } from '../client-config/args-result.ts';
import { controlCharacterProblem } from '../client-config/credential-text.ts';

interface CredentialArgs {
  readonly user?: string | undefined;
  readonly token?: string | undefined;
  /**
   * `publish` and `subscribe` read `--user` as ntfy's CLI does (cmd/publish.go, cmd/subscribe.go): `alice:` sends
   * an empty password, and `:tk_…` (no user name) is Basic auth with an empty user, which ntfy's server reads as
   * the token (docs/protocol.md#authentication).
   */
  readonly asNtfy?: boolean;
}

function checked(value: string, where: string): ArgsResult<string> {
  const problem = controlCharacterProblem(value, where);
  return problem === undefined ? { ok: true, value } : fail(problem);
}

/** A non-empty environment variable, checked; an empty one means "not set". */
function fromEnv(env: Readonly<Record<string, string | undefined>>, name: string): ArgsResult<string | undefined> {
  const value = env[name];
  return value === undefined || value === '' ? { ok: true, value: undefined } : checked(value, name);
}

function basicFromUser(
  user: string,
  env: Readonly<Record<string, string | undefined>>,
  asNtfy: boolean,
): ArgsResult<Credentials> {
  if (user === '') return fail(t('cli.credentials.user-needs-name'));
  const colon = user.indexOf(':');
  const name = colon === -1 ? user : user.slice(0, colon);
  const password = colon === -1 ? undefined : user.slice(colon + 1);
  if (name === '' && !(asNtfy && password !== undefined && password !== '')) {
    return fail(t('cli.credentials.user-no-name'));
  }
  const checkedName = checked(name, t('cli.credentials.where-user-name'));
  if (!checkedName.ok) return checkedName;
  if (password !== undefined) {
    if (password === '' && !asNtfy) {
      return fail(t('cli.credentials.empty-password', { name, variable: PASSWORD_VARIABLE }));
    }
    const checkedPassword = checked(password, t('cli.credentials.where-password'));
    if (!checkedPassword.ok) return checkedPassword;
    return { ok: true, value: { kind: 'basic', user: name, password, passwordGiven: true } };
  }
  const fromVariable = fromEnv(env, PASSWORD_VARIABLE);
  if (!fromVariable.ok) return fromVariable;
  // An empty password means "ask on a terminal, else look it up in the keychain" (applyStoredCredentials).
  return { ok: true, value: { kind: 'basic', user: name, password: fromVariable.value ?? '' } };
}

/** ntfy's NTFY_USER and NTFY_TOKEN (urfave/cli EnvVars): the option's value when it is not given; empty is unset. */
function withNtfyVariables(args: CredentialArgs, env: Readonly<Record<string, string | undefined>>): CredentialArgs {
  const variable = (name: string): string | undefined => (env[name] === '' ? undefined : env[name]);
  return { ...args, user: args.user ?? variable(USER_VARIABLE), token: args.token ?? variable(TOKEN_VARIABLE) };
}

/** ntfy's variable for `--user` of publish and subscribe. */
const USER_VARIABLE = 'NTFY_USER';

/**
 * The credentials the options ask for. Environment variables that the run may read (for these options, or for a
 * server stored by `ntfy-tray login`) are checked too, so a malformed one fails here with exit 2.
 */
export function readCredentialArgs(
  options: CredentialArgs,
  env: Readonly<Record<string, string | undefined>>,
): ArgsResult<Credentials> {
  const args = options.asNtfy === true ? withNtfyVariables(options, env) : options;
  if (args.user !== undefined && args.token !== undefined) return fail(t('cli.credentials.user-or-token'));
  if (args.user !== undefined) return basicFromUser(args.user, env, args.asNtfy === true);
  if (args.token !== undefined) {
    if (args.token === '') return fail(t('cli.credentials.token-empty', { variable: TOKEN_VARIABLE }));
    const token = checked(args.token, options.token === undefined ? TOKEN_VARIABLE : '--token');
    return token.ok ? { ok: true, value: { kind: 'token', token: token.value } } : token;
  }
  // No credential options: NTFY_TOKEN applies to every subscription, NTFY_PASSWORD to servers stored by login.
  const password = fromEnv(env, PASSWORD_VARIABLE);
  if (!password.ok) return password;
  const token = fromEnv(env, TOKEN_VARIABLE);
  if (!token.ok) return token;
  return { ok: true, value: token.value === undefined ? { kind: 'none' } : { kind: 'token', token: token.value } };
}

/** The secrets held in credentials, for a secret-safe logger. */
export function secretsOf(credentials: Credentials): string[] {
  if (credentials.kind === 'basic') return credentials.password === '' ? [] : [credentials.password];
  return credentials.kind === 'token' ? [credentials.token] : [];
}

/**
 * Every secret a `subscribe` run holds — its subscriptions' credentials (after the keychain filled them in) and the
 * two variables — for `createSecretSafeLogger(log, { secrets })`, so none of them reaches stderr.
 */
export function runSecrets(
  subscriptions: readonly { readonly credentials?: Credentials }[],
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const secrets = new Set<string>();
  for (const subscription of subscriptions) {
    for (const secret of secretsOf(subscription.credentials ?? { kind: 'none' })) secrets.add(secret);
  }
  for (const name of [PASSWORD_VARIABLE, TOKEN_VARIABLE]) {
    const value = env[name];
    if (value !== undefined && value !== '') secrets.add(value);
  }
  return [...secrets];
}
