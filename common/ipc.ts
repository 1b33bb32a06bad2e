/**
 * The bridge between main and the window, declared once: two tables, one entry per request (`bridgeOperations`)
 * and one per push (`bridgeEvents`). Everything else is derived from them — the BridgeApi the preload exposes as
 * window.ntfy and its argument and result types, the preload's and the dev:web bridge's `createBridgeApi`, the
 * channels main handles (main/desktop/ipc.ts), the dispatcher's table of argument checks
 * (main/core/bridge/dispatch.ts, which the compiler keeps complete) and the typed `emit` that pushes events.
 *
 * Adding a request is two edits: its entry here, and its handler (the argument checks in dispatch.ts and the
 * method on the core's service; the compiler asks for both).
 *
 * Rules of the bridge: requests are `invoke`/`handle` only; every answer is a `BridgeResult` (expected failures
 * are values, never exceptions across the bridge); pushes come as events, and every `onX(listener)` returns its
 * unsubscribe function. The DTOs are in ipc-dto.ts.
 */
import type {
  AccountSignInDto,
  AccountSignInOutcomeDto,
  AccountSignOutOutcomeDto,
  AccountStatusDto,
  AccountSyncOutcomeDto,
  ActionOutcomeDto,
  AttachmentPreviewDto,
  CheckedSaveDto,
  CheckedSaveOptionsDto,
  BridgeResult,
  ClientYmlExportDto,
  ClientYmlExportOptionsDto,
  ClientYmlAcceptedDto,
  ClientYmlImportDto,
  ClientYmlPlanDto,
  CommandStateChangedDto,
  ConnectionDto,
  CredentialsInput,
  DesktopNoticeDto,
  DesktopNoticeIdDto,
  MessageDto,
  MessagePageDto,
  MessageQuery,
  MessageRefDto,
  PublishInputDto,
  PublishOutcomeDto,
  PushAppsDto,
  UploadProgressDto,
  UploadStartDto,
  UploadStartedDto,
  RunActionOptionsDto,
  SearchHitDto,
  SearchQuery,
  SettingsDto,
  SettingsPatchDto,
  ShowMessageDto,
  SubscriptionDto,
  SubscriptionInput,
  SubscriptionRefDto,
  SubscriptionTestResult,
  TestCredentialsDto,
  UnreadCountDto,
} from './ipc-dto.ts';

export type * from './ipc-dto.ts';

/** The global name the preload exposes the bridge under (window.ntfy). */
export const BRIDGE_GLOBAL_NAME = 'ntfy';

/** The largest part of an upload, bytes (`uploadChunk`): 256 KiB, about 350 000 characters as base64. */
export const UPLOAD_PART_BYTES = 256 * 1024;

/**
 * Raised whenever BridgeApi changes incompatibly, so a stale renderer can tell it is talking to another main.
 * 5: the API is derived from the tables below (the transports now carry `(channel, args)`).
 * 6: testSubscription takes the credentials to test with; reconnectServer.
 * 7: publishMessage.
 * 8: account operations.
 * 9: runAction takes `{ confirmedInternal }` and may answer `confirm`; showMessage may carry `confirmAction`.
 * 10: saveCheckedSubscription (the editor's Save checks access and stores typed credentials only when accepted).
 * 11: an `auth-failed` connection state carries its `cause` (credentials, permission, locked-out).
 * 12: planClientYml; importClientYml takes the commands the user accepted.
 * 13: stopSubscriptionCommand; commandStateChanged (was commandFailureChanged) also for `commandRuns`.
 * 14: startUpload, uploadChunk, finishUpload, cancelUpload (a local file as a message's attachment).
 * 15: listPushApps, removePushApp, pushAppsChanged (the UnifiedPush distributor's apps); `unifiedPushEnabled`.
 */
export const BRIDGE_CONTRACT_VERSION = 15;

/** Types only: the key under which an entry carries its argument list and answer (never present at run time). */
declare const entryTypes: unique symbol;

/** A request: its IPC channel (`domain:verb`) and, as types, its argument list and the value of a good answer. */
interface OperationEntry<Channel extends string, Args extends readonly unknown[], Result> {
  readonly channel: Channel;
  readonly [entryTypes]?: { readonly args: Args; readonly result: Result };
}

/** A push from main: its IPC channel and, as a type, its payload. */
interface EventEntry<Channel extends string, Payload> {
  readonly channel: Channel;
  readonly [entryTypes]?: { readonly payload: Payload };
}

