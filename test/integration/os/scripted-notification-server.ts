/**
 * A notification server played by the test: a second connection on a private session bus owns
 * org.freedesktop.Notifications, records every Notify and CloseNotification, and sends ActionInvoked when the test
 * says so, as a user's click on a popup or one of its buttons would. Unlike dunst it can be made slow on purpose:
 * with `holdStartupAnswers` it receives GetCapabilities and GetServerInformation but answers neither until
 * `releaseStartupAnswers()` (a fault switch, not a timer). The caller's own D-Bus deadline still runs meanwhile:
 * 25 s in the app (libdbus, GDBus and dbus-native all use that), after which it gives up on this server.
 *
 * Protocol: Desktop Notifications Specification 1.2, https://specifications.freedesktop.org/notification-spec/1.2/
 */
import { createClient, type MessageBus } from 'dbus-native';
import { NOTIFICATIONS_SERVICE } from '../../../main/os/notifications/freedesktop-notifications.ts';

export interface RecordedNotify {
  /** The id this server handed out for the popup. */
  readonly serverId: number;
  readonly appName: string;
  readonly replacesId: number;
  readonly appIcon: string;
  readonly summary: string;
  readonly body: string;
  /** Flat pairs as sent: key, label, key, label… */
  readonly actions: readonly string[];
  readonly hintNames: readonly string[];
  /** Hint values as sent (`urgency` 0–2, `suppress-sound` true…), unwrapped from their variants. */
  readonly hints: Readonly<Record<string, unknown>>;
}

export interface ScriptedNotificationServerOptions {
  readonly busAddress: string;
  /** GetCapabilities' answer; dunst's list by default. */
  readonly capabilities?: readonly string[];
  /** Hold the answers to GetCapabilities and GetServerInformation until releaseStartupAnswers(). */
  readonly holdStartupAnswers?: boolean;
  /** Answer this many GetCapabilities calls (the first ones) with org.freedesktop.DBus.Error.Failed (once released). */
  readonly refuseCapabilities?: number;
}

export interface ScriptedNotificationServer {
  readonly notifies: readonly RecordedNotify[];
  /** Server ids of the popups closed by CloseNotification, in order. */
  readonly closed: readonly number[];
  /** How many GetCapabilities calls arrived so far (answered, refused or held). */
  capabilityCalls(): number;
  /** Members of the calls received so far and not answered yet (held startup calls). */
  heldCalls(): readonly string[];
  /** Resolves once `count` startup calls are being held (past or future). */
  waitForHeldCalls(count: number): Promise<void>;
  releaseStartupAnswers(): void;
  /** Resolves with the `count`-th Notify (1-based), past or future. */
  waitForNotify(count: number): Promise<RecordedNotify>;
  /** Resolves with the first Notify (past or future) that matches. */
  waitForNotifyWhere(predicate: (notify: RecordedNotify) => boolean): Promise<RecordedNotify>;
  /** Resolves once `serverId` was closed by CloseNotification (past or future). */
  waitForClosed(serverId: number): Promise<void>;
  /** Sends ActionInvoked(serverId, actionKey): `default` is a click on the popup, other keys its buttons. */
  invokeAction(serverId: number, actionKey: string): void;
  close(): Promise<void>;
}

const DUNST_CAPABILITIES = ['actions', 'body', 'body-hyperlinks', 'body-markup', 'icon-static', 'persistence'];

/** Closed-by-CloseNotification, the spec's reason 3. */
const CLOSED_BY_CALL = 3;

function hintNamesOf(raw: unknown): string[] {
  // dbus-native hands an a{sv} over as a plain object.
  return typeof raw === 'object' && raw !== null ? Object.keys(raw) : [];
}

/** dbus-native hands each variant over as [signature tree, [value]]. */
function hintValuesOf(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null) return {};
  return Object.fromEntries(
    Object.entries(raw).map(([name, variant]: [string, unknown]) => [
      name,
      Array.isArray(variant) && Array.isArray(variant[1]) ? (variant[1] as unknown[])[0] : variant,
    ]),
  );
}

async function ownName(bus: MessageBus, name: string): Promise<void> {
  // 4: DBUS_NAME_FLAG_DO_NOT_QUEUE; the answer 1 means we are the primary owner.
  const code = await bus.requestName(name, 4);
  if (code !== 1) throw new Error(`could not own ${name} (RequestName answered ${String(code)})`);
}

