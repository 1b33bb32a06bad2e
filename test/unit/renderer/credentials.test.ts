import { describe, expect, it } from 'vitest';
import type { SubscriptionDto } from '../../../common/ipc.ts';
import {
  emptyEntry,
  entryToInput,
  hasEntry,
  storedCredentialsFor,
} from '../../../renderer/subscriptions/credentials.ts';

function subscription(overrides: Partial<SubscriptionDto>): SubscriptionDto {
  return {
    id: 'id',
    server: 'https://ntfy.example.com',
    topic: 'alerts',
    transport: 'json',
    filters: {},
    muted: false,
    minPriority: 1,
    auth: 'none',
    hasCredentials: false,
    ...overrides,
  };
}

describe('storedCredentialsFor', () => {
  const subscriptions = [
    subscription({ server: 'https://open.example.com' }),
    subscription({ server: 'https://ntfy.example.com/base', auth: 'basic', user: 'alice', hasCredentials: true }),
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
