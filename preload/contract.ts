/**
 * Moved to common/ipc.ts (the bridge's tables) and common/ipc-dto.ts (its DTOs). Kept only while three files
 * outside this change still import it (renderer/history/HistoryView.tsx, main/index.ts and main/desktop/ipc.ts,
 * whose working copies already import common/ipc.ts); delete it, and `preload/contract.ts` from tsconfig.web.json,
 * when they are committed. The two hand-kept channel lists below are what the committed main/index.ts and
 * main/desktop/ipc.ts still read.
 */
import type { EventChannel, OperationChannel } from '../common/ipc.ts';

export * from '../common/ipc.ts';

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

export type IpcChannel = OperationChannel;
export type IpcEvent = EventChannel;

/** Compile-time check: the old lists name exactly the tables' channels. */
export const legacyChannelsMatchTables: [
  Exclude<OperationChannel, (typeof ipcChannels)[keyof typeof ipcChannels]>,
  Exclude<(typeof ipcChannels)[keyof typeof ipcChannels], OperationChannel>,
  Exclude<EventChannel, (typeof ipcEvents)[keyof typeof ipcEvents]>,
  Exclude<(typeof ipcEvents)[keyof typeof ipcEvents], EventChannel>,
] extends [never, never, never, never]
  ? true
  : never = true;
