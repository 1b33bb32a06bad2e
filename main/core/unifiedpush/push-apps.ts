/**
 * The window's view of the UnifiedPush distributor (issue 35 §5): the registered apps with their counts and the state
 * of the connection carrying each endpoint, and the row's Remove. The distributor starts after the app core (and only
 * on Linux), so it attaches itself here once running; until then, and where none runs, the list is empty.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { BridgeRequests, PushAppConnectionDto, PushAppDto, PushAppsDto } from '../../../common/ipc.ts';
import type { ConnectionStatus } from '../engine/connection-types.ts';
import type { PushRegistration } from './registration.ts';

export type PushAppRequests = Pick<BridgeRequests, 'listPushApps' | 'removePushApp'>;

/** What a running distributor shows: its registrations, the push engine's connections, and whether it is on. */
export interface PushAppsSource {
  list(): readonly PushRegistration[];
  remove(token: string): Promise<boolean>;
  statuses(): readonly ConnectionStatus[];
  enabled(): boolean;
}

export interface PushApps {
  readonly requests: PushAppRequests;
  /** The running distributor; answers the function that detaches it (when it stops). */
  attach(source: PushAppsSource): () => void;
  /** Something the list shows changed: the window (and the tray's count) follow. */
  changed(): void;
  /** Registered apps (the tray's tooltip). */
  readonly count: () => number;
}

interface PushAppsOptions {
  /** Whether this platform has a distributor at all (Linux); the window says "Linux only" otherwise. */
  readonly available: boolean;
  readonly onChange?: (apps: PushAppsDto) => void;
}

function connectionOf(
  registration: PushRegistration,
  statuses: readonly ConnectionStatus[],
  enabled: boolean,
): PushAppConnectionDto {
  if (!enabled) return 'off';
  const status = statuses.find(
    (candidate) =>
      candidate.server === registration.server &&
      (candidate.topics.includes(registration.topic) || candidate.forbiddenTopics.includes(registration.topic)),
  );
  if (status === undefined) return 'connecting';
  if (status.forbiddenTopics.includes(registration.topic)) return 'refused';
  switch (status.state.kind) {
    case 'open':
      return 'connected';
    case 'backoff':
      return 'unreachable';
    case 'auth-failed':
    case 'error':
      return 'refused';
    default:
      return 'connecting';
  }
}

function toPushAppDto(registration: PushRegistration, connection: PushAppConnectionDto): PushAppDto {
  const { token, service, description, server, messages, lastMessageAt } = registration;
  return {
    token,
    service,
    description,
    server,
    messages,
    ...(lastMessageAt === undefined ? {} : { lastMessageAt }),
    connection,
  };
}

export function createPushApps(options: PushAppsOptions): PushApps {
  let source: PushAppsSource | undefined;
  const snapshot = (): PushAppsDto => {
    if (source === undefined) return { available: options.available, apps: [] };
    const statuses = source.statuses();
    const enabled = source.enabled();
    return {
      available: options.available,
      apps: source
        .list()
        .map((registration) => toPushAppDto(registration, connectionOf(registration, statuses, enabled))),
    };
  };
  const changed = (): void => options.onChange?.(snapshot());
  return {
    requests: {
      listPushApps: () => Promise.resolve({ ok: true, value: snapshot() }),
      async removePushApp(token) {
        if (source === undefined || !(await source.remove(token))) {
          return { ok: false, error: { code: 'not-found', message: t('app.push.no-such-app') } };
        }
        return { ok: true, value: null };
      },
    },
    attach(next) {
      source = next;
      changed();
      return () => {
        if (source === next) source = undefined;
        changed();
      };
    },
    changed,
    count: () => source?.list().length ?? 0,
  };
}

/** Where no distributor runs (core tests, the dev:web bridge unless asked): nothing registered, not available. */
export const NO_PUSH_APP_REQUESTS: PushAppRequests = createPushApps({ available: false }).requests;
