import { describe, expect, it } from 'vitest';
import { APP_TRANSPORTS, CLI_TRANSPORTS, isTransportKind, NTFY_TRANSPORTS } from '../../../common/transports.ts';

describe('transport lists', () => {
  it('the CLI accepts every ntfy stream, raw included', () => {
    expect([...CLI_TRANSPORTS].sort()).toEqual(['json', 'raw', 'sse', 'ws']);
    expect(CLI_TRANSPORTS).toEqual(NTFY_TRANSPORTS);
  });

  it('the app offers every ntfy stream but raw', () => {
    expect(APP_TRANSPORTS).toEqual(NTFY_TRANSPORTS.filter((kind) => kind !== 'raw'));
    expect(isTransportKind('raw')).toBe(true);
  });

  it.each([undefined, 'JSON', 'http', 1, null])('refuses %j as a transport', (value) => {
    expect(isTransportKind(value)).toBe(false);
  });
});
