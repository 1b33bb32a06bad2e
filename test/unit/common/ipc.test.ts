import { describe, expect, it } from 'vitest';
import {
  BRIDGE_CONTRACT_VERSION,
  type BridgeResult,
  type BridgeTransport,
  bridgeEvents,
  bridgeOperations,
  createBridgeApi,
  createBridgeEmit,
  type EventChannel,
  operationChannels,
  operationForChannel,
  type OperationChannel,
} from '../../../common/ipc.ts';

/** The wire names the app has always used: a renamed channel would strand a main and a page built apart. */
const EXPECTED_OPERATIONS: Readonly<Record<string, string>> = {
  listMessages: 'history:list',
  searchMessages: 'history:search',
  unreadCounts: 'history:unread-counts',
  markRead: 'history:mark-read',
  markAllRead: 'history:mark-all-read',
  deleteMessage: 'history:delete',
  clearSubscription: 'history:clear',
  listSubscriptions: 'subscriptions:list',
  saveSubscription: 'subscriptions:save',
  saveCheckedSubscription: 'subscriptions:save-checked',
  removeSubscription: 'subscriptions:remove',
  stopSubscriptionCommand: 'subscriptions:stop-command',
  testSubscription: 'subscriptions:test',
  setCredentials: 'credentials:set',
  clearCredentials: 'credentials:clear',
  planClientYml: 'subscriptions:plan-client-yml',
  importClientYml: 'subscriptions:import-client-yml',
  exportClientYml: 'subscriptions:export-client-yml',
  getSettings: 'settings:get',
  updateSettings: 'settings:update',
  listConnections: 'connections:list',
  reconnectServer: 'connections:reconnect',
  runAction: 'messages:run-action',
  attachmentPreview: 'attachments:preview',
  openLink: 'links:open',
  listNotices: 'notices:list',
  dismissNotice: 'notices:dismiss',
  publishMessage: 'messages:publish',
  startUpload: 'messages:upload-start',
  uploadChunk: 'messages:upload-chunk',
  finishUpload: 'messages:upload-finish',
  cancelUpload: 'messages:upload-cancel',
  accountStatus: 'account:status',
  accountSignIn: 'account:sign-in',
  accountSignOut: 'account:sign-out',
  accountSyncNow: 'account:sync',
  listPushApps: 'unifiedpush:list',
  removePushApp: 'unifiedpush:remove',
};

const EXPECTED_LISTENERS: Readonly<Record<string, string>> = {
  onMessagesReceived: 'messages:received',
  onConnectionsChanged: 'connections:changed',
  onSettingsChanged: 'settings:changed',
  onShowMessage: 'window:show-message',
  onNoticesChanged: 'notices:changed',
  onAccountChanged: 'account:changed',
  onCommandStateChanged: 'subscriptions:command-state-changed',
  onPushAppsChanged: 'unifiedpush:changed',
};

interface Recorded {
  readonly invoked: { channel: OperationChannel; args: readonly unknown[] }[];
  readonly listeners: Map<EventChannel, Set<(payload: unknown) => void>>;
  readonly transport: BridgeTransport;
}

function recordingTransport(): Recorded {
  const invoked: Recorded['invoked'] = [];
  const listeners: Recorded['listeners'] = new Map();
  return {
    invoked,
    listeners,
    transport: {
      invoke: (channel, args) => {
        invoked.push({ channel, args });
        const answer: BridgeResult<unknown> = { ok: true, value: channel };
        return Promise.resolve(answer);
      },
      listen: (channel, listener) => {
        const set = listeners.get(channel) ?? new Set();
        set.add(listener);
        listeners.set(channel, set);
        return () => set.delete(listener);
      },
    },
  };
}

describe('createBridgeApi (the API every transport exposes, derived from the tables)', () => {
  it('has the contract version, one method per operation and one onX per event, nothing else', () => {
    const api = createBridgeApi(recordingTransport().transport);
    expect(api.contractVersion).toBe(BRIDGE_CONTRACT_VERSION);
    expect(Object.keys(api).sort()).toEqual(
      ['contractVersion', ...Object.keys(EXPECTED_OPERATIONS), ...Object.keys(EXPECTED_LISTENERS)].sort(),
    );
  });

  it.each(Object.entries(EXPECTED_OPERATIONS))(
    '%s sends its arguments on %s and answers what came back',
    async (name, channel) => {
      const recorded = recordingTransport();
      const api = createBridgeApi(recorded.transport) as unknown as Record<
        string,
        (...args: unknown[]) => Promise<BridgeResult<unknown>>
      >;
      const method = api[name];
      expect(method).toBeTypeOf('function');
      expect(await method?.('first', { second: 2 })).toEqual({ ok: true, value: channel });
      expect(recorded.invoked).toEqual([{ channel, args: ['first', { second: 2 }] }]);
    },
  );

  it.each(Object.entries(EXPECTED_LISTENERS))('%s listens on %s and unsubscribes', (name, channel) => {
    const recorded = recordingTransport();
    const api = createBridgeApi(recorded.transport) as unknown as Record<
      string,
      (listener: (payload: unknown) => void) => () => void
    >;
    const received: unknown[] = [];
    const unsubscribe = api[name]?.((payload) => received.push(payload));
    for (const listener of recorded.listeners.get(channel as EventChannel) ?? []) listener('pushed');
    expect(received).toEqual(['pushed']);
    unsubscribe?.();
    expect(recorded.listeners.get(channel as EventChannel)?.size).toBe(0);
  });
});

describe('createBridgeEmit (the one typed push)', () => {
  it('sends each event on its channel with its payload', () => {
    const sent: [EventChannel, unknown][] = [];
    const emit = createBridgeEmit((channel, payload) => sent.push([channel, payload]));
    emit('showMessage', { server: 'https://ntfy.sh', id: 'abc' });
    emit('messagesReceived', []);
    emit('noticesChanged', []);
    expect(sent).toEqual([
      ['window:show-message', { server: 'https://ntfy.sh', id: 'abc' }],
      ['messages:received', []],
      ['notices:changed', []],
    ]);
  });

  it('covers every listener of the API', () => {
    expect(
      Object.fromEntries(
        Object.entries(bridgeEvents).map(([name, { channel }]) => [
          `on${name[0]?.toUpperCase()}${name.slice(1)}`,
          channel,
        ]),
      ),
    ).toEqual(EXPECTED_LISTENERS);
  });
});

describe('request channels', () => {
  it('lists every operation channel once', () => {
    expect([...operationChannels].sort()).toEqual(Object.values(EXPECTED_OPERATIONS).sort());
    expect(new Set(operationChannels).size).toBe(Object.keys(bridgeOperations).length);
  });

  it('finds the operation a channel names and nothing for other values', () => {
    expect(operationForChannel('history:list')).toBe('listMessages');
    expect(operationForChannel('notices:dismiss')).toBe('dismissNotice');
    for (const other of ['shell:exec', '__proto__', 'constructor', 'toString', 'listMessages', '', 42, undefined]) {
      expect(operationForChannel(other)).toBeUndefined();
    }
  });
});
