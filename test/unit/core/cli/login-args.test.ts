/** `ntfy-tray login` / `logout` argument errors, in English and in German. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseLoginArgs, parseLogoutArgs } from '../../../../main/core/cli/login-args.ts';
import { setLocale } from '../../../../common/i18n/translate.ts';

afterEach(() => {
  setLocale(['en-US']);
});

const defaultServerOf = (): string => 'https://ntfy.sh';

function loginError(args: readonly string[]): string {
  const result = parseLoginArgs(args, {}, defaultServerOf);
  if (result.ok !== false) throw new Error(`expected a usage error, got ${JSON.stringify(result)}`);
  return result.error;
}

function logoutError(args: readonly string[]): string {
  const result = parseLogoutArgs(args, defaultServerOf);
  if (result.ok !== false) throw new Error(`expected a usage error, got ${JSON.stringify(result)}`);
  return result.error;
}

const CASES: readonly (readonly [string, readonly string[], string, string])[] = [
  [
    'no <url>',
    ['--token', 'tk_x'],
    'missing <url>: the server or a topic on it',
    '<url> fehlt: der Server oder ein Thema darauf',
  ],
  [
    'two <url>s',
    ['ntfy.sh', 'ntfy.example.com', '--token', 'tk_x'],
    'expected one <url>, got 2: ntfy.sh ntfy.example.com',
    'genau eine <url> erwartet, nicht 2: ntfy.sh ntfy.example.com',
  ],
  [
    'a server that is not http(s)',
    ['ftp://ntfy.example.com', '--token', 'tk_x'],
    'the server URL must be an http or https URL',
    'die Server-URL muss eine http- oder https-URL sein',
  ],
  [
    'a list of topics',
    ['ntfy.sh/a,b', '--token', 'tk_x'],
    'give one topic (or only the server), not a list',
    'geben Sie ein Thema (oder nur den Server) an, keine Liste',
  ],
  [
    'a bare --token with --user',
    ['ntfy.sh', '--user', 'alice', '--token'],
    'cannot set both --user and --token',
    '--user und --token können nicht beide gesetzt werden',
  ],
  ['no credentials', ['ntfy.sh'], 'give --user <name> or --token', 'geben Sie --user <name> oder --token an'],
  [
    'a topic URL with a query',
    ['https://ntfy.sh/alerts?since=1h', '--token', 'tk_x'],
    'a topic URL takes no query (since=…): use --since instead (https://ntfy.sh/alerts)',
    'eine Themen-URL darf keinen Abfrageteil haben (since=…): verwenden Sie stattdessen --since (https://ntfy.sh/alerts)',
  ],
];

describe('login arguments', () => {
  it.each(CASES)('refuses %s', (_name, args, english) => {
    expect(loginError(args)).toBe(english);
  });

  it.each(CASES)('refuses %s in German', (_name, args, _english, german) => {
    setLocale(['de-DE']);

    expect(loginError(args)).toBe(german);
  });

  it('accepts a server with a bare --token (the token is asked for later)', () => {
    expect(parseLoginArgs(['ntfy.example.com', '--token'], {}, defaultServerOf)).toEqual({
      ok: true,
      value: { server: 'https://ntfy.example.com', credentials: { kind: 'none' }, check: true },
    });
  });
});

describe('logout arguments', () => {
  it('refuses a missing <url>, in German too', () => {
    expect(logoutError([])).toBe('missing <url>: the server or a topic on it');
    setLocale(['de-DE']);
    expect(logoutError([])).toBe('<url> fehlt: der Server oder ein Thema darauf');
  });
});
