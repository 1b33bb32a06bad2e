import { describe, expect, it } from 'vitest';
import {
  type BridgeRequests,
  type BridgeResult,
  bridgeOperations,
  type OperationArgs,
  type OperationName,
} from '../../../../common/ipc.ts';
import { dispatchRequest } from '../../../../main/core/bridge/dispatch.ts';
import { DESKTOP_NOTICE_IDS } from '../../../../main/core/notices/desktop-notices.ts';
import { createRecordingLogger } from '../../../fakes/logger.ts';

const ref = { server: 'https://ntfy.example', id: 'm1' };
const subscription = { server: 'https://ntfy.example', topic: 'alerts' };

/** Well-formed arguments for every operation (typed by the table, so a new operation must be added here). */
const VALID_ARGS: { readonly [N in OperationName]: OperationArgs<N> } = {
  listMessages: [{ limit: 10 }],
  searchMessages: [{ text: 'disk' }],
  unreadCounts: [],
  markRead: [ref, true],
  markAllRead: [subscription],
  deleteMessage: [ref],
  clearSubscription: [subscription],
  listSubscriptions: [],
  saveSubscription: [subscription],
  saveCheckedSubscription: [subscription, { kind: 'basic', user: 'phil', password: 'secret' }, { saveAnyway: false }],
  removeSubscription: ['sub-1', { deleteHistory: false }],
  stopSubscriptionCommand: ['sub-1'],
  testSubscription: [subscription, { kind: 'stored' }],
  setCredentials: [{ server: 'https://ntfy.example', kind: 'token', token: 'tk_secret' }],
  clearCredentials: ['https://ntfy.example'],
  planClientYml: ['subscribe:\n  - topic: alerts\n', 'client.yml'],
  importClientYml: ['subscribe:\n  - topic: alerts\n', 'client.yml', { commands: [{ entry: 1, command: 'echo hi' }] }],
  exportClientYml: [{ includeSecrets: false }],
  getSettings: [],
  updateSettings: [{ pause: 30 }],
  listConnections: [],
  reconnectServer: ['https://ntfy.example'],
  runAction: [ref, 1, { confirmedInternal: false }],
  attachmentPreview: [ref],
  openLink: ['https://ntfy.sh/docs'],
  listNotices: [],
  dismissNotice: ['tray-host-missing'],
  publishMessage: [{ server: 'https://ntfy.example', topic: 'alerts', message: 'hi' }],
  startUpload: [{ server: 'https://ntfy.example', topic: 'alerts', filename: 'a.txt', size: 3 }],
  uploadChunk: ['upload-1', 'aGk='],
  finishUpload: ['upload-1'],
  cancelUpload: ['upload-1'],
  accountStatus: [],
  accountSignIn: [{ server: 'https://ntfy.example', user: 'phil', password: 'secret' }],
  accountSignOut: [],
  accountSyncNow: [],
  listPushApps: [],
  removePushApp: ['unifiedpush-token-1'],
};

const operations = Object.entries(bridgeOperations).map(([name, { channel }]) => {
  const args: readonly unknown[] = VALID_ARGS[name as OperationName];
  return { name, channel, args };
});

interface Call {
  readonly method: string;
  readonly args: readonly unknown[];
}

/** A service whose every method records its call and answers its own name; `fail` makes them throw instead. */
function recordingService(fail?: Error): { service: BridgeRequests; calls: Call[] } {
  const calls: Call[] = [];
  const service = new Proxy({} as BridgeRequests, {
    get:
      (_target, method) =>
      (...args: unknown[]): Promise<BridgeResult<unknown>> => {
        calls.push({ method: String(method), args });
        if (fail !== undefined) return Promise.reject(fail);
        return Promise.resolve({ ok: true, value: String(method) });
      },
  });
  return { service, calls };
}

