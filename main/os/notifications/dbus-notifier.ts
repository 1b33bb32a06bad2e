/**
 * Native notifications on Linux: the Notifier port over org.freedesktop.Notifications on the D-Bus session bus.
 * Unlike Electron's Linux notifications it has action buttons, urgency, replacing and closing.
 *
 * The server numbers notifications itself (uint32); we keep our string ids and map both ways, so showing an id
 * again replaces its popup (`replaces_id`) and the server's signals come back under our ids.
 * Asking the server what it can do (in the background) lives in notification-server-calls.ts.
 */
import { t } from '../../../common/i18n/translate.ts';
import type { Logger, NotificationClosedReason, Notifier, NotifierShowRequest } from '../../core/ports.ts';
import {
  DbusCallError,
  variant,
  type DbusConnection,
  type DbusConnectionFactory,
  type DbusSignal,
} from '../dbus/session-bus.ts';
import {
  closedReason,
  NOTIFICATIONS_SERVICE,
  NOTIFY_SIGNATURE,
  notifyArguments,
  OWNER_MATCH_RULE,
  SIGNAL_MATCH_RULE,
  type ServerCapabilities,
} from './freedesktop-notifications.ts';
import { askServer, callServer, ServerAnswers, serverIsRunning, toNotifierError } from './notification-server-calls.ts';

interface DbusNotifierOptions {
  /** Opens the bus connection: `() => connectSessionBus({ log })` in the composition roots. */
  readonly connect: DbusConnectionFactory;
  readonly log: Logger;
  /** `app_name`; defaults to "ntfy Tray". */
  readonly appName?: string;
  /** Local file used as `app_icon` when a request brings no icon. */
  readonly appIconPath?: string;
  /** The .desktop file name without `.desktop`, sent as the `desktop-entry` hint. */
  readonly desktopEntry?: string;
}

/**
 * Connects, subscribes to the server's signals and learns what the server can do. Rejects with
 * NotificationServerUnavailableError when there is no session bus or no notification server on it.
 *
 * A server that is already running is not waited for: the app's start waits for this function (the window's first
 * requests wait for the core, which waits for its notifier), and a busy or hung server may take up to the 25 s call
 * deadline to answer. Its answers arrive in the background and the first popup waits for them. A server that is not
 * running yet is asked at once, since only that call can start it (D-Bus activation) or show that there is none.
 */
export async function openDbusNotifier(options: DbusNotifierOptions): Promise<DbusNotifier> {
  let connection: DbusConnection;
  try {
    connection = await options.connect();
  } catch (error) {
    throw toNotifierError(error);
  }
  try {
    const running = await serverIsRunning(connection);
    const asked = askServer(connection, options.log);
    if (!running) await asked;
    return await DbusNotifier.start(connection, asked, options);
  } catch (error) {
    await connection.close();
    throw toNotifierError(error);
  }
}

type ActionListener = (id: string, actionId: string) => void;
type ClosedListener = (id: string, reason: NotificationClosedReason) => void;

export class DbusNotifier implements Notifier {
  readonly #connection: DbusConnection;
  readonly #server: ServerAnswers;
  readonly #options: DbusNotifierOptions;
  readonly #serverIds = new Map<string, number>();
  readonly #ourIds = new Map<number, string>();
  readonly #actionListeners = new Set<ActionListener>();
  readonly #closedListeners = new Set<ClosedListener>();
  /** Per id, the tail of its queue: a show and a close of the same id never overlap (two Notify calls without
   * replaces_id would leave two popups). */
  readonly #tails = new Map<string, Promise<void>>();
  #stopSignals: () => void = () => undefined;
  #removeMatches: (() => Promise<void>)[] = [];
  #disposed = false;

  private constructor(connection: DbusConnection, server: ServerAnswers, options: DbusNotifierOptions) {
    this.#connection = connection;
    this.#server = server;
    this.#options = options;
  }

