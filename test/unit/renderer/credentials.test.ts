import { describe, expect, it } from 'vitest';
import {
  emptyEntry,
  entryFor,
  entryToInput,
  entryToTestCredentials,
  hasEntry,
  storedCredentialsFor,
  untestableEntry,
} from '../../../renderer/subscriptions/credentials.ts';
import { makeSubscription } from '../../support/subscriptions.ts';

describe('storedCredentialsFor', () => {
  const subscriptions = [
    makeSubscription({ server: 'https://open.example.com' }),
    makeSubscription({ server: 'https://ntfy.example.com/base', auth: 'basic', user: 'alice', hasCredentials: true }),
  ];

  it('asks any subscription on the same server, however the URL is typed', () => {
    expect(storedCredentialsFor('HTTPS://ntfy.example.com/base/', subscriptions)).toEqual({
      auth: 'basic',
      user: 'alice',
      hasSecret: true,
    });
    expect(storedCredentialsFor('https://open.example.com', subscriptions)).toEqual({
      auth: 'none',
      user: undefined,
      hasSecret: false,
    });
  });

  it('knows nothing of a server no subscription uses, or of text that is no URL', () => {
    expect(storedCredentialsFor('https://elsewhere.example.com', subscriptions)).toEqual({
      auth: 'none',
      hasSecret: false,
    });
    expect(storedCredentialsFor('not a url', subscriptions).auth).toBe('none');
  });
});

describe('entries', () => {
  it('counts as typed only what the chosen kind uses', () => {
    expect(hasEntry(emptyEntry('basic'))).toBe(false);
    expect(hasEntry({ ...emptyEntry('basic'), password: 'x' })).toBe(true);
    expect(hasEntry({ ...emptyEntry('token'), password: 'x' })).toBe(false);
    expect(hasEntry({ ...emptyEntry('none'), token: 'x' })).toBe(false);
  });

  it('turns into what main stores, the password exactly as typed', () => {
    const server = ' https://ntfy.example.com ';
    expect(entryToInput(server, { kind: 'basic', user: ' alice ', password: ' p w ', token: '' })).toEqual({
      server: 'https://ntfy.example.com',
      kind: 'basic',
      user: 'alice',
      password: ' p w ',
    });
    expect(entryToInput(server, { ...emptyEntry('token'), token: ' tk_abc ' })).toEqual({
      server: 'https://ntfy.example.com',
      kind: 'token',
      token: 'tk_abc',
    });
    expect(entryToInput(server, emptyEntry('none'))).toBeUndefined();
  });
});

describe('Test and fixing', () => {
  it('tests what was typed (the password exactly), and the stored credentials only when nothing was typed', () => {
    expect(entryToTestCredentials({ ...emptyEntry('basic'), user: ' alice ', password: ' pw ' })).toEqual({
      kind: 'basic',
      user: 'alice',
      password: ' pw ',
    });
    expect(entryToTestCredentials({ ...emptyEntry('token'), token: 'tk_1 ' })).toEqual({
      kind: 'token',
      token: 'tk_1',
    });
    expect(entryToTestCredentials(emptyEntry('basic'))).toEqual({ kind: 'stored' });
    expect(entryToTestCredentials(emptyEntry('none'))).toEqual({ kind: 'stored' });
  });

  it('says which input is missing before testing half-typed credentials', () => {
    expect(untestableEntry({ ...emptyEntry('basic'), user: 'alice' })).toBe('enter the password');
    expect(untestableEntry({ ...emptyEntry('basic'), password: 'pw' })).toBe('enter the user name');
    expect(untestableEntry({ ...emptyEntry('basic'), user: 'alice', password: 'pw' })).toBeUndefined();
    expect(untestableEntry(emptyEntry('basic'))).toBeUndefined();
  });

  it('prefills the stored user name when fixing, never a secret', () => {
    expect(entryFor('basic', { auth: 'basic', user: 'alice', hasSecret: true })).toEqual({
      kind: 'basic',
      user: 'alice',
      password: '',
      token: '',
    });
    expect(entryFor('basic', { auth: 'token', hasSecret: true }).user).toBe('');
    expect(entryFor('token', { auth: 'basic', user: 'alice', hasSecret: true }).user).toBe('');
  });
});
