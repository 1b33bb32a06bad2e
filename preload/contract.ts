/**
 * The only module that the renderer and the main process share: IPC channel names, the API the preload exposes
 * as window.ntfy, and the DTOs that cross the bridge. It is part of both TypeScript projects (node and web), so it
 * must use neither Node nor DOM types, and it must stay free of runtime dependencies.
 *
 * Rules of the bridge: requests are `invoke`/`handle` only; every answer is a `BridgeResult` (expected failures
 * are values, never exceptions across the bridge); pushes come as events, and every `onX(listener)` returns its
 * unsubscribe function. Secrets go one way only: the renderer may set or clear credentials and learns nothing but
 * `hasCredentials`.
 */

/** The global name the preload exposes the bridge under (window.ntfy). */
export const BRIDGE_GLOBAL_NAME = 'ntfy';

/** Raised whenever BridgeApi changes incompatibly, so a stale renderer can tell it is talking to another main. */
export const BRIDGE_CONTRACT_VERSION = 4;

/** Request channels (`domain:verb`), one per handler: main handles them, the preload invokes them. */
export const ipcChannels = {
  historyList: 'history:list',
  historySearch: 'history:search',
  historyUnreadCounts: 'history:unread-counts',
  historyMarkRead: 'history:mark-read',
  historyMarkAllRead: 'history:mark-all-read',
  historyDelete: 'history:delete',
  historyClear: 'history:clear',
  subscriptionsList: 'subscriptions:list',
  subscriptionsSave: 'subscriptions:save',
  subscriptionsRemove: 'subscriptions:remove',
  subscriptionsTest: 'subscriptions:test',
  credentialsSet: 'credentials:set',
  credentialsClear: 'credentials:clear',
  settingsGet: 'settings:get',
  settingsUpdate: 'settings:update',
  connectionsList: 'connections:list',
  messagesRunAction: 'messages:run-action',
  attachmentsPreview: 'attachments:preview',
  linksOpen: 'links:open',
  noticesList: 'notices:list',
  noticesDismiss: 'notices:dismiss',
} as const satisfies Readonly<Record<string, string>>;

/** Push channels: main sends them with webContents.send, the preload turns them into onX listeners. */
export const ipcEvents = {
  messagesReceived: 'messages:received',
  connectionsChanged: 'connections:changed',
  settingsChanged: 'settings:changed',
  windowShowMessage: 'window:show-message',
  noticesChanged: 'notices:changed',
} as const satisfies Readonly<Record<string, string>>;

export type IpcChannel = (typeof ipcChannels)[keyof typeof ipcChannels];
export type IpcEvent = (typeof ipcEvents)[keyof typeof ipcEvents];

// ---- results -------------------------------------------------------------------------------------------------

export type BridgeErrorCode =
  'invalid-argument' | 'not-found' | 'keychain-unavailable' | 'validation-failed' | 'refused-url' | 'internal';

export interface BridgeError {
  readonly code: BridgeErrorCode;
  /** Readable, never containing a secret. */
  readonly message: string;
  /** For `validation-failed`: field path → problem, e.g. `topic` → `must match [-_A-Za-z0-9]{1,64}`. */
  readonly fields?: Readonly<Record<string, string>>;
}

export type BridgeResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: BridgeError };

// ---- messages ------------------------------------------------------------------------------------------------

export type PriorityDto = 1 | 2 | 3 | 4 | 5;

export interface MessageActionDto {
  readonly kind: 'view' | 'http' | 'copy' | 'broadcast';
  readonly label: string;
  readonly url?: string;
  readonly clear: boolean;
}

export interface AttachmentDto {
  readonly name: string;
  readonly url: string;
  readonly type?: string;
  readonly size?: number;
  /** Unix seconds. */
  readonly expires?: number;
}

