/**
 * Talking to whoever serves org.freedesktop.Notifications: calls that turn "nobody serves it" into
 * NotificationServerUnavailableError, the bus daemon's "is it running?", and the server's answers to
 * GetCapabilities/GetServerInformation, which are asked in the background and kept until they fail.
 */
import type { Logger } from '../../core/ports.ts';
import { DbusCallError, DbusUnavailableError, type DbusConnection } from '../dbus/session-bus.ts';
import { NOTIFICATIONS_SERVICE, parseCapabilities, type ServerCapabilities } from './freedesktop-notifications.ts';
import { NotificationServerUnavailableError } from './notification-server-error.ts';

const BUS_DAEMON = {
  destination: 'org.freedesktop.DBus',
  path: '/org/freedesktop/DBus',
  interface: 'org.freedesktop.DBus',
} as const;

/** D-Bus errors that mean nobody serves org.freedesktop.Notifications (or D-Bus activation of it failed). */
function isMissingServer(error: unknown): boolean {
  const name = error instanceof DbusCallError ? (error.dbusName ?? '') : '';
  return (
    name === 'org.freedesktop.DBus.Error.ServiceUnknown' ||
    name === 'org.freedesktop.DBus.Error.NameHasNoOwner' ||
    name.startsWith('org.freedesktop.DBus.Error.Spawn.')
  );
}

/** A missing bus or server becomes NotificationServerUnavailableError; any other error is returned as it is. */
export function toNotifierError(error: unknown): unknown {
  if (error instanceof DbusUnavailableError) {
    return new NotificationServerUnavailableError('no-session-bus', { cause: error });
  }
  if (isMissingServer(error)) return new NotificationServerUnavailableError('no-notification-server', { cause: error });
  return error;
}

/** Calls a method of the notification server; rejects as toNotifierError() says. */
export async function callServer(
  connection: DbusConnection,
  member: string,
  signature?: string,
  body?: readonly unknown[],
): Promise<readonly unknown[]> {
  try {
    return await connection.call({
      ...NOTIFICATIONS_SERVICE,
      member,
      ...(signature === undefined ? {} : { signature }),
      ...(body === undefined ? {} : { body }),
    });
  } catch (error) {
    throw toNotifierError(error);
  }
}

/** Asks the bus daemon itself (never the notification server) whether somebody owns the server's name now. */
export async function serverIsRunning(connection: DbusConnection): Promise<boolean> {
  const [hasOwner] = await connection.call({
    ...BUS_DAEMON,
    member: 'NameHasOwner',
    signature: 's',
    body: [NOTIFICATIONS_SERVICE.destination],
  });
  return hasOwner === true;
}

/** GetCapabilities and GetServerInformation: the two questions the server itself answers before we use it. */
export async function askServer(connection: DbusConnection, log: Logger): Promise<ServerCapabilities> {
  const [names] = await callServer(connection, 'GetCapabilities');
  const [name, vendor, version, specVersion] = await callServer(connection, 'GetServerInformation');
  log.log('info', 'notification server', { name, vendor, version, specVersion, capabilities: names });
  return parseCapabilities(names);
}

/**
 * The server's answers, pending or known. A failed asking (a server slower than the call deadline, or gone) is
 * forgotten, so the next popup asks again.
 */
export class ServerAnswers {
  readonly #connection: DbusConnection;
  readonly #log: Logger;
  /** Undefined after a failure, until somebody asks again. */
  #answers: Promise<ServerCapabilities> | undefined;

  /** `pending` is the asking openDbusNotifier() started, which may still be on its way. */
  constructor(connection: DbusConnection, log: Logger, pending: Promise<ServerCapabilities>) {
    this.#connection = connection;
    this.#log = log;
    this.#keep(pending);
  }

  /** The kept answers, or a new asking when the last one failed. */
  get(): Promise<ServerCapabilities> {
    if (this.#answers !== undefined) return this.#answers;
    const asked = askServer(this.#connection, this.#log);
    this.#keep(asked);
    return asked;
  }

  #keep(asked: Promise<ServerCapabilities>): void {
    this.#answers = asked;
    asked.catch((error: unknown) => {
      this.#log.log('warn', 'the notification server did not say what it can do', { error });
      if (this.#answers === asked) this.#answers = undefined;
    });
  }
}
