/**
 * One request from any bridge transport (Electron IPC, or the dev:web WebSocket): find the operation its channel
 * names (common/ipc.ts), check every argument, call the service's method of that name, and always answer a
 * BridgeResult — an unknown channel or a bad argument is `invalid-argument`, a bug is `internal` (logged here,
 * never with the arguments, which may carry a secret).
 */
import {
  type BridgeRequests,
  type BridgeResult,
  type OperationArgs,
  type OperationName,
  operationForChannel,
  type TestCredentialsDto,
} from '../../../common/ipc.ts';
import { t } from '../../../common/i18n/translate.ts';
import { errorMessage } from '../../../common/error-message.ts';
import { DESKTOP_NOTICE_IDS, type DesktopNoticeId, isDesktopNoticeId } from '../notices/desktop-notices.ts';
import type { Logger } from '../ports.ts';
import * as guard from './guards.ts';
import { InvalidArgument } from './guards.ts';
import { publishInput, uploadPart, uploadStartInput } from './publish-guard.ts';

/** Checks one argument of untrusted input: returns it typed, or throws InvalidArgument naming the field. */
type ArgumentCheck<T> = (value: unknown) => T;

/** One check per argument, in order; their number is the operation's arity. */
type ArgumentChecks<Args extends readonly unknown[]> = { readonly [I in keyof Args]: ArgumentCheck<Args[I]> };

function index(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 10) {
    throw new InvalidArgument('index', t('rules.settings.whole-number', { min: '0', max: '10' }));
  }
  return value;
}

function runActionOptions(value: unknown): { confirmedInternal: boolean } {
  if (!guard.isPlainObject(value) || typeof (value as { confirmedInternal?: unknown }).confirmedInternal !== 'boolean')
    throw new InvalidArgument('options.confirmedInternal', t('rules.settings.boolean'));
  return { confirmedInternal: (value as { confirmedInternal: boolean }).confirmedInternal };
}

function deleteHistoryOption(value: unknown): { deleteHistory: boolean } {
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as { deleteHistory?: unknown }).deleteHistory !== 'boolean'
  ) {
    throw new InvalidArgument('options.deleteHistory', t('rules.settings.boolean'));
  }
  return { deleteHistory: (value as { deleteHistory: boolean }).deleteHistory };
}

function noticeId(value: unknown): DesktopNoticeId {
  if (!isDesktopNoticeId(value)) {
    throw new InvalidArgument('id', t('rules.settings.one-of', { options: DESKTOP_NOTICE_IDS.join(', ') }));
  }
  return value;
}

/** Only the keys of `kind`: typed credentials carry nothing else (and nothing of them is ever logged). */
function onlyKeys(value: object, keys: readonly string[], path = 'credentials'): Readonly<Record<string, unknown>> {
  const extra = Object.keys(value).find((key) => !keys.includes(key));
  if (extra !== undefined) throw new InvalidArgument(`${path}.${extra}`, t('core.bridge.not-expected'));
  return value as Readonly<Record<string, unknown>>;
}

function testCredentials(value: unknown): TestCredentialsDto {
  // Plain data only, as guards.ts asks: a field read through a prototype would pass the own-key check below.
  if (!guard.isPlainObject(value)) throw new InvalidArgument('credentials', t('rules.settings.object'));
  const kind = (value as { kind?: unknown }).kind;
  if (kind === 'stored' || kind === 'none') {
    onlyKeys(value, ['kind']);
    return { kind };
  }
  if (kind === 'basic') {
    const r = onlyKeys(value, ['kind', 'user', 'password']);
    return {
      kind,
      user: guard.text(r['user'], 'credentials.user', { max: 256 }),
      password: guard.text(r['password'], 'credentials.password', { max: 1024 }),
    };
  }
  if (kind === 'token') {
    const r = onlyKeys(value, ['kind', 'token']);
    return { kind, token: guard.text(r['token'], 'credentials.token', { max: 1024 }) };
  }
  throw new InvalidArgument('credentials.kind', t('core.bridge.test-credentials-kind'));
}

function checkedSaveOptions(value: unknown): { saveAnyway: boolean } {
  if (!guard.isPlainObject(value)) throw new InvalidArgument('options', t('rules.settings.object'));
  const r = onlyKeys(value, ['saveAnyway'], 'options');
  return { saveAnyway: readBoolean('options.saveAnyway')(r['saveAnyway']) };
}