/** A stored message as the window shows it. Every string is untrusted text: render it as text, never as HTML. */
export interface MessageDto {
  readonly server: string;
  readonly id: string;
  readonly topic: string;
  /** Unix seconds. */
  readonly time: number;
  readonly title?: string;
  readonly message: string;
  readonly priority: PriorityDto;
  readonly tags: readonly string[];
  /** The tags split as ntfy's own clients show them: emoji for gemoji short names, the rest as labels. */
  readonly tagEmoji: readonly string[];
  readonly tagLabels: readonly string[];
  readonly click?: string;
  readonly icon?: string;
  readonly actions: readonly MessageActionDto[];
  readonly attachment?: AttachmentDto;
  /** `text/markdown` when the body is markdown (render it sanitized). */
  readonly contentType?: string;
  readonly encoding?: string;
  readonly read: boolean;
  /** Milliseconds since the epoch. */
  readonly receivedAt: number;
}

export interface SubscriptionRefDto {
  readonly server: string;
  readonly topic: string;
}

export interface MessageRefDto {
  readonly server: string;
  readonly id: string;
}

/** Keyset pagination: where the next page starts (opaque to the renderer). */
export interface PageCursorDto {
  readonly time: number;
  readonly rowid: number;
}

export interface MessageQuery {
  readonly subscription?: SubscriptionRefDto;
  readonly minPriority?: PriorityDto;
  readonly unreadOnly?: boolean;
  readonly limit?: number;
  readonly before?: PageCursorDto;
}

export interface MessagePageDto {
  readonly messages: readonly MessageDto[];
  readonly next?: PageCursorDto;
}

export interface TextSegmentDto {
  readonly text: string;
  readonly match: boolean;
}

export interface SearchQuery {
  readonly text: string;
  readonly subscription?: SubscriptionRefDto;
  readonly minPriority?: PriorityDto;
  readonly unreadOnly?: boolean;
  readonly limit?: number;
}

export interface SearchHitDto {
  readonly message: MessageDto;
  /** Plain-text runs; show `match` ones highlighted. */
  readonly titleSegments: readonly TextSegmentDto[];
  readonly messageSegments: readonly TextSegmentDto[];
}

export interface UnreadCountDto extends SubscriptionRefDto {
  readonly unread: number;
}

// ---- subscriptions, credentials, connections ------------------------------------------------------------------

export type TransportDto = 'json' | 'sse' | 'ws' | 'raw';

export interface FiltersDto {
  readonly id?: string;
  readonly message?: string;
  readonly title?: string;
  readonly priority?: readonly string[];
  readonly tags?: readonly string[];
}

export type AuthKindDto = 'none' | 'basic' | 'token';

export interface SubscriptionDto {
  readonly id: string;
  readonly server: string;
  readonly topic: string;
  readonly displayName?: string;
  readonly transport: TransportDto;
  readonly filters: FiltersDto;
  readonly muted: boolean;
  readonly minPriority: PriorityDto;
  readonly auth: AuthKindDto;
  readonly user?: string;
  /** Whether a password or token is stored in the keychain; the secret itself never crosses the bridge. */
  readonly hasCredentials: boolean;
}

/** What the editor saves; `id` absent for a new subscription. */
export interface SubscriptionInput {
  readonly id?: string;
  readonly server: string;
  readonly topic: string;
  readonly displayName?: string;
  readonly transport?: TransportDto;
  readonly filters?: FiltersDto;
  readonly muted?: boolean;
  readonly minPriority?: PriorityDto;
}

/** Write-only: the renderer hands a secret to main, which puts it in the keychain. */
export type CredentialsInput =
  | { readonly server: string; readonly kind: 'basic'; readonly user: string; readonly password: string }
  | { readonly server: string; readonly kind: 'token'; readonly token: string };

export type SubscriptionTestOutcome = 'ok' | 'wrong-credentials' | 'no-permission' | 'unreachable';

export interface SubscriptionTestResult {
  readonly outcome: SubscriptionTestOutcome;
  readonly detail: string;
}

export type ConnectionStateDto =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'open' }
  | { readonly kind: 'backoff'; readonly nextAttemptAt: number; readonly reason: string }
  | { readonly kind: 'auth-failed'; readonly message: string }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'stopped' };

