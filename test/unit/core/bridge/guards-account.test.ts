/**
 * The guard for the ntfy account's sign-in (accountSignIn), in the row format of guard-table.ts: exactly server,
 * user and password, each non-empty text within its limit.
 */
import { describe, it } from 'vitest';
import { accountSignIn } from '../../../../main/core/bridge/guards.ts';
import { chars, check, inheriting, no, nullPrototype, ok, type Row, S } from './guard-table.ts';

describe('accountSignIn', () => {
  const input = { server: S, user: 'phil', password: 'secret' };
  const rows: Row[] = [
    ['server, user and password', input, ok(input)],
    ['with a null prototype', nullPrototype(input), ok(input)],
    ['every field only on its prototype', inheriting(input), no('account', 'must be an object')],
    ['null', null, no('account', 'must be an object')],
    ['a string', 'phil:secret', no('account', 'must be an object')],
    ['an array', [S, 'phil', 'secret'], no('account', 'must be an object')],
    [
      'a token instead of a password',
      { server: S, user: 'phil', token: 'tk_x' },
      no('account.token', 'is not expected'),
    ],
    ['an extra field', { ...input, remember: true }, no('account.remember', 'is not expected')],
    ['no password', { server: S, user: 'phil' }, no('account.password', 'must be a string')],
    ['no user', { server: S, password: 'secret' }, no('account.user', 'must be a string')],
    ['no server', { user: 'phil', password: 'secret' }, no('account.server', 'must be a string')],
    ['an empty password', { ...input, password: '' }, no('account.password', 'must not be empty')],
    ['an empty user', { ...input, user: '' }, no('account.user', 'must not be empty')],
    ['an empty server', { ...input, server: '' }, no('account.server', 'must not be empty')],
    ['a number as password', { ...input, password: 1234 }, no('account.password', 'must be a string')],
    ['a 2048-character server', { ...input, server: chars(2048) }, ok({ ...input, server: chars(2048) })],
    ['a 2049-character server', { ...input, server: chars(2049) }, no('account.server', 'is too long')],
    ['a 128-character user', { ...input, user: chars(128) }, ok({ ...input, user: chars(128) })],
    ['a 129-character user', { ...input, user: chars(129) }, no('account.user', 'is too long')],
    ['a 1024-character password', { ...input, password: chars(1024) }, ok({ ...input, password: chars(1024) })],
    ['a 1025-character password', { ...input, password: chars(1025) }, no('account.password', 'is too long')],
  ];
  it.each(rows)('%s', (_name, value, expected) => {
    check(accountSignIn, value, expected);
  });
});
