/** From the core's shapes to the bridge's DTOs (common/ipc-dto.ts): plain data, no secrets, nothing more. */
import type {
  AuthFailureCause,
  CommandFailureDto,
  CommandRunsDto,
  ConnectionDto,
  MessageActionDto,
  MessageDto,
  OwnCredentialsDto,
  SettingsDto,
  UpdateChecksDto,
  SubscriptionDto,
} from '../../../common/ipc.ts';
import { httpActionMethod } from '../../../common/action-availability.ts';
import { splitTags } from '../delivery/notification-content.ts';
import type { ConnectionStatus } from '../engine/connection-types.ts';
import type { StoredMessage } from '../store/history/types.ts';
import type { ServerAuth, Settings, SubscriptionSettings } from '../store/settings/schema.ts';

export function toMessageDto(stored: StoredMessage): MessageDto {
  const { message } = stored;
  const actions: MessageActionDto[] = message.actions.map((action) => ({
    kind: action.action,
    label: action.label,
    clear: action.clear,
    ...(action.url === undefined ? {} : { url: action.url }),
    ...(action.action === 'copy' && action.value !== undefined ? { value: action.value } : {}),
    // An http action's method, as it will be sent (ntfy's default is POST): the window says it before it runs.
    ...(action.action === 'http' ? { method: httpActionMethod(action.method) } : {}),
  }));
  const { emoji, other } = splitTags(message.tags);
  return {
    server: stored.server,
    id: message.id,
    topic: message.topic,
    time: message.time,
    message: message.message,
    priority: message.priority,
    tags: message.tags,
    tagEmoji: emoji,
    tagLabels: other,
    actions,
    read: stored.read,
    receivedAt: stored.receivedAt,
    ...(message.title === undefined ? {} : { title: message.title }),
    ...(message.click === undefined ? {} : { click: message.click }),
    ...(message.icon === undefined ? {} : { icon: message.icon }),
    ...(message.attachment === undefined ? {} : { attachment: message.attachment }),
    ...(message.contentType === undefined ? {} : { contentType: message.contentType }),
    ...(message.encoding === undefined ? {} : { encoding: message.encoding }),
    ...(message.cut === undefined ? {} : { cut: message.cut }),
  };
}

export function toSubscriptionDto(
  subscription: SubscriptionSettings,
  auth: ServerAuth,
  hasCredentials: boolean,
  command: { readonly failure?: CommandFailureDto | undefined; readonly runs?: CommandRunsDto | undefined } = {},
  ownCredentials?: OwnCredentialsDto,
): SubscriptionDto {
  return {
    id: subscription.id,
    server: subscription.server,
    topic: subscription.topic,
    transport: subscription.transport,
    filters: subscription.filters,
    muted: subscription.muted,
    minPriority: subscription.minPriority,
    auth: auth.kind,
    hasCredentials,
    ...(subscription.displayName === undefined ? {} : { displayName: subscription.displayName }),
    ...(auth.kind === 'basic' ? { user: auth.user } : {}),
    ...(subscription.command === undefined ? {} : { command: subscription.command }),
    ...(command.failure === undefined ? {} : { commandFailure: command.failure }),
    ...(command.runs === undefined ? {} : { commandRuns: command.runs }),
    ...(ownCredentials === undefined ? {} : { ownCredentials }),
  };
}

/** The engine gives a connection up on a 401, a 403 or ntfy's lockout (connection-decisions.ts decideRefusal). */
function authFailureCause(status: number): AuthFailureCause {
  if (status === 403) return 'permission';
  if (status === 429) return 'locked-out';
  return 'credentials';
}

export function toConnectionDto(status: ConnectionStatus): ConnectionDto {
  const { state } = status;
  return {
    server: status.server,
    topics: status.topics,
    forbiddenTopics: status.forbiddenTopics,
    transport: status.transport,
    state:
      state.kind === 'open'
        ? { kind: 'open' }
        : state.kind === 'auth-failed'
          ? { kind: 'auth-failed', cause: authFailureCause(state.error.status), message: state.error.message }
          : state,
  };
}

export function toSettingsDto(
  settings: Settings,
  pausedUntil: number | undefined,
  updateChecks: UpdateChecksDto,
): SettingsDto {
  const dto: SettingsDto = { defaultServer: settings.defaultServer, preferences: settings.preferences, updateChecks };
  if (pausedUntil === undefined) return dto;
  // JSON (and structured clone across some transports) cannot carry Infinity: "until resumed" travels as null.
  return { ...dto, pausedUntil: Number.isFinite(pausedUntil) ? pausedUntil : null };
}
