/**
 * One request from any bridge transport (Electron IPC, or the dev:web WebSocket): check the channel and every
 * argument, call the service, and always answer a BridgeResult — a bad argument is `invalid-argument`, a bug is
 * `internal` (logged here, never with the arguments, which may carry a secret).
 */
import type { BridgeResult, IpcChannel } from '../../../preload/contract.ts';
import { ipcChannels as c } from '../../../preload/contract.ts';
import { DESKTOP_NOTICE_IDS, type DesktopNoticeId, isDesktopNoticeId } from '../notices/desktop-notices.ts';
import type { Logger } from '../ports.ts';
import type { AppRequests } from './app-service.ts';
import * as guard from './guards.ts';
import { InvalidArgument } from './guards.ts';

type Handler = (service: AppRequests, args: readonly unknown[]) => Promise<BridgeResult<unknown>>;

function arity(args: readonly unknown[], count: number): void {
  if (args.length !== count) throw new InvalidArgument('arguments', `expected ${count}, got ${args.length}`);
}

function index(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 10) {
    throw new InvalidArgument('index', 'must be a whole number from 0 to 10');
  }
  return value;
}

function deleteHistoryOption(value: unknown): { deleteHistory: boolean } {
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as { deleteHistory?: unknown }).deleteHistory !== 'boolean'
  ) {
    throw new InvalidArgument('options.deleteHistory', 'must be true or false');
  }
  return { deleteHistory: (value as { deleteHistory: boolean }).deleteHistory };
}

function noticeId(value: unknown): DesktopNoticeId {
  if (!isDesktopNoticeId(value)) throw new InvalidArgument('id', `must be one of ${DESKTOP_NOTICE_IDS.join(', ')}`);
  return value;
}

function readBoolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw new InvalidArgument(field, 'must be true or false');
  return value;
}

const HANDLERS: Readonly<Record<IpcChannel, Handler>> = {
  [c.historyList]: (s, a) => (arity(a, 1), s.listMessages(guard.messageQuery(a[0]))),
  [c.historySearch]: (s, a) => (arity(a, 1), s.searchMessages(guard.searchQuery(a[0]))),
  [c.historyUnreadCounts]: (s, a) => (arity(a, 0), s.unreadCounts()),
  [c.historyMarkRead]: (s, a) => (arity(a, 2), s.markRead(guard.messageRef(a[0]), readBoolean(a[1], 'read'))),
  [c.historyMarkAllRead]: (s, a) => (arity(a, 1), s.markAllRead(guard.subscriptionRef(a[0]))),
  [c.historyDelete]: (s, a) => (arity(a, 1), s.deleteMessage(guard.messageRef(a[0]))),
  [c.historyClear]: (s, a) => (arity(a, 1), s.clearSubscription(guard.subscriptionRef(a[0]))),
  [c.subscriptionsList]: (s, a) => (arity(a, 0), s.listSubscriptions()),
  [c.subscriptionsSave]: (s, a) => (arity(a, 1), s.saveSubscription(guard.subscriptionInput(a[0]))),
  [c.subscriptionsRemove]: (s, a) => (
    arity(a, 2),
    s.removeSubscription(guard.text(a[0], 'id', { max: 64 }), deleteHistoryOption(a[1]))
  ),
  [c.subscriptionsTest]: (s, a) => (arity(a, 1), s.testSubscription(guard.subscriptionInput(a[0]))),
  [c.credentialsSet]: (s, a) => (arity(a, 1), s.setCredentials(guard.credentialsInput(a[0]))),
  [c.credentialsClear]: (s, a) => (arity(a, 1), s.clearCredentials(guard.text(a[0], 'server', { max: 2048 }))),
  [c.settingsGet]: (s, a) => (arity(a, 0), s.getSettings()),
  [c.settingsUpdate]: (s, a) => (arity(a, 1), s.updateSettings(guard.settingsPatch(a[0]))),
  [c.connectionsList]: (s, a) => (arity(a, 0), s.listConnections()),
  [c.messagesRunAction]: (s, a) => (arity(a, 2), s.runAction(guard.messageRef(a[0]), index(a[1]))),
  [c.attachmentsPreview]: (s, a) => (arity(a, 1), s.attachmentPreview(guard.messageRef(a[0]))),
  [c.linksOpen]: (s, a) => (arity(a, 1), s.openLink(guard.text(a[0], 'url', { max: 8192 }))),
  [c.noticesList]: (s, a) => (arity(a, 0), s.listNotices()),
  [c.noticesDismiss]: (s, a) => (arity(a, 1), s.dismissNotice(noticeId(a[0]))),
};

export function isIpcChannel(channel: unknown): channel is IpcChannel {
  return typeof channel === 'string' && Object.hasOwn(HANDLERS, channel);
}

export async function dispatchRequest(
  service: AppRequests,
  channel: IpcChannel,
  args: readonly unknown[],
  log: Logger,
): Promise<BridgeResult<unknown>> {
  try {
    return await HANDLERS[channel](service, args);
  } catch (error) {
    if (error instanceof InvalidArgument) return { ok: false, error: error.toBridgeError() };
    log.log('error', 'bridge request failed', {
      channel,
      error: error instanceof Error ? error.message : String(error),
    });
    return { ok: false, error: { code: 'internal', message: 'something went wrong in the app; see its log' } };
  }
}