export async function startScriptedNotificationServer(
  options: ScriptedNotificationServerOptions,
): Promise<ScriptedNotificationServer> {
  const bus = createClient({ busAddress: options.busAddress });
  const notifies: RecordedNotify[] = [];
  const closed: number[] = [];
  const held: string[] = [];
  const release = Promise.withResolvers<undefined>();
  if (options.holdStartupAnswers !== true) release.resolve(undefined);
  const waiters = new Set<() => void>();
  const changed = (): void => {
    for (const waiter of [...waiters]) waiter();
  };
  const waitUntil = <T>(check: () => T | undefined): Promise<T> =>
    new Promise((resolve) => {
      const attempt = (): void => {
        const value = check();
        if (value === undefined) return;
        waiters.delete(attempt);
        resolve(value);
      };
      waiters.add(attempt);
      attempt();
    });
  const answerWhenReleased = async <T>(member: string, value: T): Promise<T> => {
    held.push(member);
    changed();
    await release.promise;
    held.splice(held.indexOf(member), 1);
    return value;
  };
  let nextServerId = 1;
  let refusalsLeft = options.refuseCapabilities ?? 0;
  let capabilityCalls = 0;
  const askedCapabilities = async (): Promise<string[]> => {
    capabilityCalls++;
    const refuse = refusalsLeft > 0;
    if (refuse) refusalsLeft--;
    const capabilities = await answerWhenReleased('GetCapabilities', [...(options.capabilities ?? DUNST_CAPABILITIES)]);
    // dbus-native answers a handler's rejection with an error reply named by `dbusName`.
    if (refuse)
      throw Object.assign(new Error('refused by the test'), { dbusName: 'org.freedesktop.DBus.Error.Failed' });
    return capabilities;
  };

  const implementation = {
    GetCapabilities: askedCapabilities,
    GetServerInformation: () =>
      answerWhenReleased('GetServerInformation', ['scripted-test-server', 'ntfy-tray tests', '1.0', '1.2']),
    Notify: (
      appName: string,
      replacesId: number,
      appIcon: string,
      summary: string,
      body: string,
      actions: string[],
      hints: unknown,
    ): number => {
      const serverId = replacesId === 0 ? nextServerId++ : replacesId;
      notifies.push({
        serverId,
        appName,
        replacesId,
        appIcon,
        summary,
        body,
        actions,
        hintNames: hintNamesOf(hints),
        hints: hintValuesOf(hints),
      });
      changed();
      return serverId;
    },
    CloseNotification: (serverId: number): null => {
      closed.push(serverId);
      bus.sendSignal(NOTIFICATIONS_SERVICE.path, NOTIFICATIONS_SERVICE.interface, 'NotificationClosed', 'uu', [
        serverId,
        CLOSED_BY_CALL,
      ]);
      changed();
      return null; // no out arguments: an empty reply
    },
  };
  bus.exportInterface(implementation, NOTIFICATIONS_SERVICE.path, {
    name: NOTIFICATIONS_SERVICE.interface,
    methods: {
      GetCapabilities: ['', 'as', [], ['capabilities']],
      GetServerInformation: ['', 'ssss', [], ['name', 'vendor', 'version', 'spec_version']],
      Notify: [
        'susssasa{sv}i',
        'u',
        ['app_name', 'replaces_id', 'app_icon', 'summary', 'body', 'actions', 'hints', 'expire_timeout'],
        ['id'],
      ],
      CloseNotification: ['u', '', ['id'], []],
    },
    signals: { NotificationClosed: ['uu', 'id', 'reason'], ActionInvoked: ['us', 'id', 'action_key'] },
  });
  try {
    await ownName(bus, NOTIFICATIONS_SERVICE.destination);
  } catch (error) {
    await bus.close();
    throw error;
  }

  return {
    notifies,
    closed,
    capabilityCalls: () => capabilityCalls,
    heldCalls: () => [...held],
    waitForHeldCalls: async (count) => {
      await waitUntil(() => (held.length >= count ? true : undefined));
    },
    releaseStartupAnswers: () => {
      release.resolve(undefined);
    },
    waitForNotify: (count) => waitUntil(() => notifies[count - 1]),
    waitForNotifyWhere: (predicate) => waitUntil(() => notifies.find(predicate)),
    waitForClosed: async (serverId) => {
      await waitUntil(() => (closed.includes(serverId) ? true : undefined));
    },
    invokeAction: (serverId, actionKey) => {
      bus.sendSignal(NOTIFICATIONS_SERVICE.path, NOTIFICATIONS_SERVICE.interface, 'ActionInvoked', 'us', [
        serverId,
        actionKey,
      ]);
    },
    // Held calls stay unanswered: a reply written after the close would fail on the ended socket.
    close: () => bus.close(),
  };
}
