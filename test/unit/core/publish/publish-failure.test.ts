import { describe, expect, it } from 'vitest';
import { describePublishFailure } from '../../../../main/core/publish/publish-failure.ts';

describe('describePublishFailure', () => {
  it('calls a 403 no permission (a read-only topic) and a 401 credentials not accepted', () => {
    expect(describePublishFailure({ kind: 'refused', status: 403, code: 40301, error: 'forbidden' })).toBe(
      'no permission: the topic is read-only for this user (or needs credentials) (HTTP 403, 40301)',
    );
    expect(describePublishFailure({ kind: 'refused', status: 401 })).toBe(
      'credentials not accepted: check the user name and password, or the token (HTTP 401)',
    );
  });

  it('puts ntfy`s codes in words, with the detail of an actions error', () => {
    expect(describePublishFailure({ kind: 'refused', status: 400, code: 40006 })).toBe(
      'the delay is too long: at most 3 days on a default server (HTTP 400, 40006)',
    );
    expect(
      describePublishFailure({
        kind: 'refused',
        status: 400,
        code: 40018,
        error: 'invalid request: actions invalid, only 3 actions allowed',
      }),
    ).toBe('the actions are not valid: only 3 actions allowed (HTTP 400, 40018)');
    expect(describePublishFailure({ kind: 'refused', status: 413, code: 41303 })).toBe(
      'the message is too large (the whole request may be at most 8192 bytes) (HTTP 413, 41303)',
    );
  });

  it('says when to retry a 429, in seconds or at a date', () => {
    expect(describePublishFailure({ kind: 'refused', status: 429, code: 42901, retryAfter: '5' })).toBe(
      'too many messages: the server limits how often one may publish (HTTP 429, 42901, retry after 5 s)',
    );
    expect(describePublishFailure({ kind: 'refused', status: 429, retryAfter: 'Tue, 24 Nov 2026 09:00:00 GMT' })).toBe(
      'too many requests: the server asks to slow down (HTTP 429, retry after Tue, 24 Nov 2026 09:00:00 GMT)',
    );
  });

  it('falls back to the server`s text, then to the status, and passes network and local messages on', () => {
    expect(describePublishFailure({ kind: 'refused', status: 400, code: 49999, error: 'odd' })).toBe(
      'the server refused the message: "odd" (HTTP 400, 49999)',
    );
    expect(describePublishFailure({ kind: 'refused', status: 502 })).toBe('the server failed (HTTP 502)');
    expect(describePublishFailure({ kind: 'network', message: 'ECONNREFUSED: connect' })).toBe('ECONNREFUSED: connect');
  });

  it('keeps the server`s own explanation of a 5xx, quoted and printable', () => {
    expect(describePublishFailure({ kind: 'refused', status: 507, code: 50701, error: 'insufficient storage' })).toBe(
      'the server failed: "insufficient storage" (HTTP 507, 50701)',
    );
    const hostile = `disk full\u001b[2J\r\n${'x'.repeat(400)}`;
    const line = describePublishFailure({ kind: 'refused', status: 500, error: hostile });
    expect(line).toBe(`the server failed: "disk full [2J ${'x'.repeat(286)}…" (HTTP 500)`);
  });

  it('names the time of a --delay that is a Unix time in the past (ntfy reads it as nothing, 40004)', () => {
    const failure = { kind: 'refused', status: 400, code: 40004 } as const;
    expect(describePublishFailure(failure, { delay: ' 1000000000 ' })).toBe(
      'the delay 1000000000 is a Unix time in the past (2001-09-09T01:46:40.000Z): give a later one, or a duration ' +
        'like 30m (HTTP 400, 40004)',
    );
    expect(describePublishFailure(failure, { delay: 'next blue moon' })).toBe(
      'the server could not read the delay (try 30m, 2h, "tomorrow 9am" or a Unix time) (HTTP 400, 40004)',
    );
    expect(describePublishFailure(failure, { delay: '9'.repeat(30) })).toContain('could not read the delay');
  });
});
