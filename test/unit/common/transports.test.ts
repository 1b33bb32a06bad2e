import { describe, expect, it } from 'vitest';
import { isTransportKind } from '../../../common/transports.ts';

describe('isTransportKind', () => {
  it.each(['json', 'sse', 'ws', 'raw'])('accepts %j, a stream ntfy serves', (value) => {
    expect(isTransportKind(value)).toBe(true);
  });

  it.each([undefined, 'JSON', 'http', 1, null])('refuses %j as a transport', (value) => {
    expect(isTransportKind(value)).toBe(false);
  });
});
