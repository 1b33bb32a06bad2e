/** The CLI's human lines in German: numbers in German digits, whole sentences, names and values unchanged. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeCheck } from '../../../../main/core/cli/describe-check.ts';
import { readDurationFlag } from '../../../../main/core/cli/filter-args.ts';
import { describeStatus, formatChangeLine } from '../../../../main/core/cli/output.ts';
import { KEEPALIVE_TIMEOUT_FLAG } from '../../../../main/core/cli/subscribe-args.ts';
import type { ConnectionState, ConnectionStatus } from '../../../../main/core/engine/connection-types.ts';
import { setLocale } from '../../../../common/i18n/translate.ts';

beforeEach(() => {
  setLocale(['de-DE']);
});

afterEach(() => {
  setLocale(['en-US']);
});

function status(state: ConnectionState, forbiddenTopics: readonly string[] = []): ConnectionStatus {
  return {
    key: 'k',
    server: 'https://ntfy.example.com',
    transport: 'ws',
    topics: ['ops'],
    forbiddenTopics,
    state,
    counters: { reconnects: 0, messages: 0 },
  };
}

describe('subscribe status lines in German', () => {
  it('say when the next attempt is, in German digits', () => {
    const line = describeStatus(
      status({ kind: 'backoff', nextAttemptAt: 2500, reason: 'timeout', trouble: { kind: 'silent' } }),
      0,
    );

    expect(line).toBe('Neuer Verbindungsversuch in 2,5 s: https://ntfy.example.com/ops (ws): timeout');
  });

  it('say "Verbunden" and which topics the server refused', () => {
    expect(describeStatus(status({ kind: 'open', since: 0 }, ['secret']), 0)).toBe(
      'Verbunden: https://ntfy.example.com/ops (ws); keine Berechtigung, übersprungen: secret',
    );
  });

  it('name a deleted message in a German sentence', () => {
    const line = formatChangeLine({
      kind: 'message_delete',
      id: 'del000000001',
      sequenceId: 'abc123',
      time: 0,
      topic: 'ops',
      raw: {},
    });

    expect(line).toMatch(/ ops Nachricht abc123 gelöscht\n$/);
  });
});

describe('CLI errors and verdicts in German', () => {
  it('names the allowed range of a duration option', () => {
    expect(readDurationFlag(KEEPALIVE_TIMEOUT_FLAG, '2s')).toEqual({
      ok: false,
      error: '--keepalive-timeout 2s liegt außerhalb des Bereichs: erlaubt ist 5s bis 1h',
    });
  });

  it('says why login did not store wrong credentials', () => {
    const verdict = describeCheck(
      { server: 'https://ntfy.example.com', topic: 'ops' },
      { kind: 'basic', user: 'alice', password: 'pw' },
      { kind: 'answer', status: 401, statusText: 'Unauthorized', path: '/ops/auth' },
    );

    expect(verdict.line).toBe(
      'Nicht gespeichert: der Server antwortete 401 Unauthorized — Zugangsdaten nicht akzeptiert: prüfen Sie Benutzername und Passwort',
    );
  });
});
