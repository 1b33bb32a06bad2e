/**
 * Runs sandboxed before the renderer page, in its own JS world: it may only require('electron'), so the build
 * bundles it into one CommonJS file (dist/preload/index.cjs). Exposes exactly BridgeApi and nothing of Electron:
 * no ipcRenderer, no event objects, only plain data in and out.
 */
import { contextBridge, ipcRenderer } from 'electron';
import {
  BRIDGE_CONTRACT_VERSION,
  BRIDGE_GLOBAL_NAME,
  type BridgeApi,
  type BridgeResult,
  type IpcChannel,
  type IpcEvent,
  type IpcEventPayloads,
  type IpcRequests,
  type IpcResponses,
  ipcChannels as c,
  ipcEvents as e,
  type Unsubscribe,
} from './contract.ts';

/** Main answers every channel with a BridgeResult (main/desktop/ipc.ts); the cast is the one untyped seam. */
function invoke<C extends IpcChannel>(channel: C, ...args: IpcRequests[C]): Promise<BridgeResult<IpcResponses[C]>> {
  return ipcRenderer.invoke(channel, ...args) as Promise<BridgeResult<IpcResponses[C]>>;
}

function listen<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayloads[E]) => void): Unsubscribe {
  // The Electron event object stays here: the page only ever sees the payload.
  const handler = (_event: unknown, payload: IpcEventPayloads[E]): void => {
    listener(payload);
  };
  ipcRenderer.on(event, handler);
  return () => {
    ipcRenderer.removeListener(event, handler);
  };
}

const api: BridgeApi = {
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
  openLink: (url) => invoke(c.linksOpen, url),
  onMessagesReceived: (listener) => listen(e.messagesReceived, listener),
  onConnectionsChanged: (listener) => listen(e.connectionsChanged, listener),
  onSettingsChanged: (listener) => listen(e.settingsChanged, listener),
  onShowMessage: (listener) => listen(e.windowShowMessage, listener),
};

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL_NAME, api);