export interface ConnectionDto {
  readonly server: string;
  readonly topics: readonly string[];
  readonly forbiddenTopics: readonly string[];
  readonly transport: TransportDto;
  readonly state: ConnectionStateDto;
}

// ---- settings --------------------------------------------------------------------------------------------------

export type ThemeDto = 'system' | 'light' | 'dark';

export interface PreferencesDto {
  readonly notificationsEnabled: boolean;
  readonly quietHours: {
    readonly enabled: boolean;
    readonly start: string;
    readonly end: string;
    readonly urgentBreaksThrough: boolean;
  };
  readonly sounds: boolean;
  /** Global floor for popups (messages below it are still stored). */
  readonly minPriority: PriorityDto;
  readonly startAtLogin: boolean;
  readonly theme: ThemeDto;
  readonly historyRetention: { readonly maxAgeDays: number; readonly maxPerSubscription: number };
  readonly keepaliveTimeoutSeconds: number;
}

export interface SettingsDto {
  readonly defaultServer: string;
  readonly preferences: PreferencesDto;
  /** Milliseconds since the epoch; Infinity is sent as null ("until resumed"); absent when not paused. */
  readonly pausedUntil?: number | null;
}

export interface SettingsPatchDto {
  readonly defaultServer?: string;
  readonly preferences?: Partial<Omit<PreferencesDto, 'quietHours' | 'historyRetention'>> & {
    readonly quietHours?: Partial<PreferencesDto['quietHours']>;
    readonly historyRetention?: Partial<PreferencesDto['historyRetention']>;
  };
  /** Minutes, or `until-resumed`, or null to resume. */
  readonly pause?: number | 'until-resumed' | null;
}

/** An image attachment fetched by main (same cache, type check and size cap as the notifications). */
export interface AttachmentPreviewDto {
  /** A `data:image/…;base64,` URL: the page never loads a remote image itself. */
  readonly dataUrl: string;
  readonly bytes: number;
}

export type ActionOutcomeDto =
  | { readonly kind: 'opened'; readonly url: string }
  | { readonly kind: 'copied' }
  | { readonly kind: 'http'; readonly ok: boolean; readonly status?: number; readonly message: string };

// ---- desktop notices ------------------------------------------------------------------------------------------

/**
 * What the desktop is not doing for the app, said in the window: `tray-host-missing` (Linux without a
 * StatusNotifier host: no tray icon, so closing the window minimizes it) and `notifications-refused` (the system's
 * notification center refused a popup).
 */
export type DesktopNoticeIdDto = 'tray-host-missing' | 'notifications-refused';

export interface DesktopNoticeDto {
  readonly id: DesktopNoticeIdDto;
  /** Plain text, one or two sentences: what is wrong and what the user can do. */
  readonly text: string;
  /** Dismissed notices never come back (kept across restarts); the others go away when their cause does. */
  readonly dismissible: boolean;
}

// ---- the bridge ----------------------------------------------------------------------------------------------

export type Unsubscribe = () => void;

/** What the renderer can do through window.ntfy; the preload implements it as `const api: BridgeApi = …`. */
export interface BridgeApi {
  readonly contractVersion: typeof BRIDGE_CONTRACT_VERSION;

  listMessages(query: MessageQuery): Promise<BridgeResult<MessagePageDto>>;
  searchMessages(query: SearchQuery): Promise<BridgeResult<readonly SearchHitDto[]>>;
  unreadCounts(): Promise<BridgeResult<readonly UnreadCountDto[]>>;
  markRead(ref: MessageRefDto, read: boolean): Promise<BridgeResult<null>>;
  markAllRead(subscription: SubscriptionRefDto): Promise<BridgeResult<number>>;
  deleteMessage(ref: MessageRefDto): Promise<BridgeResult<null>>;
  clearSubscription(subscription: SubscriptionRefDto): Promise<BridgeResult<number>>;