/** `operation<[query: MessageQuery], MessagePageDto>()('history:list')`: curried so the channel stays a literal. */
function operation<Args extends readonly unknown[], Result>() {
  return <const Channel extends string>(channel: Channel): OperationEntry<Channel, Args, Result> => ({ channel });
}

function event<Payload>() {
  return <const Channel extends string>(channel: Channel): EventEntry<Channel, Payload> => ({ channel });
}

/** Every request the window can make; the key is the BridgeApi method. */
export const bridgeOperations = {
  listMessages: operation<[query: MessageQuery], MessagePageDto>()('history:list'),
  searchMessages: operation<[query: SearchQuery], readonly SearchHitDto[]>()('history:search'),
  unreadCounts: operation<[], readonly UnreadCountDto[]>()('history:unread-counts'),
  markRead: operation<[ref: MessageRefDto, read: boolean], null>()('history:mark-read'),
  /** Answers how many messages it marked. */
  markAllRead: operation<[subscription: SubscriptionRefDto], number>()('history:mark-all-read'),
  deleteMessage: operation<[ref: MessageRefDto], null>()('history:delete'),
  /** Answers how many messages it deleted. */
  clearSubscription: operation<[subscription: SubscriptionRefDto], number>()('history:clear'),

  listSubscriptions: operation<[], readonly SubscriptionDto[]>()('subscriptions:list'),
  saveSubscription: operation<[input: SubscriptionInput], SubscriptionDto>()('subscriptions:save'),
  removeSubscription: operation<[id: string, options: { readonly deleteHistory: boolean }], null>()(
    'subscriptions:remove',
  ),
  /** Tests with the typed credentials (never stored, never logged) or, with `{ kind: 'stored' }`, the stored ones. */
  testSubscription: operation<[input: SubscriptionInput, credentials: TestCredentialsDto], SubscriptionTestResult>()(
    'subscriptions:test',
  ),
  /**
   * The editor's Save, checked as Test checks: a new subscription (or one moved to another server or topic) and typed
   * credentials are first tried against the server; refused (401/403), or unreachable with typed credentials, it
   * answers `not-saved` and stores nothing. Accepted (or `saveAnyway`), the typed credentials go to the keychain and
   * the subscription is saved. An unreachable server without typed credentials does not stop a save.
   */
  saveCheckedSubscription: operation<
    [input: SubscriptionInput, credentials: TestCredentialsDto, options: CheckedSaveOptionsDto],
    CheckedSaveDto
  >()('subscriptions:save-checked'),
  /**
   * What importing an ntfy CLI client.yml would store (its text; `fileName` only names it in messages): each
   * entry's subscriptions and the exact command it would run. Stores nothing.
   */
  planClientYml: operation<[text: string, fileName: string], ClientYmlPlanDto>()('subscriptions:plan-client-yml'),
  /**
   * Imports an ntfy CLI client.yml: subscriptions with their `if` filters, passwords and tokens into the keychain,
   * `default-host` as the default server. A command is stored only where `accepted` names the entry and its exact
   * text (what planClientYml showed); every other entry is imported without one.
   */
  importClientYml: operation<[text: string, fileName: string, accepted: ClientYmlAcceptedDto], ClientYmlImportDto>()(
    'subscriptions:import-client-yml',
  ),
  /** Writes the subscriptions as a client.yml ntfy's CLI reads, where the user picks in a save dialog. */
  exportClientYml: operation<[options: ClientYmlExportOptionsDto], ClientYmlExportDto>()(
    'subscriptions:export-client-yml',
  ),
  /**
   * The row's Stop: ends the subscription's running command with everything it started and drops its runs waiting;
   * answers whether one was running.
   */
  stopSubscriptionCommand: operation<[id: string], boolean>()('subscriptions:stop-command'),
  /** Write-only: the secret goes to the keychain and never comes back. */
  setCredentials: operation<[input: CredentialsInput], null>()('credentials:set'),
  clearCredentials: operation<[server: string], null>()('credentials:clear'),

  getSettings: operation<[], SettingsDto>()('settings:get'),
  updateSettings: operation<[patch: SettingsPatchDto], SettingsDto>()('settings:update'),
  listConnections: operation<[], readonly ConnectionDto[]>()('connections:list'),
  /** "Retry now": that server's connections reconnect at once, their backoff starting over. */
  reconnectServer: operation<[server: string], null>()('connections:reconnect'),

  /**
   * Runs action `index` of a stored message in main (same allowlist and behaviour as the notifications). An http
   * action to an internal address (this computer, its LAN) answers `confirm` and sends nothing until asked again with
   * `confirmedInternal: true`, once the user saw method and host; main decides what is internal, not the window.
   */
  runAction: operation<[ref: MessageRefDto, index: number, options: RunActionOptionsDto], ActionOutcomeDto>()(
    'messages:run-action',
  ),
  /**
   * The image attachment of a stored message as a data URL; null when it has none, it is not an image, it expired,
   * or it cannot be fetched (then show its name, size and a link instead).
   */
  attachmentPreview: operation<[ref: MessageRefDto], AttachmentPreviewDto | null>()('attachments:preview'),
  /** Opens a link from a message through the URL allowlist. */
  openLink: operation<[url: string], null>()('links:open'),
  /** What the desktop is not doing for the app (no tray, refused notifications); empty when all is well. */
  listNotices: operation<[], readonly DesktopNoticeDto[]>()('notices:list'),
  /** Hides a dismissible notice for good; `not-found` for one that is not dismissible. */
  dismissNotice: operation<[id: DesktopNoticeIdDto], null>()('notices:dismiss'),

  /**
   * Sends a message to a topic with the credentials stored for its server. Refusals (403 read-only, 401, ntfy's
   * 400/413/429 codes) and an unreachable server are outcomes with words, not errors.
   */
  publishMessage: operation<[input: PublishInputDto], PublishOutcomeDto>()('messages:publish'),
  /**
   * A local file as a message's attachment, in parts so that memory holds one part whatever the file's size: start
   * (the server's advertised limits are checked first), each part as base64 (at most UPLOAD_PART_BYTES once decoded;
   * the same text crosses Electron's IPC and the dev:web JSON bridge), then finish for the server's answer, or cancel.
   */
  startUpload: operation<[input: UploadStartDto], UploadStartedDto>()('messages:upload-start'),
  uploadChunk: operation<[uploadId: string, base64: string], UploadProgressDto>()('messages:upload-chunk'),
  finishUpload: operation<[uploadId: string], PublishOutcomeDto>()('messages:upload-finish'),
  cancelUpload: operation<[uploadId: string], null>()('messages:upload-cancel'),

  /** The ntfy account this app syncs its subscriptions with (never a token). */
  accountStatus: operation<[], AccountStatusDto>()('account:status'),
  /** The password is used once to create a token; never stored or logged. */
  accountSignIn: operation<[input: AccountSignInDto], AccountSignInOutcomeDto>()('account:sign-in'),
  accountSignOut: operation<[], AccountSignOutOutcomeDto>()('account:sign-out'),
  accountSyncNow: operation<[], AccountSyncOutcomeDto>()('account:sync'),

  /** The apps registered with the UnifiedPush distributor (Linux; `available: false` elsewhere). */
  listPushApps: operation<[], PushAppsDto>()('unifiedpush:list'),
  /**
   * The row's Remove: the app's connector is told `Unregistered` and its endpoint's subscription stops, as when the
   * app unregisters itself; `not-found` for a token no app holds.
   */
  removePushApp: operation<[token: string], null>()('unifiedpush:remove'),
} as const;

