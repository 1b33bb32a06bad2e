import { describe, expect, it } from 'vitest';
import { decideRedirect, isRedirectStatus, MAX_REDIRECTS } from '../../../../main/core/transports/redirects.ts';

function follow(from: string, location: string, hops = 0): string {
  const decision = decideRedirect(new URL(from), location, hops);
  if (decision.kind !== 'follow') throw new Error(decision.message);
  return decision.url.toString();
}

function refusal(from: string, location: string, hops = 0): string {
  const decision = decideRedirect(new URL(from), location, hops);
  if (decision.kind !== 'fatal') throw new Error(`followed to ${decision.url.toString()}`);
  return decision.message;
}

describe('decideRedirect', () => {
  it('follows paths on the same host and port, relative or absolute', () => {
    expect(follow('http://127.0.0.1:8080/a/json', '/b/json')).toBe('http://127.0.0.1:8080/b/json');
    expect(follow('https://ntfy.example/a/json', 'https://ntfy.example:443/b/json')).toBe(
      'https://ntfy.example/b/json',
    );
  });

  it('follows the upgrade of the same host to https', () => {
    expect(follow('http://ntfy.example/a/json', 'https://ntfy.example/a/json')).toBe('https://ntfy.example/a/json');
    expect(follow('ws://ntfy.example/a/ws', 'https://ntfy.example/a/ws')).toBe('wss://ntfy.example/a/ws');
  });

  it('refuses another host, another port, and a downgrade to plain http', () => {
    const another =
      'the server redirects to https://other.example/a/json, another server; subscribe to that URL instead';
    expect(refusal('https://ntfy.example/a/json', 'https://other.example/a/json?auth=abc')).toBe(another);
    expect(refusal('http://127.0.0.1:8080/a/json', 'http://127.0.0.1:8081/a/json')).toContain('another server');
    expect(refusal('https://ntfy.example/a/json', 'http://ntfy.example/a/json')).toContain('another server');
  });

  it('keeps the auth= query value when the target has none', () => {
    expect(follow('http://h/a/json?auth=QmVhcmVy&since=all', '/b/json?since=all')).toBe(
      'http://h/b/json?since=all&auth=QmVhcmVy',
    );
  });

  it(`stops after ${MAX_REDIRECTS} hops`, () => {
    expect(follow('http://h/a', '/b', MAX_REDIRECTS - 1)).toBe('http://h/b');
    expect(refusal('http://h/a', '/b', MAX_REDIRECTS)).toContain(`more than ${MAX_REDIRECTS} times`);
  });

  it('refuses an unreadable Location', () => {
    expect(refusal('http://h/a', 'http://[::1')).toContain('invalid address');
  });

  it('knows which statuses redirect', () => {
    expect([300, 301, 302, 303, 304, 307, 308].map(isRedirectStatus)).toEqual([
      false,
      true,
      true,
      true,
      false,
      true,
      true,
    ]);
  });
});
