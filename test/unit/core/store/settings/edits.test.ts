import { describe, expect, it } from 'vitest';
import {
  applySettingsPatch,
  removeSubscription,
  upsertServer,
  upsertSubscription,
} from '../../../../../main/core/store/settings/edits.ts';
import { defaultSettings, type SubscriptionSettings } from '../../../../../main/core/store/settings/schema.ts';

const subscription = (id: string, topic: string): SubscriptionSettings => ({
  id,
  server: 'https://ntfy.sh',
  topic,
  transport: 'json',
  filters: {},
  muted: false,
  minPriority: 1,
});

describe('settings edits', () => {
  it('merges preferences key by key, nested groups included, and leaves the rest alone', () => {
    const settings = defaultSettings();
    const patched = applySettingsPatch(settings, {
      preferences: { theme: 'dark', quietHours: { enabled: true }, historyRetention: { maxAgeDays: 7 } },
    });
    expect(patched).toEqual({
      ...settings,
      preferences: {
        ...settings.preferences,
        theme: 'dark',
        quietHours: { ...settings.preferences.quietHours, enabled: true },
        historyRetention: { ...settings.preferences.historyRetention, maxAgeDays: 7 },
      },
    });
    expect(settings).toEqual(defaultSettings());
  });

  it('replaces lists whole', () => {
    const settings = { ...defaultSettings(), subscriptions: [subscription('a', 'one')] };
    expect(applySettingsPatch(settings, { subscriptions: [] }).subscriptions).toEqual([]);
    expect(applySettingsPatch(settings, { defaultServer: 'https://x.example.com' }).subscriptions).toHaveLength(1);
  });

  it('upserts and removes subscriptions by id, keeping the order', () => {
    let settings = upsertSubscription(defaultSettings(), subscription('a', 'one'));
    settings = upsertSubscription(settings, subscription('b', 'two'));
    settings = upsertSubscription(settings, subscription('a', 'renamed'));
    expect(settings.subscriptions.map((item) => `${item.id}:${item.topic}`)).toEqual(['a:renamed', 'b:two']);
    expect(removeSubscription(settings, 'a').subscriptions.map((item) => item.id)).toEqual(['b']);
  });

  it('upserts servers by URL', () => {
    let settings = upsertServer(defaultSettings(), { url: 'https://x.example.com', auth: { kind: 'none' } });
    settings = upsertServer(settings, { url: 'https://x.example.com', auth: { kind: 'token' } });
    expect(settings.servers).toEqual([{ url: 'https://x.example.com', auth: { kind: 'token' } }]);
  });
});
