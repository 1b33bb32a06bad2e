import { describe, expect, it } from 'vitest';
import type { SubscriptionDto } from '../../../common/ipc.ts';
import { serializeSubscriptions } from '../../../renderer/settings/subscriptions-json-export.ts';
import { parseSubscriptionsJson } from '../../../renderer/settings/subscriptions-json-import.ts';
import { planOf } from '../../support/import-plans.ts';

const subscriptionWithEverything: SubscriptionDto = {
  id: '5b0e2c1e-9a43-4d4b-8f77-1f9a3c1d2e3f',
  server: 'https://ntfy.example.com',
  topic: 'backups',
  displayName: 'Nightly backups',
  transport: 'sse',
  filters: { priority: ['high', 'urgent'], tags: ['disk'], title: 'Backup' },
  muted: true,
  minPriority: 3,
  auth: 'basic',
  user: 'alice',
  hasCredentials: true,
};

const plainSubscription: SubscriptionDto = {
  id: 'b2',
  server: 'https://ntfy.sh',
  topic: 'alerts',
  transport: 'json',
  filters: {},
  muted: false,
  minPriority: 1,
  auth: 'token',
  hasCredentials: true,
};

describe('serializeSubscriptions', () => {
  it('writes the versioned envelope with the subscription fields only', () => {
    const text = serializeSubscriptions([subscriptionWithEverything, plainSubscription]);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual({
      format: 'ntfy-tray-subscriptions',
      version: 1,
      subscriptions: [
        {
          server: 'https://ntfy.example.com',
          topic: 'backups',
          displayName: 'Nightly backups',
          transport: 'sse',
          filters: { priority: ['high', 'urgent'], tags: ['disk'], title: 'Backup' },
          muted: true,
          minPriority: 3,
        },
        { server: 'https://ntfy.sh', topic: 'alerts', transport: 'json', filters: {}, muted: false, minPriority: 1 },
      ],
    });
  });

  it('leaves out ids and everything about credentials, even fields the DTO might gain', () => {
    const withExtra = { ...subscriptionWithEverything, password: 'hunter2', token: 'tk_secret' } as SubscriptionDto;
    const text = serializeSubscriptions([withExtra]);
    for (const leaked of ['alice', 'hunter2', 'tk_secret', 'hasCredentials', '"auth"', '"id"', withExtra.id]) {
      expect(text).not.toContain(leaked);
    }
  });

  it('round-trips: what it exports imports back as the same subscriptions', () => {
    const exported = serializeSubscriptions([subscriptionWithEverything, plainSubscription]);
    const plan = planOf(parseSubscriptionsJson(exported));
    expect(plan.problems).toEqual([]);
    expect(plan.duplicates).toBe(0);
    expect(plan.subscriptions.map((item) => item.input)).toEqual([
      {
        server: 'https://ntfy.example.com',
        topic: 'backups',
        displayName: 'Nightly backups',
        transport: 'sse',
        filters: { priority: ['high', 'urgent'], tags: ['disk'], title: 'Backup' },
        muted: true,
        minPriority: 3,
      },
      { server: 'https://ntfy.sh', topic: 'alerts', transport: 'json', filters: {}, muted: false, minPriority: 1 },
    ]);
  });

  it('exports an empty list as a file that imports to nothing', () => {
    const plan = planOf(parseSubscriptionsJson(serializeSubscriptions([])));
    expect(plan.subscriptions).toEqual([]);
    expect(plan.problems).toEqual([]);
  });
});
