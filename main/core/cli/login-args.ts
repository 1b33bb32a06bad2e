/**
 * `ntfy-tray login` / `logout` arguments. The credential options are subscribe's (credential-args.ts): `--user
 * name[:password]` and `--token <token>`, with NTFY_PASSWORD / NTFY_TOKEN; login alone also takes a bare `--token`
 * (then the token comes from NTFY_TOKEN or a prompt), as it always has.
 */
import type { Credentials } from '../protocol/subscribe-request.ts';
import { t } from '../../../common/i18n/translate.ts';
import { readCredentialArgs } from './credential-args.ts';
import { dataDirArgProblem } from './data-dir.ts';
import { parseOptions } from './parse-options.ts';
import { type ArgsResult, fail } from '../client-config/args-result.ts';
import { parseTopicUrl } from '../client-config/topic-url.ts';
import { parseServerInput, withAssumedHttps } from '../../../common/topic-input.ts';

/** The help texts, computed when printed (the language is chosen at start). */
export function loginUsage(): string {
  return t('cli.help.login');
}

export function logoutUsage(): string {
  return t('cli.help.logout');
}

export interface LoginTarget {
  /** Normalized server base URL: the key the settings and the keychain use. */
  readonly server: string;
  /** The topic to check the credentials against, when the URL named one. */
  readonly topic?: string;
}

export interface LoginArgs extends LoginTarget {
  /** `basic` with an empty password, or `none` (bare `--token`): the secret is still to be read. */
  readonly credentials: Credentials;
  readonly check: boolean;
  readonly dataDir?: string;
}

interface LogoutArgs extends LoginTarget {
  readonly dataDir?: string;
}

type Help = { readonly ok: 'help' };

/**
 * `https://host`, `host` and `host:port` are a server; `https://host/alerts`, `host/alerts` and a bare `alerts` (on
 * the default server) a topic on it: common/topic-input.ts's rule. A topic name never holds a dot or a colon, so a
 * word without a slash is a host when it has one.
 */
function readTarget(positionals: readonly string[], defaultServer: string): ArgsResult<LoginTarget> {
  const [text, ...more] = positionals;
  if (text === undefined) return fail(t('cli.login.missing-url'));
  if (more.length > 0) {
    return fail(t('cli.login.one-url', { count: positionals.length, urls: positionals.join(' ') }));
  }
  const urlText = withAssumedHttps(text);
  const isServer = text.includes('/')
    ? URL.canParse(urlText) && new URL(urlText).pathname.replace(/\/+$/, '') === ''
    : /[.:]/.test(text);
  if (isServer) {
    const server = parseServerInput(text);
    return server.ok
      ? { ok: true, value: { server: server.server } }
      : fail(t('cli.login.server-url', { problem: server.error.message }));
  }
  const topicUrl = parseTopicUrl(text, defaultServer);
  if (!topicUrl.ok) return topicUrl;
  const [topic, ...others] = topicUrl.value.topics;
  if (topic === undefined || others.length > 0) return fail(t('cli.login.one-topic'));
  return { ok: true, value: { server: topicUrl.value.server, topic } };
}

/** A `--token` with nothing after it, or with an option after it, asks for the token instead of taking one. */
function markBareToken(args: readonly string[]): { readonly args: string[]; readonly askToken: boolean } {
  const index = args.findIndex(
    (arg, at) => arg === '--token' && (at === args.length - 1 || args[at + 1]?.startsWith('-') === true),
  );
  if (index === -1) return { args: [...args], askToken: false };
  return { args: [...args.slice(0, index), ...args.slice(index + 1)], askToken: true };
}

/** `defaultServerOf`: where a bare topic lives, given `--data-dir` (see default-server.ts). */
export function parseLoginArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  defaultServerOf: (dataDir: string | undefined) => string,
): ArgsResult<LoginArgs> | Help {
  const bare = markBareToken(args);
  const parsed = parseOptions({
    args: bare.args,
    allowPositionals: true,
    options: {
      user: { type: 'string' },
      token: { type: 'string' },
      'no-check': { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.value;
  if (values.help === true) return { ok: 'help' };
  const target = readTarget(positionals, defaultServerOf(values['data-dir']));
  if (!target.ok) return target;
  const dataDirProblem = dataDirArgProblem(values['data-dir']);
  if (dataDirProblem !== undefined) return fail(dataDirProblem);
  if (bare.askToken && (values.token !== undefined || values.user !== undefined)) {
    return fail(t('cli.credentials.user-or-token'));
  }
  if (!bare.askToken && values.user === undefined && values.token === undefined) {
    return fail(t('cli.login.user-or-token'));
  }
  // A bare --token reads NTFY_TOKEN (kind `none` when unset: the token is then asked for).
  const credentials = readCredentialArgs(bare.askToken ? {} : { user: values.user, token: values.token }, env);
  if (!credentials.ok) return credentials;
  return {
    ok: true,
    value: {
      ...target.value,
      credentials: credentials.value,
      check: values['no-check'] !== true,
      ...(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }),
    },
  };
}

export function parseLogoutArgs(
  args: readonly string[],
  defaultServerOf: (dataDir: string | undefined) => string,
): ArgsResult<LogoutArgs> | Help {
  const parsed = parseOptions({
    args: [...args],
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.value;
  if (values.help === true) return { ok: 'help' };
  const target = readTarget(positionals, defaultServerOf(values['data-dir']));
  if (!target.ok) return target;
  const dataDirProblem = dataDirArgProblem(values['data-dir']);
  if (dataDirProblem !== undefined) return fail(dataDirProblem);
  return {
    ok: true,
    value: {
      server: target.value.server,
      ...(values['data-dir'] === undefined ? {} : { dataDir: values['data-dir'] }),
    },
  };
}
