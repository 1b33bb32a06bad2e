/** The CLI's stderr logger (createConsoleLogger behind createSecretSafeLogger, as main/cli.ts composes them). */
import { describe, expect, it } from 'vitest';
import { createConsoleLogger } from '../../../../main/core/logging.ts';
import type { Logger } from '../../../../main/core/ports.ts';
import {
  createSecretSafeLogger,
  hideCredentialPatterns,
  type SecretSafeLoggerOptions,
} from '../../../../main/core/store/secrets/redact.ts';

function cliLogger(options?: SecretSafeLoggerOptions): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const console = createConsoleLogger({ name: 'ntfy-tray', write: (level, line) => lines.push(`${level}: ${line}`) });
  return { log: createSecretSafeLogger(console, options), lines };
}

describe('secret-safe CLI log', () => {
  it('hides a known password in a field that is not named like a secret', () => {
    const { log, lines } = cliLogger({ secrets: () => ['hunter2'] });
    log.child('connection').log('warn', 'connect failed', { user: 'alice:hunter2', nested: { list: ['x hunter2'] } });
    expect(lines).toEqual([
      'warn: [ntfy-tray:connection] connect failed {"user":"alice:[hidden]","nested":{"list":["x [hidden]"]}}',
    ]);
  });

  it('hides a known password in the message and in an Error, keeping the error name', () => {
    const { log, lines } = cliLogger({ secrets: () => ['hunter2'] });
    log.log('error', 'no password for alice:hunter2', { error: new TypeError('rejected hunter2') });
    expect(lines).toEqual([
      'error: [ntfy-tray] no password for alice:[hidden] {"error":{"name":"TypeError","message":"rejected [hidden]"}}',
    ]);
  });

  it('reads the secrets on every entry, so one learned later is hidden too', () => {
    const secrets: string[] = [];
    const { log, lines } = cliLogger({ secrets: () => secrets });
    secrets.push('late-secret');
    log.log('info', 'got late-secret');
    expect(lines).toEqual(['info: [ntfy-tray] got [hidden]']);
  });

  it('hides credential shapes without knowing the secret: Authorization values, auth=, tk_ tokens, URL passwords', () => {
    const { log, lines } = cliLogger();
    const token = `tk_${'a'.repeat(29)}`;
    log.log('warn', `GET https://h/t/json?since=1&auth=QmFzaWMgYWJj failed`, {
      error: `Authorization: Bearer ${token}`,
      header: 'Basic YWxpY2U6aHVudGVyMg==',
      url: 'https://alice:hunter2@h/t',
      plain: token,
    });
    expect(lines).toEqual([
      'warn: [ntfy-tray] GET https://h/t/json?since=1&auth=[hidden] failed ' +
        '{"error":"Authorization: Bearer [hidden]","header":"Basic [hidden]","url":"https://alice:[hidden]@h/t","plain":"[hidden]"}',
    ]);
  });

  it('still hides values under secret-named keys', () => {
    const { log, lines } = cliLogger();
    log.log('info', 'stored', { password: 'p', token: 't' });
    expect(lines).toEqual(['info: [ntfy-tray] stored {"password":"[hidden]","token":"[hidden]"}']);
  });

  it('leaves ordinary text alone (topic names that only look a little like tokens included)', () => {
    expect(hideCredentialPatterns('connected: https://ntfy.sh/tk_alerts (json) basic setup')).toBe(
      'connected: https://ntfy.sh/tk_alerts (json) basic setup',
    );
  });
});
