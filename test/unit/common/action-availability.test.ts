import { describe, expect, it } from 'vitest';
import { actionAvailability } from '../../../common/action-availability.ts';

describe('actionAvailability', () => {
  it.each([
    ['view', 'https://example.com/logs'],
    ['view', 'http://127.0.0.1:8080/'],
    ['view', 'mailto:ops@example.com'],
    ['http', 'https://api.example.com/restart'],
    ['copy', undefined],
  ])('lets a %s action to %s run', (kind, url) => {
    expect(actionAvailability({ kind, url })).toEqual({ canRun: true });
  });

  it('refuses a view action to a file: link, naming the scheme', () => {
    expect(actionAvailability({ kind: 'view', url: 'file:///etc/passwd' })).toEqual({
      canRun: false,
      reason: 'Not available: this app opens only web and mail links, not file: links.',
    });
  });

  it('refuses custom schemes and anything the allowlist refuses (control characters, no URL)', () => {
    expect(actionAvailability({ kind: 'view', url: 'ms-settings:privacy' })).toMatchObject({ canRun: false });
    expect(actionAvailability({ kind: 'view', url: 'java\tscript:alert(1)' })).toMatchObject({ canRun: false });
    expect(actionAvailability({ kind: 'view', url: 'not a url' })).toEqual({
      canRun: false,
      reason: 'Not available: its link is not a valid web address.',
    });
    expect(actionAvailability({ kind: 'view' })).toMatchObject({ canRun: false });
  });

  it('refuses an http action to anything but http(s), mailto included', () => {
    expect(actionAvailability({ kind: 'http', url: 'mailto:ops@example.com' })).toEqual({
      canRun: false,
      reason: 'Not available: this app sends requests only to http and https addresses, not mailto: ones.',
    });
    expect(actionAvailability({ kind: 'http', url: 'https://' })).toMatchObject({ canRun: false });
  });

  it('refuses a broadcast action: it is an Android intent', () => {
    expect(actionAvailability({ kind: 'broadcast' })).toEqual({
      canRun: false,
      reason: 'Not available: broadcast actions run only in the ntfy Android app.',
    });
  });

  it('refuses an action kind it does not know', () => {
    expect(actionAvailability({ kind: 'teleport' })).toEqual({
      canRun: false,
      reason: 'Not available: this app does not know "teleport" actions.',
    });
  });
});