  listSubscriptions(): Promise<BridgeResult<readonly SubscriptionDto[]>>;
  saveSubscription(input: SubscriptionInput): Promise<BridgeResult<SubscriptionDto>>;
  removeSubscription(id: string, options: { readonly deleteHistory: boolean }): Promise<BridgeResult<null>>;
  testSubscription(input: SubscriptionInput): Promise<BridgeResult<SubscriptionTestResult>>;
  setCredentials(input: CredentialsInput): Promise<BridgeResult<null>>;
  clearCredentials(server: string): Promise<BridgeResult<null>>;

  getSettings(): Promise<BridgeResult<SettingsDto>>;
  updateSettings(patch: SettingsPatchDto): Promise<BridgeResult<SettingsDto>>;
  listConnections(): Promise<BridgeResult<readonly ConnectionDto[]>>;

  /** Runs action `index` of a stored message in main (same allowlist and behaviour as the notifications). */
  runAction(ref: MessageRefDto, index: number): Promise<BridgeResult<ActionOutcomeDto>>;
  /**
   * The image attachment of a stored message as a data URL; null when it has none, it is not an image, it expired,
   * or it cannot be fetched (then show its name, size and a link instead).
   */
  attachmentPreview(ref: MessageRefDto): Promise<BridgeResult<AttachmentPreviewDto | null>>;
  /** Opens a link from a message through the URL allowlist. */
  openLink(url: string): Promise<BridgeResult<null>>;
  /** What the desktop is not doing for the app (no tray, refused notifications); empty when all is well. */
  listNotices(): Promise<BridgeResult<readonly DesktopNoticeDto[]>>;
  /** Hides a dismissible notice for good; `not-found` for one that is not dismissible. */
  dismissNotice(id: DesktopNoticeIdDto): Promise<BridgeResult<null>>;

  onMessagesReceived(listener: (messages: readonly MessageDto[]) => void): Unsubscribe;
  onConnectionsChanged(listener: (connections: readonly ConnectionDto[]) => void): Unsubscribe;
  onSettingsChanged(listener: (settings: SettingsDto) => void): Unsubscribe;
  /** A notification click asked the window to show this message. */
  onShowMessage(listener: (ref: MessageRefDto) => void): Unsubscribe;
  /** The list of notices changed (the full list, as listNotices answers). */
  onNoticesChanged(listener: (notices: readonly DesktopNoticeDto[]) => void): Unsubscribe;
}

/** The request argument lists per channel, so the preload and the main handlers stay in step. */
export interface IpcRequests {
  'history:list': [query: MessageQuery];
  'history:search': [query: SearchQuery];
  'history:unread-counts': [];
  'history:mark-read': [ref: MessageRefDto, read: boolean];
  'history:mark-all-read': [subscription: SubscriptionRefDto];
  'history:delete': [ref: MessageRefDto];
  'history:clear': [subscription: SubscriptionRefDto];
  'subscriptions:list': [];
  'subscriptions:save': [input: SubscriptionInput];
  'subscriptions:remove': [id: string, options: { readonly deleteHistory: boolean }];
  'subscriptions:test': [input: SubscriptionInput];
  'credentials:set': [input: CredentialsInput];
  'credentials:clear': [server: string];
  'settings:get': [];
  'settings:update': [patch: SettingsPatchDto];
  'connections:list': [];
  'messages:run-action': [ref: MessageRefDto, index: number];
  'attachments:preview': [ref: MessageRefDto];
  'links:open': [url: string];
  'notices:list': [];
  'notices:dismiss': [id: DesktopNoticeIdDto];
}

