/**
 * The typed boundary over dbus-native (a pure-JS D-Bus client): method calls with explicit signatures, signals as
 * plain records, and typed errors. Nothing else in the app imports dbus-native, so its loosely typed proxies and
 * `any` stop here. Calls go out with explicit signatures instead of through introspected proxies, so what goes on
 * the wire is exactly what the caller wrote.
 */
import { createClient, DBusError, messageType, Variant, type Message, type MessageBus } from 'dbus-native';
import type { Logger } from '../../core/ports.ts';

export interface DbusCall {
  readonly destination: string;
  readonly path: string;
  readonly interface: string;
  readonly member: string;
  /** The D-Bus signature of `body` (e.g. `susssasa{sv}i`); omitted for a call without arguments. */
  readonly signature?: string;
  readonly body?: readonly unknown[];
}

export interface DbusSignal {
  /** The sender's unique name (`:1.42`), never a well-known name. */
  readonly sender: string;
  readonly path: string;
  readonly interface: string;
  readonly member: string;
  readonly body: readonly unknown[];
}

/** A value of D-Bus type `v` with its signature spelled out (e.g. `y` for a byte); build one with `variant()`. */
interface DbusVariant {
  readonly signature: string;
  readonly value: unknown;
}

export interface DbusConnection {
  /** Resolves with the reply's values, one entry per returned value; rejects with DbusCallError or DbusUnavailableError. */
  call(request: DbusCall): Promise<readonly unknown[]>;
  /** Asks the bus daemon to route matching signals here; resolves with a function that removes the rule again. */
  addMatch(rule: string): Promise<() => Promise<void>>;
  /** Every signal this connection receives (narrow it with match rules); returns an unsubscribe function. */
  onSignal(listener: (signal: DbusSignal) => void): () => void;
  /** Closes the connection; calls still in flight fail with DbusUnavailableError. */
  close(): Promise<void>;
}

/** Injected by the composition roots, so they (and tests) choose the bus. */
export type DbusConnectionFactory = () => Promise<DbusConnection>;

/** The peer answered a call with a D-Bus error. */
export class DbusCallError extends Error {
  /** e.g. `org.freedesktop.DBus.Error.ServiceUnknown`; `org.freedesktop.DBus.Error.NoReply` for a timeout. */
  readonly dbusName: string | undefined;

  constructor(message: string, dbusName: string | undefined, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DbusCallError';
    this.dbusName = dbusName;
  }
}

/** There is no bus to talk to: no address, nothing listening there, or the connection went away. */
export class DbusUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DbusUnavailableError';
  }
}

export function variant(signature: string, value: unknown): DbusVariant {
  return new Variant(signature, value);
}

const DISCONNECTED = 'org.freedesktop.DBus.Error.Disconnected';
const BUS_DAEMON = {
  destination: 'org.freedesktop.DBus',
  path: '/org/freedesktop/DBus',
  interface: 'org.freedesktop.DBus',
};

function toCallError(error: unknown, call: DbusCall): Error {
  const what = `${call.interface}.${call.member}`;
  if (!(error instanceof DBusError)) return new DbusCallError(`${what} failed`, undefined, { cause: error });
  if (error.dbusName === DISCONNECTED) {
    return new DbusUnavailableError(`D-Bus connection lost during ${what}`, { cause: error });
  }
  return new DbusCallError(`${what} failed: ${error.message}`, error.dbusName, { cause: error });
}

function invoke(bus: MessageBus, call: DbusCall): Promise<readonly unknown[]> {
  const message: Message = {
    destination: call.destination,
    path: call.path,
    interface: call.interface,
    member: call.member,
    ...(call.signature === undefined ? {} : { signature: call.signature, body: [...(call.body ?? [])] }),
  };
  // The callback form, because it hands over every returned value separately: the promise form resolves to a bare
  // value for one and an array for several, which cannot be told apart from one array-typed value.
  return new Promise((resolve, reject) => {
    bus.invoke(message, (error: DBusError | null, ...values: unknown[]) => {
      if (error === null) resolve(values);
      else reject(toCallError(error, call));
    });
  });
}

function toSignal(message: Message): DbusSignal | undefined {
  if (message.type !== messageType.signal) return undefined;
  const { sender, path, member } = message;
  const iface = message.interface;
  if (sender === undefined || path === undefined || iface === undefined || member === undefined) return undefined;
  return { sender, path, interface: iface, member, body: message.body ?? [] };
}

interface SessionBusOptions {
  readonly log: Logger;
  /** A D-Bus address (`unix:path=…`); defaults to `$DBUS_SESSION_BUS_ADDRESS`. */
  readonly busAddress?: string;
  /** Milliseconds each call waits for its reply. Default 25 000, as libdbus and GDBus. */
  readonly callTimeoutMs?: number;
}

/** Connects and completes the bus handshake, or fails with DbusUnavailableError. */
export async function connectSessionBus(options: SessionBusOptions): Promise<DbusConnection> {
  const { log } = options;
  let bus: MessageBus;
  try {
    bus = createClient({
      ...(options.busAddress === undefined ? {} : { busAddress: options.busAddress }),
      ...(options.callTimeoutMs === undefined ? {} : { timeout: options.callTimeoutMs }),
    });
  } catch (error) {
    // dbus-native throws synchronously when it has no address at all.
    throw new DbusUnavailableError('No D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set', { cause: error });
  }
  // Without an 'error' listener a transport failure would be thrown as an uncaught exception; calls in flight are
  // failed separately (ConnectionClosedError), so logging is all that is left to do here.
  bus.connection.on('error', (error: Error) => {
    log.log('warn', 'D-Bus connection error', { error });
  });
  bus.connection.on('handlerError', (error: Error) => {
    log.log('error', 'D-Bus signal listener threw', { error });
  });
  const connection: DbusConnection = {
    call: (call) => invoke(bus, call),
    async addMatch(rule) {
      await invoke(bus, { ...BUS_DAEMON, member: 'AddMatch', signature: 's', body: [rule] });
      return async () => {
        await invoke(bus, { ...BUS_DAEMON, member: 'RemoveMatch', signature: 's', body: [rule] });
      };
    },
    onSignal(listener) {
      const onMessage = (message: Message): void => {
        const signal = toSignal(message);
        if (signal !== undefined) listener(signal);
      };
      bus.connection.on('message', onMessage);
      return () => bus.connection.off('message', onMessage);
    },
    close: () => bus.close(),
  };
  try {
    // Any round trip proves the handshake (and Hello) went through.
    await invoke(bus, { ...BUS_DAEMON, member: 'GetId' });
  } catch (error) {
    await bus.close();
    const address = options.busAddress ?? process.env['DBUS_SESSION_BUS_ADDRESS'] ?? '';
    throw new DbusUnavailableError(`Cannot reach the D-Bus session bus at ${address}`, { cause: error });
  }
  return connection;
}
