import { describe, expect, it } from 'vitest';
import type { SubscriptionDto } from '../../../common/ipc.ts';
import {
  draftFromSubscription,
  draftToInput,
  emptyDraft,
  formatList,
  parseList,
  transportName,
  transportOptions,
} from '../../../renderer/subscriptions/subscription-draft.ts';

const subscription: SubscriptionDto = {
  id: 'sub-1',
  server: 'https://ntfy.example.com',
  topic: 'backups',
  displayName: 'Backups',
  transport: 'sse',
  filters: { id: 'abc', message: 'done', priority: ['4', 'urgent'], tags: ['backup', 'nightly'] },
  muted: true,
  minPriority: 3,
  auth: 'none',
  hasCredentials: false,
  command: 'notify-send "$m"',
};

describe('parseList and formatList', () => {
  it('reads comma-separated text leniently and writes it back evenly', () => {
    expect(parseList(' high,urgent , ,')).toEqual(['high', 'urgent']);
    expect(parseList('')).toEqual([]);
    expect(formatList(['high', 'urgent'])).toBe('high, urgent');
    expect(formatList(undefined)).toBe('');
  });
});

describe('drafts', () => {
  it('round-trips a subscription through the editor, the hidden id filter included', () => {
    expect(draftToInput(draftFromSubscription(subscription), subscription.id)).toEqual({
      id: 'sub-1',
      server: 'https://ntfy.example.com',
      topic: 'backups',
      displayName: 'Backups',
      transport: 'sse',
      filters: { id: 'abc', message: 'done', priority: ['4', 'urgent'], tags: ['backup', 'nightly'] },
      muted: true,
      minPriority: 3,
      command: 'notify-send "$m"',
    });
  });

  it('trims what was typed and leaves empty filters and names out', () => {
    const draft = {
      ...emptyDraft(' https://ntfy.sh '),
      topic: ' alerts ',
      displayName: '  ',
      filterTitle: '  ',
      filterTags: ' disk , ',
      command: '  ',
    };
    // The command is always sent: '' removes one that was saved.
    expect(draftToInput(draft, undefined)).toEqual({
      server: 'https://ntfy.sh',
      topic: 'alerts',
      transport: 'json',
      filters: { tags: ['disk'] },
      muted: false,
      minPriority: 1,
      command: '',
    });
  });

  it('offers the JSON stream, server-sent events and WebSocket, never raw (the core refuses it)', () => {
    expect(transportOptions().map((option) => option.value)).toEqual(['json', 'sse', 'ws']);
  });

  it('names transports for people', () => {
    expect(transportName('ws')).toBe('WebSocket');
    expect(transportName('json')).toBe('JSON stream');
  });
});
