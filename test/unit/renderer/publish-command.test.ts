import { describe, expect, it } from 'vitest';
import type { SubscriptionDto } from '../../../common/ipc.ts';
import { publishCommand } from '../../../renderer/history/publish-command.ts';

const topic = { server: 'https://ntfy.example.com', topic: 'private' };

function subscription(overrides: Partial<SubscriptionDto>): SubscriptionDto {
  return {
    id: 's1',
    ...topic,
    transport: 'json',
    filters: {},
    muted: false,
    minPriority: 1,
    auth: 'none',
    hasCredentials: false,
    ...overrides,
  };
}

describe('publishCommand: the empty topic curl hint (issue 25 §7)', () => {
  it('is plain for an open topic', () => {
    expect(publishCommand(topic, subscription({}))).toBe('curl -d "Hi" https://ntfy.example.com/private');
    expect(publishCommand(topic, undefined)).toBe('curl -d "Hi" https://ntfy.example.com/private');
  });

  it('signs in as the subscription does, without its secret', () => {
    expect(publishCommand(topic, subscription({ auth: 'basic', user: 'alice', hasCredentials: true }))).toBe(
      'curl -u alice -d "Hi" https://ntfy.example.com/private',
    );
    expect(publishCommand(topic, subscription({ auth: 'basic', user: "o'brien x", hasCredentials: true }))).toBe(
      `curl -u 'o'\\''brien x' -d "Hi" https://ntfy.example.com/private`,
    );
    expect(publishCommand(topic, subscription({ auth: 'token', hasCredentials: true }))).toBe(
      'curl -H "Authorization: Bearer $NTFY_TOKEN" -d "Hi" https://ntfy.example.com/private',
    );
  });
});
