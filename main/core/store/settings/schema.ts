/**
 * The settings document (current version): everything the app remembers that is not a secret. Passwords and tokens
 * live in the OS keychain (../secrets/); a server only records which kind of auth it uses and the user name.
 *
 * This file is the single source of truth for the shape: the validator (validate.ts) checks exactly these types,
 * the conf adapter (the app and the CLI) stores exactly this document, and the migrations
 * (migrations.ts) end here.
 */
import type { AppTransportKind } from '../../../../common/transports.ts';
import type { SubscribeFilters } from '../../protocol/subscribe-request.ts';

/** Bump together with a new step in migrations.ts. */
export const SETTINGS_VERSION = 10;

export const DEFAULT_SERVER_URL = 'https://ntfy.sh';

export const THEMES = ['system', 'light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** How a server wants us to authenticate; the secret itself is in the keychain, keyed by server + user (or token). */
export type ServerAuth =
  { readonly kind: 'none' } | { readonly kind: 'basic'; readonly user: string } | { readonly kind: 'token' };

export interface ServerSettings {
  /** Normalized base URL (`https://ntfy.sh`, `https://host/base`): the key subscriptions refer to. */
  readonly url: string;
  readonly auth: ServerAuth;
}

/** ntfy priorities: 1 min, 2 low, 3 default, 4 high, 5 max/urgent. */
export type Priority = 1 | 2 | 3 | 4 | 5;

export interface SubscriptionSettings {
  /** Stable id chosen when the subscription is created (e.g. a UUID); history and the UI refer to it. */
  readonly id: string;
  /** Normalized server base URL; a server without an entry in `servers` is used without auth. */
  readonly server: string;
  readonly topic: string;
  readonly displayName?: string;
  /** One of APP_TRANSPORTS (common/transports.ts): never `raw`, the validator refuses it. */
  readonly transport: AppTransportKind;
  readonly filters: SubscribeFilters;
  /** Still received and kept in history, but never raises a notification. */
  readonly muted: boolean;
  /** Messages below this priority are kept in history without a notification. */
  readonly minPriority: Priority;
  /**
   * Run by the user's shell for each message, with the message in the environment (core/commands/message-command.ts,
   * as ntfy's `ntfy sub TOPIC COMMAND` and client.yml `command:`); absent: none (version 7).
   */
  readonly command?: string;
  /**
   * This subscription's own credentials, as a client.yml entry has its own `user`/`password` or `token` (version 9):
   * `none` is an explicit "no auth" (`token: ""`), `basic`/`token` have their secret in the keychain under this
   * subscription (secrets/credentials.ts). Absent: its server's credentials (`servers`), as ntfy's defaults.
   */
  readonly auth?: ServerAuth;
}

/**
 * Every key of a stored subscription, once: the validator (validate.ts) and the window's save (bridge/guards.ts) both
 * read it. A `Record` over the type's keys, so a key added to SubscriptionSettings without one here does not compile.
 */
const SUBSCRIPTION_KEY_SET: Readonly<Record<keyof SubscriptionSettings, true>> = {
  id: true,
  server: true,
  topic: true,
  displayName: true,
  transport: true,
  filters: true,
  muted: true,
  minPriority: true,
  command: true,
  auth: true,
};
export const SUBSCRIPTION_KEYS = Object.keys(SUBSCRIPTION_KEY_SET) as readonly (keyof SubscriptionSettings)[];

export interface QuietHours {
  readonly enabled: boolean;
  /** Local wall-clock time `HH:MM`; an `end` before `start` spans midnight. */
  readonly start: string;
  readonly end: string;
  /** Priority-5 messages notify even during quiet hours. */
  readonly urgentBreaksThrough: boolean;
}

/**
 * From where image attachments are downloaded without a click (for popups and the window's preview), as in ntfy's
 * Android app: never, only from the subscription's own server, or from any server (never internal addresses unless
 * the subscription's server is one: core/delivery/attachment-cache.ts).
 */
export const AUTO_DOWNLOAD_FROM = ['never', 'subscription-server', 'any-server'] as const;
type AutoDownloadFrom = (typeof AUTO_DOWNLOAD_FROM)[number];

export interface HistoryRetention {
  readonly maxAgeDays: number;
  readonly maxPerSubscription: number;
}

export interface Preferences {
  readonly notificationsEnabled: boolean;
  readonly quietHours: QuietHours;
  readonly sounds: boolean;
  /** Below this priority nothing pops up, whatever the subscription allows (it is still stored). */
  readonly minPriority: Priority;
  readonly startAtLogin: boolean;
  readonly theme: Theme;
  readonly historyRetention: HistoryRetention;
  /** A connection that receives nothing (not even a keepalive) for this long is considered dead and reconnected. */
  readonly keepaliveTimeoutSeconds: number;
  readonly autoDownloadAttachments: AutoDownloadFrom;
  /** Bytes: larger attachments are not downloaded without a click. */
  readonly autoDownloadMaxBytes: number;
  /**
   * Look for new versions at start and every 6 hours (core/updates). Only where the build has a release feed and
   * the administrator has not turned checks off (NTFY_TRAY_UPDATES=off): they win over this.
   */
  readonly checkForUpdates: boolean;
  /**
   * Serve as the UnifiedPush distributor on the session bus (Linux, issue 35; version 10). Off: the bus name is
   * released and the registrations' topics are not carried; the registrations stay for when it is on again.
   */
  readonly unifiedPushEnabled: boolean;
}

/** One subscription as the account on the server lists it (ntfy: base_url, topic, display_name). */
export interface AccountSubscriptionSnapshot {
  /** Normalized base URL. */
  readonly server: string;
  readonly topic: string;
  readonly displayName?: string;
}

/** A subscription added, renamed or removed on this device since the last sync, and when (ms since the epoch). */
export interface LocalSubscriptionChange {
  readonly server: string;
  readonly topic: string;
  readonly changedAt: number;
  readonly removed: boolean;
}

/**
 * Sync state of the signed-in ntfy account (core/account). Its token is in the keychain as the server's token
 * (auth kind `token`); this only says who is signed in and what the last sync saw, so the next one can tell who
 * changed what: `synced` is the merge's common ancestor, `localChanges` date this device's edits since.
 */
export interface AccountSyncState {
  readonly server: string;
  readonly user: string;
  /** Milliseconds since the epoch; absent until the first sync finished. */
  readonly lastSyncAt?: number;
  readonly synced: readonly AccountSubscriptionSnapshot[];
  readonly localChanges: readonly LocalSubscriptionChange[];
}

export interface Settings {
  readonly version: typeof SETTINGS_VERSION;
  /** Preselected when the user adds a subscription. */
  readonly defaultServer: string;
  readonly servers: readonly ServerSettings[];
  readonly subscriptions: readonly SubscriptionSettings[];
  readonly preferences: Preferences;
  /** Present while signed in to an ntfy account (version 5). */
  readonly account?: AccountSyncState;
}

/** Inclusive bounds of the numeric preferences; the validator and the UI share them. */
export const LIMITS = {
  displayNameLength: 100,
  userLength: 128,
  filterTextLength: 1000,
  commandLength: 4000,
  maxAgeDays: { min: 1, max: 3650 },
  maxPerSubscription: { min: 10, max: 1_000_000 },
  keepaliveTimeoutSeconds: { min: 15, max: 3600 },
  // Up to the attachment cache's own per-file cap (DEFAULT_MAX_ATTACHMENT_BYTES).
  autoDownloadMaxBytes: { min: 1024, max: 5 * 1024 * 1024 },
} as const;

export const DEFAULT_PREFERENCES: Preferences = {
  notificationsEnabled: true,
  quietHours: { enabled: false, start: '22:00', end: '07:00', urgentBreaksThrough: true },
  sounds: true,
  minPriority: 1,
  startAtLogin: false,
  theme: 'system',
  historyRetention: { maxAgeDays: 30, maxPerSubscription: 10_000 },
  // ntfy servers send a keepalive every 45 s by default; twice that tolerates one lost keepalive.
  keepaliveTimeoutSeconds: 90,
  // A stranger can publish to a topic: by default only the subscription's own server is asked, for at most 2 MiB.
  autoDownloadAttachments: 'subscription-server',
  autoDownloadMaxBytes: 2 * 1024 * 1024,
  checkForUpdates: true,
  unifiedPushEnabled: true,
};

export function defaultSettings(): Settings {
  return {
    version: SETTINGS_VERSION,
    defaultServer: DEFAULT_SERVER_URL,
    servers: [],
    subscriptions: [],
    preferences: DEFAULT_PREFERENCES,
  };
}