/** Every push from main; the window listens with `on` + the capitalized key (`onMessagesReceived`). */
export const bridgeEvents = {
  messagesReceived: event<readonly MessageDto[]>()('messages:received'),
  connectionsChanged: event<readonly ConnectionDto[]>()('connections:changed'),
  settingsChanged: event<SettingsDto>()('settings:changed'),
  /**
   * A notification click asked the window to show this message; with `confirmAction`, a popup's http button whose
   * internal target needs the user's confirmation (the window shows it, nothing was sent).
   */
  showMessage: event<ShowMessageDto>()('window:show-message'),
  /** The list of notices changed (the full list, as listNotices answers). */
  noticesChanged: event<readonly DesktopNoticeDto[]>()('notices:changed'),
  /** Signed in or out, or a sync ran (its result in `lastSync`). */
  accountChanged: event<AccountStatusDto>()('account:changed'),
  /** What a subscription's row shows of its command changed (`commandFailure`, `commandRuns` in listSubscriptions). */
  commandStateChanged: event<CommandStateChangedDto>()('subscriptions:command-state-changed'),
  /** An app registered or was removed, a push message arrived, or a push connection's state changed. */
  pushAppsChanged: event<PushAppsDto>()('unifiedpush:changed'),
} as const;

// ---- derived types -------------------------------------------------------------------------------------------