  /** Use openDbusNotifier(); this wires a connected bus, while the server's answers may still be on their way. */
  static async start(
    connection: DbusConnection,
    server: Promise<ServerCapabilities>,
    options: DbusNotifierOptions,
  ): Promise<DbusNotifier> {
    const notifier = new DbusNotifier(connection, new ServerAnswers(connection, options.log, server), options);
    notifier.#stopSignals = connection.onSignal((signal) => {
      notifier.#onSignal(signal);
    });
    for (const rule of [SIGNAL_MATCH_RULE, OWNER_MATCH_RULE]) {
      notifier.#removeMatches.push(await connection.addMatch(rule));
    }
    return notifier;
  }

  show(request: NotifierShowRequest): Promise<void> {
    return this.#serially(request.id, async () => {
      const capabilities = await this.#server.get();
      const replacesId = this.#serverIds.get(request.id) ?? 0;
      const args = notifyArguments(request, {
        appName: this.#options.appName ?? 'ntfy Tray',
        replacesId,
        capabilities,
        defaultActionLabel: t('system.notifications.open'),
        ...(this.#options.appIconPath === undefined ? {} : { appIconPath: this.#options.appIconPath }),
        ...(this.#options.desktopEntry === undefined ? {} : { desktopEntry: this.#options.desktopEntry }),
      });
      const hints = args.hints.map((hint) => [hint.name, variant(hint.signature, hint.value)]);
      const [serverId] = await callServer(this.#connection, 'Notify', NOTIFY_SIGNATURE, [
        args.appName,
        args.replacesId,
        args.appIcon,
        args.summary,
        args.body,
        args.actions,
        hints,
        args.expireTimeout,
      ]);
      if (typeof serverId !== 'number') throw new Error(`Notify returned ${typeof serverId}, not a notification id`);
      // The spec returns replaces_id again, but a server may hand out a new id when the old popup is gone.
      if (replacesId !== 0 && replacesId !== serverId) this.#ourIds.delete(replacesId);
      this.#bind(request.id, serverId);
    });
  }

  close(id: string): Promise<void> {
    return this.#serially(id, async () => {
      const serverId = this.#serverIds.get(id);
      if (serverId === undefined) return;
      try {
        await callServer(this.#connection, 'CloseNotification', 'u', [serverId]);
      } catch (error) {
        if (!(error instanceof DbusCallError)) throw error;
        // The spec answers an error when the popup no longer exists, and then no NotificationClosed follows.
        this.#options.log.log('debug', 'CloseNotification refused: the popup is already gone', { id, error });
        this.#forget(serverId);
      }
    });
  }

  onAction(listener: ActionListener): () => void {
    this.#actionListeners.add(listener);
    return () => this.#actionListeners.delete(listener);
  }

  onClosed(listener: ClosedListener): () => void {
    this.#closedListeners.add(listener);
    return () => this.#closedListeners.delete(listener);
  }

  async capabilities(): Promise<{ readonly actions: boolean; readonly images: boolean; readonly sound: boolean }> {
    const { actions, images, sound } = await this.#server.get();
    return { actions, images, sound };
  }

  /** Disconnects. Popups already shown stay up; their clicks then reach nobody. */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#stopSignals();
    this.#actionListeners.clear();
    this.#closedListeners.clear();
    try {
      for (const remove of this.#removeMatches) await remove();
    } catch (error) {
      this.#options.log.log('debug', 'RemoveMatch failed while disposing; closing anyway', { error });
    }
    await this.#connection.close();
  }

  #serially(id: string, task: () => Promise<void>): Promise<void> {
    if (this.#disposed) return Promise.reject(new Error('The D-Bus notifier is disposed'));
    const run = (this.#tails.get(id) ?? Promise.resolve()).then(task);
    // The tail only orders the next task; the caller gets `run` and with it any failure.
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(id, tail);
    void tail.then(() => {
      if (this.#tails.get(id) === tail) this.#tails.delete(id);
    });
    return run;
  }

  #bind(id: string, serverId: number): void {
    const previousOwner = this.#ourIds.get(serverId);
    if (previousOwner !== undefined && previousOwner !== id) this.#serverIds.delete(previousOwner);
    this.#serverIds.set(id, serverId);
    this.#ourIds.set(serverId, id);
  }

  #forget(serverId: number): string | undefined {
    const id = this.#ourIds.get(serverId);
    this.#ourIds.delete(serverId);
    if (id !== undefined && this.#serverIds.get(id) === serverId) this.#serverIds.delete(id);
    return id;
  }

  #onSignal(signal: DbusSignal): void {
    if (signal.member === 'NameOwnerChanged' && signal.sender === 'org.freedesktop.DBus') {
      const [name, oldOwner] = signal.body;
      if (name === NOTIFICATIONS_SERVICE.destination && oldOwner !== '') this.#serverGone();
      return;
    }
    if (signal.path !== NOTIFICATIONS_SERVICE.path || signal.interface !== NOTIFICATIONS_SERVICE.interface) return;
    const [serverId, detail] = signal.body;
    if (typeof serverId !== 'number') return;
    if (signal.member === 'ActionInvoked' && typeof detail === 'string') {
      const id = this.#ourIds.get(serverId); // undefined: another application's popup
      if (id === undefined) return;
      this.#emit(this.#actionListeners, (listener) => {
        listener(id, detail);
      });
    } else if (signal.member === 'NotificationClosed') {
      const id = this.#forget(serverId);
      if (id === undefined) return;
      this.#emit(this.#closedListeners, (listener) => {
        listener(id, closedReason(detail));
      });
    }
  }

  /** The server quit or was replaced: its popups went with it, and a new server numbers from scratch. */
  #serverGone(): void {
    const gone = [...this.#ourIds.keys()];
    this.#options.log.log('info', 'the notification server went away', { popups: gone.length });
    for (const serverId of gone) {
      const id = this.#forget(serverId);
      if (id !== undefined) {
        this.#emit(this.#closedListeners, (listener) => {
          listener(id, 'unknown');
        });
      }
    }
  }

  #emit<L>(listeners: ReadonlySet<L>, deliver: (listener: L) => void): void {
    for (const listener of [...listeners]) {
      try {
        deliver(listener);
      } catch (error) {
        this.#options.log.log('error', 'notification listener threw', { error });
      }
    }
  }
}
