import { describe, expect, it } from 'vitest';
import { formatLogLine } from '../../../../../main/core/logging.ts';
import {
  createSecretSafeLogger,
  HIDDEN,
  hideSecretFields,
  hideSecretsInText,
  isSecretKey,
} from '../../../../../main/core/store/secrets/redact.ts';
import { createRecordingLogger } from '../../../../fakes/logger.ts';

describe('secret redaction', () => {
  it.each([
    'password',
    'Password',
    'passwd',
    'token',
    'accessToken',
    'NTFY_TOKEN',
    'secret',
    'Authorization',
    'credentials',
  ])('%s names a secret', (key) => {
    expect(isSecretKey(key)).toBe(true);
  });

  it.each(['auth', 'user', 'kind', 'server', 'topic', 'keepaliveTimeoutSeconds', 'passive'])('%s does not', (key) => {
    expect(isSecretKey(key)).toBe(false);
  });

  it('hides values under secret-named keys at any depth, arrays included, without touching the input', () => {
    const fields = {
      server: 'https://x.example.com',
      password: 'p1',
      nested: { auth: { kind: 'token', token: 't1' }, list: [{ secret: 's1', keep: 1 }] },
    };
    expect(hideSecretFields(fields)).toEqual({
      server: 'https://x.example.com',
      password: HIDDEN,
      nested: { auth: { kind: 'token', token: HIDDEN }, list: [{ secret: HIDDEN, keep: 1 }] },
    });
    expect(fields.password).toBe('p1');
  });

  it('keeps Error values (the log line prints their name and message)', () => {
    const error = new Error('boom');
    expect(hideSecretFields({ error })).toEqual({ error });
  });

  it('replaces every occurrence of each secret in a text', () => {
    expect(hideSecretsInText('a hunter2 b hunter2 c t0k', ['hunter2', 't0k', undefined, ''])).toBe(
      'a [hidden] b [hidden] c [hidden]',
    );
  });

  it('gives a logger (and its children) that never passes a secret-named field on', () => {
    const recording = createRecordingLogger('app');
    const log = createSecretSafeLogger(recording).child('keychain');

    log.log('info', 'stored', { account: 'https://x.example.com token', token: 'hunter2' });
    log.log('debug', 'plain');

    expect(recording.entries).toEqual([
      {
        name: 'app:keychain',
        level: 'info',
        message: 'stored',
        fields: { account: 'https://x.example.com token', token: HIDDEN },
      },
      { name: 'app:keychain', level: 'debug', message: 'plain', fields: undefined },
    ]);
    const first = recording.entries[0];
    expect(formatLogLine('app', first?.message ?? '', first?.fields)).toBe(
      '[app] stored {"account":"https://x.example.com token","token":"[hidden]"}',
    );
  });
});