function readBoolean(field: string): ArgumentCheck<boolean> {
  return (value) => {
    if (typeof value !== 'boolean') throw new InvalidArgument(field, t('rules.settings.boolean'));
    return value;
  };
}

function textOf(field: string, max: number): ArgumentCheck<string> {
  return (value) => guard.text(value, field, { max });
}

/** The handler half of each operation (its method on the service is the other): typed by the table, so complete. */
const ARGUMENT_CHECKS: { readonly [N in OperationName]: ArgumentChecks<OperationArgs<N>> } = {
  listMessages: [guard.messageQuery],
  searchMessages: [guard.searchQuery],
  unreadCounts: [],
  markRead: [(value) => guard.messageRef(value), readBoolean('read')],
  markAllRead: [(value) => guard.subscriptionRef(value)],
  deleteMessage: [(value) => guard.messageRef(value)],
  clearSubscription: [(value) => guard.subscriptionRef(value)],
  listSubscriptions: [],
  saveSubscription: [guard.subscriptionInput],
  saveCheckedSubscription: [guard.subscriptionInput, testCredentials, checkedSaveOptions],
  removeSubscription: [textOf('id', 64), deleteHistoryOption],
  stopSubscriptionCommand: [textOf('id', 64)],
  testSubscription: [guard.subscriptionInput, testCredentials],
  setCredentials: [guard.credentialsInput],
  // A client.yml of 1 MiB is far more than any real one (ntfy's own is a few lines).
  planClientYml: [textOf('text', 1024 * 1024), textOf('fileName', 260)],
  importClientYml: [textOf('text', 1024 * 1024), textOf('fileName', 260), guard.clientYmlAccepted],
  exportClientYml: [guard.clientYmlExportOptions],
  clearCredentials: [textOf('server', 2048)],
  getSettings: [],
  updateSettings: [guard.settingsPatch],
  listConnections: [],
  reconnectServer: [textOf('server', 2048)],
  runAction: [(value) => guard.messageRef(value), index, runActionOptions],
  attachmentPreview: [(value) => guard.messageRef(value)],
  openLink: [textOf('url', 8192)],
  listNotices: [],
  dismissNotice: [noticeId],
  publishMessage: [publishInput],
  startUpload: [uploadStartInput],
  uploadChunk: [textOf('uploadId', 64), uploadPart],
  finishUpload: [textOf('uploadId', 64)],
  cancelUpload: [textOf('uploadId', 64)],
  accountStatus: [],
  accountSignIn: [guard.accountSignIn],
  accountSignOut: [],
  accountSyncNow: [],
  listPushApps: [],
  // UnifiedPush tokens are at most 100 bytes (register-args.ts).
  removePushApp: [textOf('token', 100)],
};

function checkArguments(name: OperationName, args: readonly unknown[]): unknown[] {
  const checks: readonly ArgumentCheck<unknown>[] = ARGUMENT_CHECKS[name];
  if (args.length !== checks.length) {
    // English only, like the unknown channel below: the window's calls are typed by the table and built from it by
    // createBridgeApi, so a wrong count comes from a bug or a caller that is not the app (a devtools console).
    throw new InvalidArgument('arguments', `expected ${checks.length}, got ${args.length}`);
  }
  return checks.map((check, position) => check(args[position]));
}

/** Answers one request on `channel` (whatever the transport received: untrusted, like its arguments). */
export async function dispatchRequest(
  service: BridgeRequests,
  channel: unknown,
  args: readonly unknown[],
  log: Logger,
): Promise<BridgeResult<unknown>> {
  // Electron hands main only the table's channels (main/desktop/ipc.ts registers no others); another one reaches here
  // only over the dev:web WebSocket from something that is not the app's page, so it stays an English diagnostic.
  const name = operationForChannel(channel);
  if (name === undefined) return { ok: false, error: { code: 'invalid-argument', message: 'unknown channel' } };
  try {
    // The one untyped seam: the arguments were checked against this operation's entry in ARGUMENT_CHECKS, which
    // the compiler holds to the table's argument list, so they fit the method of the same name.
    const method = service[name] as (...checked: unknown[]) => Promise<BridgeResult<unknown>>;
    return await Reflect.apply(method, service, checkArguments(name, args));
  } catch (error) {
    if (error instanceof InvalidArgument) return { ok: false, error: error.toBridgeError() };
    log.log('error', 'bridge request failed', {
      operation: name,
      error: errorMessage(error),
    });
    return { ok: false, error: { code: 'internal', message: t('rules.bridge.internal') } };
  }
}
