import type { Page } from '@playwright/test';
import {
  BRIDGE_CONTRACT_VERSION,
  BRIDGE_GLOBAL_NAME,
  type BridgeApi,
  type ConnectionDto,
  type DesktopNoticeDto,
  type MessageDto,
  type MessageQuery,
  type SearchQuery,
  type SubscriptionDto,
  type TextSegmentDto,
} from '../../../common/ipc.ts';

/** What a spec says about the app behind the stub; whatever it leaves out is empty. */
export interface StubBridgeData {
  /** The stored history, newest first. */
  readonly messages?: readonly MessageDto[];
  readonly subscriptions?: readonly SubscriptionDto[];
  readonly connections?: readonly ConnectionDto[];
  /** What listNotices answers (no tray, refused notifications, a new version). */
  readonly notices?: readonly DesktopNoticeDto[];
  /** Answer every list with all its matches and no next cursor, whatever limit it asks for. */
  readonly onePage?: boolean;
  /** The contract version the stub claims; another one plays a main the window does not fit. */
  readonly version?: number;
}

/** Everything `stubBridge` is given: plain data, since addInitScript sends its argument to the page as JSON. */
export interface StubBridgeOptions extends Required<StubBridgeData> {
  /** The global the preload defines (BRIDGE_GLOBAL_NAME). */
  readonly name: string;
}

/** What the stub leaves on globalThis for a test to read or drive through `page.evaluate`. */
export interface StubBridgeGlobals {
  listQueries: MessageQuery[];
  searchQueries: SearchQuery[];
  /** Every URL the page asked main to open (BridgeApi.openLink). */
  openedLinks: string[];
  /** Plays a live push from main: the messages go on top of the history and to every onMessagesReceived listener. */
  pushMessages: (messages: readonly MessageDto[]) => void;
}

/**
 * A stand-in preload for the page's init script: a complete, frozen BridgeApi over the given history that answers
 * keyset pages, searches (matches highlighted) and unread counts like the real one, and forgets deleted messages.
 * addInitScript sends this function to the page as source text, so it may use nothing but its argument and the
 * page's globals: no imported value, no module variable (types are fine, they are gone by then).
 */