/** The value of a successful answer per channel (every answer is a BridgeResult of it). */
export interface IpcResponses {
  'history:list': MessagePageDto;
  'history:search': readonly SearchHitDto[];
  'history:unread-counts': readonly UnreadCountDto[];
  'history:mark-read': null;
  'history:mark-all-read': number;
  'history:delete': null;
  'history:clear': number;
  'subscriptions:list': readonly SubscriptionDto[];
  'subscriptions:save': SubscriptionDto;
  'subscriptions:remove': null;
  'subscriptions:test': SubscriptionTestResult;
  'credentials:set': null;
  'credentials:clear': null;
  'settings:get': SettingsDto;
  'settings:update': SettingsDto;
  'connections:list': readonly ConnectionDto[];
  'messages:run-action': ActionOutcomeDto;
  'attachments:preview': AttachmentPreviewDto | null;
  'links:open': null;
  'notices:list': readonly DesktopNoticeDto[];
  'notices:dismiss': null;
}

/** The payload per push channel. */
export interface IpcEventPayloads {
  'messages:received': readonly MessageDto[];
  'connections:changed': readonly ConnectionDto[];
  'settings:changed': SettingsDto;
  'window:show-message': MessageRefDto;
  'notices:changed': readonly DesktopNoticeDto[];
}

/** Compile-time check: every request channel has an argument list, and every argument list a channel. */
export type IpcRequestsCoverChannels = [
  Exclude<IpcChannel, keyof IpcRequests>,
  Exclude<keyof IpcRequests, IpcChannel>,
] extends [never, never]
  ? true
  : never;
export const ipcRequestsCoverChannels: IpcRequestsCoverChannels = true;

/** How a transport carries requests and events; the preload (IPC) and the dev:web bridge (WebSocket) each give one. */
export interface BridgeTransport {
  readonly invoke: <C extends IpcChannel>(
    channel: C,
    ...args: IpcRequests[C]
  ) => Promise<BridgeResult<IpcResponses[C]>>;
  readonly listen: <E extends IpcEvent>(event: E, listener: (payload: IpcEventPayloads[E]) => void) => Unsubscribe;
}

/**
 * The one mapping from BridgeApi methods to channels, shared by every transport so they cannot drift. Pure: no
 * runtime dependency, so it stays usable in the sandboxed preload and in the browser.
 */
export function createBridgeApi(transport: BridgeTransport): BridgeApi {
  const { invoke, listen } = transport;
  const c = ipcChannels;
  const e = ipcEvents;
  return {
    contractVersion: BRIDGE_CONTRACT_VERSION,
    listMessages: (query) => invoke(c.historyList, query),
    searchMessages: (query) => invoke(c.historySearch, query),
    unreadCounts: () => invoke(c.historyUnreadCounts),
    markRead: (ref, read) => invoke(c.historyMarkRead, ref, read),
    markAllRead: (subscription) => invoke(c.historyMarkAllRead, subscription),
    deleteMessage: (ref) => invoke(c.historyDelete, ref),
    clearSubscription: (subscription) => invoke(c.historyClear, subscription),
    listSubscriptions: () => invoke(c.subscriptionsList),
    saveSubscription: (input) => invoke(c.subscriptionsSave, input),
    removeSubscription: (id, options) => invoke(c.subscriptionsRemove, id, options),
    testSubscription: (input) => invoke(c.subscriptionsTest, input),
    setCredentials: (input) => invoke(c.credentialsSet, input),
    clearCredentials: (server) => invoke(c.credentialsClear, server),
    getSettings: () => invoke(c.settingsGet),
    updateSettings: (patch) => invoke(c.settingsUpdate, patch),
    listConnections: () => invoke(c.connectionsList),
    runAction: (ref, index) => invoke(c.messagesRunAction, ref, index),
    attachmentPreview: (ref) => invoke(c.attachmentsPreview, ref),
    openLink: (url) => invoke(c.linksOpen, url),
    listNotices: () => invoke(c.noticesList),
    dismissNotice: (id) => invoke(c.noticesDismiss, id),
    onMessagesReceived: (listener) => listen(e.messagesReceived, listener),
    onConnectionsChanged: (listener) => listen(e.connectionsChanged, listener),
    onSettingsChanged: (listener) => listen(e.settingsChanged, listener),
    onShowMessage: (listener) => listen(e.windowShowMessage, listener),
    onNoticesChanged: (listener) => listen(e.noticesChanged, listener),
  };
}
