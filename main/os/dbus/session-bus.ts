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

/** One method an exported object serves: its D-Bus signatures and what answers it. */
interface DbusMethod {
  /** The signature of the arguments, e.g. `a{sv}`; `''` for none. */
  readonly in: string;
  /** The signature of the answer; `''` for a method that answers nothing. */
  readonly out: string;
  /**
   * Gets the arguments (a{sv} as a plain object, `ay` as a Buffer) and the caller's unique name (`:1.42`); resolves
   * with the answer (one value per type of `out`, as an array when `out` holds several), or rejects with a
   * DbusCallError whose `dbusName` becomes the D-Bus error the caller gets.
   */
  readonly handle: (args: readonly unknown[], sender: string) => unknown;
}

export interface DbusExport {
  readonly path: string;
  readonly interface: string;
  readonly methods: Readonly<Record<string, DbusMethod>>;
}

/** RequestName's answers (the D-Bus specification, org.freedesktop.DBus.RequestName). */
type NameRequestResult = 'primary-owner' | 'in-queue' | 'exists' | 'already-owner';

/** A connection that also serves: what a D-Bus service (the UnifiedPush distributor) needs beyond calling. */
export interface DbusServiceConnection extends DbusConnection {
  /** Serves an interface at a path (Introspect lists it); returns the function that withdraws it. */
  exportObject(definition: DbusExport): () => void;
  /** Asks for a well-known name with DO_NOT_QUEUE: the caller either owns it now or learns who does. */
  requestName(name: string): Promise<NameRequestResult>;
  releaseName(name: string): Promise<void>;
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

const DO_NOT_QUEUE = 4;
const NAME_REQUEST_RESULTS: readonly NameRequestResult[] = ['primary-owner', 'in-queue', 'exists', 'already-owner'];

function exportObject(bus: MessageBus, definition: DbusExport): () => void {
  const impl: Record<string, (...body: unknown[]) => Promise<unknown>> = {};
  const methods: Record<string, [string, string, string[], string[]]> = {};
  for (const [member, method] of Object.entries(definition.methods)) {
    methods[member] = [method.in, method.out, [], []];
    // dbus-native passes the arguments and then the whole message, whose `sender` is the caller's unique name;
    // `null` is its word for "a reply without values".
    impl[member] = async (...body) => {
      const message = body.pop() as Message;
      const answer = await method.handle(body, message.sender ?? '');
      return method.out === '' ? null : answer;
    };
  }
  bus.exportInterface(impl, definition.path, { name: definition.interface, methods });
  return () => {
    bus.unexportInterface(definition.path, definition.interface);
  };
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
export async function connectSessionBus(options: SessionBusOptions): Promise<DbusServiceConnection> {
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
  const connection: DbusServiceConnection = {
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
    exportObject: (definition) => exportObject(bus, definition),
    async requestName(name) {
      const [code] = await invoke(bus, {
        ...BUS_DAEMON,
        member: 'RequestName',
        signature: 'su',
        body: [name, DO_NOT_QUEUE],
      });
      return NAME_REQUEST_RESULTS[Number(code) - 1] ?? 'exists';
    },
    async releaseName(name) {
      await invoke(bus, { ...BUS_DAEMON, member: 'ReleaseName', signature: 's', body: [name] });
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
