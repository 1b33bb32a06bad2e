import { describe, expect, it } from 'vitest';
import { serverKey, splitTopicUrl } from '../../../renderer/subscriptions/topic-url.ts';

describe('splitTopicUrl', () => {
  it('splits a pasted topic URL, keeping a path prefix on the server', () => {
    expect(splitTopicUrl(' https://ntfy.example.com/alerts ')).toEqual({
      server: 'https://ntfy.example.com',
      topic: 'alerts',
    });
    expect(splitTopicUrl('https://host.example.com/ntfy/alerts')).toEqual({
      server: 'https://host.example.com/ntfy',
      topic: 'alerts',
    });
  });

  it('leaves a plain topic name, and a server without a topic, alone', () => {
    expect(splitTopicUrl('alerts')).toBeUndefined();
    expect(splitTopicUrl('https://ntfy.example.com/')).toBeUndefined();
  });
});

describe('serverKey', () => {
  it('compares servers as the core stores them', () => {
    expect(serverKey('HTTPS://Ntfy.Example.com/')).toBe('https://ntfy.example.com');
    expect(serverKey('https://host.example.com/ntfy//')).toBe('https://host.example.com/ntfy');
    expect(serverKey('ftp://example.com')).toBeUndefined();
    expect(serverKey('')).toBeUndefined();
  });
});
