/**
 * The window words a refused connection by why it was refused (issue 25 §4): a 401 "credentials not accepted", a 403
 * "no permission". toConnectionDto carries the why as `cause`, with the core's words kept as the detail.
 */
import { describe, expect, it } from 'vitest';
import { toConnectionDto } from '../../../../main/core/bridge/dto.ts';
import type { ConnectionStatus } from '../../../../main/core/engine/connection-types.ts';
import type { ServerError } from '../../../../main/core/transports/transport.ts';

function refused(error: ServerError): ConnectionStatus {
  return {
    key: 'k',
    server: 'https://ntfy.example.com',
    transport: 'json',
    topics: ['alerts'],
    forbiddenTopics: [],
    state: { kind: 'auth-failed', error },
    counters: { reconnects: 0, messages: 0 },
  };
}

describe('toConnectionDto', () => {
  it('tells a 401 (credentials) from a 403 (permission) and a lockout, keeping the server’s words', () => {
    expect(toConnectionDto(refused({ status: 401, code: 40101, message: 'unauthorized' })).state).toEqual({
      kind: 'auth-failed',
      cause: 'credentials',
      message: 'unauthorized',
    });
    expect(toConnectionDto(refused({ status: 403, code: 40301, message: 'forbidden' })).state).toEqual({
      kind: 'auth-failed',
      cause: 'permission',
      message: 'forbidden',
    });
    expect(toConnectionDto(refused({ status: 429, code: 42909, message: 'too many failed logins' })).state).toEqual({
      kind: 'auth-failed',
      cause: 'locked-out',
      message: 'too many failed logins',
    });
  });
});
