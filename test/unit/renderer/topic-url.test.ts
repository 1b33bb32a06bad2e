import { describe, expect, it } from 'vitest';
import { serverKey } from '../../../renderer/subscriptions/topic-url.ts';

describe('serverKey', () => {
  it('compares servers as the core stores them', () => {
    expect(serverKey('HTTPS://Ntfy.Example.com/')).toBe('https://ntfy.example.com');
    expect(serverKey('https://host.example.com/ntfy//')).toBe('https://host.example.com/ntfy');
    expect(serverKey('ftp://example.com')).toBeUndefined();
    expect(serverKey('')).toBeUndefined();
  });
});