describe('dispatchRequest (every transport calls it; derived from the IPC table)', () => {
  it.each(operations)('$channel calls the service method $name with the checked arguments', async (operation) => {
    const { service, calls } = recordingService();
    const result = await dispatchRequest(service, operation.channel, operation.args, createRecordingLogger());
    expect(result).toEqual({ ok: true, value: operation.name });
    expect(calls).toEqual([{ method: operation.name, args: operation.args }]);
  });

  it.each(operations)(
    '$channel refuses one argument too many or too few before the service runs',
    async (operation) => {
      const { service, calls } = recordingService();
      const log = createRecordingLogger();
      const more = await dispatchRequest(service, operation.channel, [...operation.args, 'extra'], log);
      expect(more).toMatchObject({
        ok: false,
        error: {
          code: 'invalid-argument',
          fields: { arguments: `arguments: expected ${operation.args.length}, got ${operation.args.length + 1}` },
        },
      });
      if (operation.args.length > 0) {
        const fewer = await dispatchRequest(service, operation.channel, operation.args.slice(1), log);
        expect(fewer).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
      }
      expect(calls).toEqual([]);
    },
  );

  it('checks each argument in its position and names the field', async () => {
    const { service, calls } = recordingService();
    const log = createRecordingLogger();
    const cases: [string, unknown[], string, string][] = [
      ['history:mark-read', [ref, 'yes'], 'read', 'must be true or false'],
      ['messages:run-action', [ref, 11, { confirmedInternal: false }], 'index', 'must be a whole number from 0 to 10'],
      [
        'messages:run-action',
        [ref, 1, { confirmedInternal: 'yes' }],
        'options.confirmedInternal',
        'must be true or false',
      ],
      ['messages:run-action', [ref, 1, {}], 'options.confirmedInternal', 'must be true or false'],
      ['subscriptions:remove', ['x'.repeat(65), { deleteHistory: true }], 'id', 'is too long'],
      ['subscriptions:remove', ['sub-1', {}], 'options.deleteHistory', 'must be true or false'],
      ['unifiedpush:remove', ['x'.repeat(101)], 'token', 'is too long'],
      ['unifiedpush:remove', [42], 'token', 'must be a string'],
      ['notices:dismiss', ['everything'], 'id', `must be one of ${DESKTOP_NOTICE_IDS.join(', ')}`],
      ['subscriptions:test', [subscription, 'stored'], 'credentials', 'must be an object'],
      ['subscriptions:test', [subscription, ['stored']], 'credentials', 'must be an object'],
      ['subscriptions:test', [subscription, new Date(0)], 'credentials', 'must be an object'],
      [
        'subscriptions:test',
        [subscription, Object.create({ kind: 'token', token: 'inherited' }) as object],
        'credentials',
        'must be an object',
      ],
      [
        'subscriptions:test',
        [subscription, { kind: 'oauth' }],
        'credentials.kind',
        'must be stored, none, basic or token',
      ],
      ['subscriptions:test', [subscription, { kind: 'none', token: 't' }], 'credentials.token', 'is not expected'],
      [
        'subscriptions:save-checked',
        [subscription, { kind: 'basic', user: 'phil', password: '' }, { saveAnyway: false }],
        'credentials.password',
        'must not be empty',
      ],
      [
        'subscriptions:save-checked',
        [subscription, { kind: 'stored' }, {}],
        'options.saveAnyway',
        'must be true or false',
      ],
      [
        'subscriptions:save-checked',
        [subscription, { kind: 'stored' }, { saveAnyway: true, check: false }],
        'options.check',
        'is not expected',
      ],
    ];
    for (const [channel, args, field, problem] of cases) {
      const message = `${field}: ${problem}`;
      expect(await dispatchRequest(service, channel, args, log), channel).toEqual({
        ok: false,
        error: { code: 'invalid-argument', message, fields: { [field]: message } },
      });
    }
    expect(calls).toEqual([]);
  });

  it.each(['shell:exec', '__proto__', 'constructor', 'listMessages', 42, undefined])(
    'refuses the unknown channel %j without calling the service',
    async (channel) => {
      const { service, calls } = recordingService();
      expect(await dispatchRequest(service, channel, [], createRecordingLogger())).toEqual({
        ok: false,
        error: { code: 'invalid-argument', message: 'unknown channel' },
      });
      expect(calls).toEqual([]);
    },
  );

  it('answers internal for a failing service and logs the operation, never the arguments', async () => {
    const { service } = recordingService(new Error('database is locked'));
    const log = createRecordingLogger();
    const result = await dispatchRequest(service, 'credentials:set', VALID_ARGS.setCredentials, log);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(log.entries).toEqual([
      expect.objectContaining({
        level: 'error',
        fields: { operation: 'setCredentials', error: 'database is locked' },
      }),
    ]);
    expect(JSON.stringify(log.entries)).not.toContain('tk_secret');
  });
});
