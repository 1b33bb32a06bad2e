import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../../common/error-message.ts';

describe('errorMessage', () => {
  it("gives an Error's message, without its name", () => {
    expect(errorMessage(new TypeError('bad input'))).toBe('bad input');
  });

  it('gives the message of an Error subclass', () => {
    class LockedError extends Error {}
    expect(errorMessage(new LockedError('locked'))).toBe('locked');
  });

  it('gives anything else that was thrown as text', () => {
    expect(errorMessage('plain string')).toBe('plain string');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage({ toString: () => 'custom' })).toBe('custom');
  });
});
