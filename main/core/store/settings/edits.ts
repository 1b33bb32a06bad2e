/**
 * Pure edits of a settings value, for `SettingsStore.update`: a patch (what a settings form sends) or one of the
 * helpers below as a mutator. The result is validated by the store, so these do not check anything themselves.
 */
import type {
  HistoryRetention,
  Preferences,
  QuietHours,
  ServerSettings,
  Settings,
  SubscriptionSettings,
} from './schema.ts';

type PreferencesPatch = Partial<Omit<Preferences, 'quietHours' | 'historyRetention'>> & {
  readonly quietHours?: Partial<QuietHours>;
  readonly historyRetention?: Partial<HistoryRetention>;
};

/** Top-level lists are replaced whole; preferences (and their two nested groups) are merged key by key. */
export interface SettingsPatch {
  readonly defaultServer?: string;
  readonly servers?: readonly ServerSettings[];
  readonly subscriptions?: readonly SubscriptionSettings[];
  readonly preferences?: PreferencesPatch;
}

export function applySettingsPatch(settings: Settings, patch: SettingsPatch): Settings {
  const { quietHours, historyRetention, ...preferences } = patch.preferences ?? {};
  return {
    ...settings,
    ...(patch.defaultServer === undefined ? {} : { defaultServer: patch.defaultServer }),
    ...(patch.servers === undefined ? {} : { servers: patch.servers }),
    ...(patch.subscriptions === undefined ? {} : { subscriptions: patch.subscriptions }),
    preferences: {
      ...settings.preferences,
      ...preferences,
      quietHours: { ...settings.preferences.quietHours, ...quietHours },
      historyRetention: { ...settings.preferences.historyRetention, ...historyRetention },
    },
  };
}

/** Adds the subscription, or replaces the one with the same id in place (keeping the list order). */
export function upsertSubscription(settings: Settings, subscription: SubscriptionSettings): Settings {
  const exists = settings.subscriptions.some((item) => item.id === subscription.id);
  const subscriptions = exists
    ? settings.subscriptions.map((item) => (item.id === subscription.id ? subscription : item))
    : [...settings.subscriptions, subscription];
  return { ...settings, subscriptions };
}

export function removeSubscription(settings: Settings, id: string): Settings {
  return { ...settings, subscriptions: settings.subscriptions.filter((item) => item.id !== id) };
}

/**
 * Adds the server, or replaces the one with the same URL. `url` must already be normalized (the validator
 * normalizes what it stores, but matching here is by exact string).
 */
export function upsertServer(settings: Settings, server: ServerSettings): Settings {
  const exists = settings.servers.some((item) => item.url === server.url);
  const servers = exists
    ? settings.servers.map((item) => (item.url === server.url ? server : item))
    : [...settings.servers, server];
  return { ...settings, servers };
}

/** `upsertServer` for many at once, in one pass (an import may name a thousand servers). */
export function upsertServers(settings: Settings, entries: readonly ServerSettings[]): Settings {
  const byUrl = new Map(entries.map((entry) => [entry.url, entry]));
  const servers = settings.servers.map((item) => byUrl.get(item.url) ?? item);
  const known = new Set(settings.servers.map((item) => item.url));
  for (const entry of byUrl.values()) if (!known.has(entry.url)) servers.push(entry);
  return { ...settings, servers };
}