export function stubBridge(options: StubBridgeOptions): void {
  const { name, version, subscriptions, connections, notices, onePage } = options;
  let messages = [...options.messages];
  const stub = globalThis as unknown as StubBridgeGlobals;
  stub.listQueries = [];
  stub.searchQueries = [];
  stub.openedLinks = [];
  // The real history pages by (time, rowid); here rowid follows the order the spec gave, oldest lowest.
  const rowid = new Map(messages.map((message, index) => [message.id, messages.length - index]));
  const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });
  const refused = () => Promise.resolve({ ok: false as const, error: { code: 'internal' as const, message: 'stub' } });
  const matches = (query: MessageQuery | SearchQuery, message: MessageDto) =>
    (query.subscription === undefined ||
      (query.subscription.server === message.server && query.subscription.topic === message.topic)) &&
    (query.unreadOnly !== true || !message.read);
  const segments = (text: string, needle: string): TextSegmentDto[] => {
    const at = text.toLowerCase().indexOf(needle);
    if (at < 0) return [{ text, match: false }];
    return [
      { text: text.slice(0, at), match: false },
      { text: text.slice(at, at + needle.length), match: true },
      { text: text.slice(at + needle.length), match: false },
    ].filter((segment) => segment.text !== '');
  };
  const listeners = new Set<(messages: readonly MessageDto[]) => void>();
  stub.pushMessages = (pushed) => {
    messages = [...pushed, ...messages];
    for (const listener of listeners) listener(pushed);
  };
  const api: BridgeApi = {
    contractVersion: version as typeof BRIDGE_CONTRACT_VERSION,
    listMessages: (query) => {
      stub.listQueries.push(query);
      const before = query.before;
      const all = messages.filter(
        (message) =>
          matches(query, message) &&
          (before === undefined ||
            message.time < before.time ||
            (message.time === before.time && (rowid.get(message.id) ?? 0) < before.rowid)),
      );
      const page = onePage ? all : all.slice(0, query.limit ?? 100);
      const last = page.at(-1);
      const more = all.length > page.length && last !== undefined;
      return ok({ messages: page, ...(more ? { next: { time: last.time, rowid: rowid.get(last.id) ?? 0 } } : {}) });
    },
    searchMessages: (query) => {
      stub.searchQueries.push(query);
      const needle = query.text.toLowerCase();
      const hits = messages
        .filter((m) => matches(query, m) && `${m.title ?? ''}\n${m.message}`.toLowerCase().includes(needle))
        .slice(0, query.limit ?? 100)
        .map((message) => ({
          message,
          titleSegments: segments(message.title ?? '', needle),
          messageSegments: segments(message.message, needle),
        }));
      return ok(hits);
    },
    unreadCounts: () =>
      ok(
        subscriptions.map(({ server, topic }) => ({
          server,
          topic,
          unread: messages.filter((m) => m.server === server && m.topic === topic && !m.read).length,
        })),
      ),
    markRead: () => ok(null),
    markAllRead: () => ok(0),
    deleteMessage: (ref) => {
      messages = messages.filter((message) => message.id !== ref.id);
      return ok(null);
    },
    clearSubscription: () => ok(0),
    listSubscriptions: () => ok(subscriptions),
    saveSubscription: refused,
    saveCheckedSubscription: refused,
    removeSubscription: () => ok(null),
    stopSubscriptionCommand: () => ok(false),
    testSubscription: () => ok({ outcome: 'ok' as const, detail: 'stub' }),
    setCredentials: () => ok(null),
    clearCredentials: () => ok(null),
    getSettings: refused,
    reconnectServer: () => ok(null),
    updateSettings: refused,
    listConnections: () => ok(connections),
    runAction: () => ok({ kind: 'copied' as const }),
    attachmentPreview: () => ok(null),
    openLink: (url) => {
      stub.openedLinks.push(url);
      return ok(null);
    },
    listNotices: () => ok(notices),
    dismissNotice: () => ok(null),
    listPushApps: () => ok({ available: false, apps: [] }),
    removePushApp: () => ok(null),
    publishMessage: () => ok({ outcome: 'sent' as const, id: 'stub', time: 0, scheduled: false }),
    startUpload: () => ok({ started: true as const, uploadId: 'stub' }),
    uploadChunk: () => ok({ sentBytes: 0, answered: false }),
    finishUpload: () => ok({ outcome: 'sent' as const, id: 'stub', time: 0, scheduled: false }),
    cancelUpload: () => ok(null),
    accountStatus: () => ok({ signedIn: false as const }),
    accountSignIn: () => ok({ ok: false as const, error: 'stub' }),
    accountSignOut: () => ok({ ok: false as const, error: 'stub' }),
    accountSyncNow: () => ok({ ok: false as const, reason: 'signed-out' as const, message: 'stub' }),
    onMessagesReceived: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onConnectionsChanged: () => () => undefined,
    onSettingsChanged: () => () => undefined,
    onShowMessage: () => () => undefined,
    onNoticesChanged: () => () => undefined,
    onPushAppsChanged: () => () => undefined,
    onAccountChanged: () => () => undefined,
    onCommandStateChanged: () => () => undefined,
    planClientYml: refused,
    importClientYml: refused,
    exportClientYml: refused,
  };
  Object.defineProperty(globalThis, name, { value: Object.freeze(api), enumerable: true });
}

/** Defines the stub bridge under the preload's name before any of the page's own scripts run. */
export async function exposeStubBridge(page: Page, data: StubBridgeData = {}): Promise<void> {
  const options: StubBridgeOptions = {
    name: BRIDGE_GLOBAL_NAME,
    version: BRIDGE_CONTRACT_VERSION,
    messages: [],
    subscriptions: [],
    connections: [],
    notices: [],
    onePage: false,
    ...data,
  };
  await page.addInitScript(stubBridge, options);
}