type Operations = typeof bridgeOperations;
type Events = typeof bridgeEvents;
type EntryTypes<Entry> = NonNullable<Entry[typeof entryTypes & keyof Entry]>;

export type OperationName = keyof Operations;
export type OperationArgs<N extends OperationName> = EntryTypes<Operations[N]>['args'];
type OperationResult<N extends OperationName> = EntryTypes<Operations[N]>['result'];
export type OperationChannel = Operations[OperationName]['channel'];

type EventName = keyof Events;
type EventPayload<E extends EventName> = EntryTypes<Events[E]>['payload'];
export type EventChannel = Events[EventName]['channel'];

type Unsubscribe = () => void;

/** The request side of BridgeApi: what main's service implements. */
export type BridgeRequests = {
  readonly [N in OperationName]: (...args: OperationArgs<N>) => Promise<BridgeResult<OperationResult<N>>>;
};

/** The listener side of BridgeApi: `onX(listener)` per event, each returning its unsubscribe function. */
type BridgeListeners = {
  readonly [E in EventName as `on${Capitalize<E>}`]: (listener: (payload: EventPayload<E>) => void) => Unsubscribe;
};

/** What the renderer can do through window.ntfy. */
export interface BridgeApi extends BridgeRequests, BridgeListeners {
  readonly contractVersion: typeof BRIDGE_CONTRACT_VERSION;
}

// ---- derived run-time pieces -----------------------------------------------------------------------------------

const operationNames = Object.keys(bridgeOperations) as OperationName[];
const eventNames = Object.keys(bridgeEvents) as EventName[];

/** Every request channel, for the side that handles them (main registers one handler per channel). */
export const operationChannels: readonly OperationChannel[] = operationNames.map(
  (name) => bridgeOperations[name].channel,
);

const operationsByChannel = new Map<unknown, OperationName>(
  operationNames.map((name) => [bridgeOperations[name].channel, name]),
);

/** The operation a channel names, or undefined for anything else (a Map: `__proto__` names nothing). */
export function operationForChannel(channel: unknown): OperationName | undefined {
  return operationsByChannel.get(channel);
}

/**
 * How a transport carries requests and pushes; the preload (IPC) and the dev:web bridge (WebSocket) each give one.
 * Untyped on purpose: the other side answers each channel with a BridgeResult of its operation's result (main
 * checks every argument), and createBridgeApi puts the types back from the table.
 */
export interface BridgeTransport {
  readonly invoke: (channel: OperationChannel, args: readonly unknown[]) => Promise<BridgeResult<unknown>>;
  readonly listen: (channel: EventChannel, listener: (payload: unknown) => void) => Unsubscribe;
}

function listenerName(name: EventName): keyof BridgeListeners {
  return `on${name.charAt(0).toUpperCase()}${name.slice(1)}` as keyof BridgeListeners;
}

/**
 * BridgeApi over a transport: one method per operation, one `onX` per event, nothing else. Pure (no run-time
 * dependency), so it works in the sandboxed preload and in the browser.
 */
export function createBridgeApi(transport: BridgeTransport): BridgeApi {
  const api: Record<string, unknown> = { contractVersion: BRIDGE_CONTRACT_VERSION };
  for (const name of operationNames) {
    const { channel } = bridgeOperations[name];
    api[name] = (...args: readonly unknown[]) => transport.invoke(channel, args);
  }
  for (const name of eventNames) {
    const { channel } = bridgeEvents[name];
    api[listenerName(name)] = (listener: (payload: unknown) => void) => transport.listen(channel, listener);
  }
  // Built from the same keys the BridgeApi type is mapped from; test/unit/common/ipc.test.ts checks the shape.
  return api as unknown as BridgeApi;
}

/** Pushes one event to the window: typed by the table, sent on the event's channel. */
type BridgeEmit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** The one typed `emit` over a transport's untyped send (webContents.send, a WebSocket broadcast). */
export function createBridgeEmit(send: (channel: EventChannel, payload: unknown) => void): BridgeEmit {
  return (name, payload) => {
    send(bridgeEvents[name].channel, payload);
  };
}
