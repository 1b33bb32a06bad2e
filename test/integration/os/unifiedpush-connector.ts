/**
 * An app's UnifiedPush connector as the D-Bus specification describes it (UnifiedPush/specifications dbus.md,
 * "Connector API"), written straight on dbus-native rather than on the app's session-bus wrapper, so the distributor
 * is checked against a second reading of the spec: it owns the app's name, serves Connector2 (or Connector1) at
 * `/org/unifiedpush/Connector`, records every call the distributor makes, and registers through Distributor2 (or 1).
 */
import { EventEmitter } from 'node:events';
import { createClient, type DBusError, type Message, type MessageBus, Variant } from 'dbus-native';

export const DISTRIBUTOR = {
  destination: 'org.unifiedpush.Distributor.ntfy_tray',
  path: '/org/unifiedpush/Distributor',
} as const;

export interface ConnectorCall {
  readonly member: 'NewEndpoint' | 'Message' | 'Unregistered';
  readonly token: string;
  readonly endpoint?: string;
  readonly message?: Buffer;
  readonly id?: string;
}

function invoke(bus: MessageBus, message: Message): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    bus.invoke(message, (error: DBusError | null, ...values: unknown[]) => {
      if (error === null) resolve(values);
      else reject(error);
    });
  });
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

export class TestConnector {
  readonly service: string;
  readonly version: 1 | 2;
  readonly calls: ConnectorCall[] = [];
  readonly #bus: MessageBus;
  readonly #events = new EventEmitter<{ call: [ConnectorCall] }>();

  private constructor(bus: MessageBus, service: string, version: 1 | 2) {
    this.#bus = bus;
    this.service = service;
    this.version = version;
  }

  /** Connects, serves the connector interface and takes `service` (without it the distributor cannot reach it). */
  static async start(busAddress: string, service: string, version: 1 | 2 = 2): Promise<TestConnector> {
    const bus = createClient({ busAddress });
    const connector = new TestConnector(bus, service, version);
    connector.#serve();
    const [code] = await invoke(bus, {
      destination: 'org.freedesktop.DBus',
      path: '/org/freedesktop/DBus',
      interface: 'org.freedesktop.DBus',
      member: 'RequestName',
      signature: 'su',
      body: [service, 4],
    });
    if (code !== 1) throw new Error(`${service}: RequestName answered ${String(code)}`);
    return connector;
  }

  #record(call: ConnectorCall): void {
    this.calls.push(call);
    this.#events.emit('call', call);
  }

  #serve(): void {
    if (this.version === 2) {
      const record = (member: ConnectorCall['member']) => (args: Record<string, unknown>) => {
        const message = args['message'];
        this.#record({
          member,
          token: asText(args['token']),
          ...(args['endpoint'] === undefined ? {} : { endpoint: asText(args['endpoint']) }),
          ...(Buffer.isBuffer(message) ? { message } : {}),
          ...(args['id'] === undefined ? {} : { id: asText(args['id']) }),
        });
        return args['id'] === undefined ? {} : { id: new Variant('s', args['id']) };
      };
      this.#bus.exportInterface(
        { NewEndpoint: record('NewEndpoint'), Message: record('Message'), Unregistered: record('Unregistered') },
        '/org/unifiedpush/Connector',
        {
          name: 'org.unifiedpush.Connector2',
          methods: {
            NewEndpoint: ['a{sv}', 'a{sv}', ['args'], ['res']],
            Message: ['a{sv}', 'a{sv}', ['args'], ['res']],
            Unregistered: ['a{sv}', 'a{sv}', ['args'], ['res']],
          },
        },
      );
      return;
    }
    this.#bus.exportInterface(
      {
        NewEndpoint: (token: string, endpoint: string) => {
          this.#record({ member: 'NewEndpoint', token, endpoint });
          return null;
        },
        Message: (token: string, message: Buffer, id: string) => {
          this.#record({ member: 'Message', token, message, id });
          return null;
        },
        Unregistered: (token: string) => {
          this.#record({ member: 'Unregistered', token });
          return null;
        },
      },
      '/org/unifiedpush/Connector',
      {
        name: 'org.unifiedpush.Connector1',
        methods: {
          NewEndpoint: ['ss', '', ['token', 'endpoint'], []],
          Message: ['says', '', ['token', 'message', 'messageIdentifier'], []],
          Unregistered: ['s', '', ['token'], []],
        },
      },
    );
  }

  /** Resolves once the distributor owns its name on the bus (an app started beside it may not have yet). */
  async waitForDistributor(): Promise<void> {
    const owned = new Promise<void>((resolve) => {
      this.#bus.connection.on('message', (message: Message) => {
        if (message.member === 'NameOwnerChanged' && message.body?.[0] === DISTRIBUTOR.destination) resolve();
      });
    });
    const daemon = {
      destination: 'org.freedesktop.DBus',
      path: '/org/freedesktop/DBus',
      interface: 'org.freedesktop.DBus',
    };
    const rule = `type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='${DISTRIBUTOR.destination}'`;
    await invoke(this.#bus, { ...daemon, member: 'AddMatch', signature: 's', body: [rule] });
    const [hasOwner] = await invoke(this.#bus, {
      ...daemon,
      member: 'NameHasOwner',
      signature: 's',
      body: [DISTRIBUTOR.destination],
    });
    if (hasOwner !== true) await owned;
  }

  /** Distributor2.Register (or Distributor1's), answered as `{ success, reason }`. */
  async register(token: string, service = this.service): Promise<{ success: string; reason?: string }> {
    if (this.version === 1) {
      const [success, reason] = await invoke(this.#bus, {
        ...DISTRIBUTOR,
        interface: 'org.unifiedpush.Distributor1',
        member: 'Register',
        signature: 'sss',
        body: [service, token, 'a test app'],
      });
      return { success: asText(success), ...(reason === '' ? {} : { reason: asText(reason) }) };
    }
    const [answer] = await invoke(this.#bus, {
      ...DISTRIBUTOR,
      interface: 'org.unifiedpush.Distributor2',
      member: 'Register',
      signature: 'a{sv}',
      body: [
        {
          service: new Variant('s', service),
          token: new Variant('s', token),
          description: new Variant('s', 'a test app'),
        },
      ],
    });
    return answer as { success: string; reason?: string };
  }

  async unregister(token: string): Promise<void> {
    await invoke(
      this.#bus,
      this.version === 1
        ? {
            ...DISTRIBUTOR,
            interface: 'org.unifiedpush.Distributor1',
            member: 'Unregister',
            signature: 's',
            body: [token],
          }
        : {
            ...DISTRIBUTOR,
            interface: 'org.unifiedpush.Distributor2',
            member: 'Unregister',
            signature: 'a{sv}',
            body: [{ token: new Variant('s', token) }],
          },
    );
  }

  /** Resolves with the first recorded call (already made or still to come) that `matches`. */
  next(matches: (call: ConnectorCall) => boolean): Promise<ConnectorCall> {
    const made = this.calls.find(matches);
    if (made !== undefined) return Promise.resolve(made);
    return new Promise((resolve) => {
      const listener = (call: ConnectorCall): void => {
        if (!matches(call)) return;
        this.#events.off('call', listener);
        resolve(call);
      };
      this.#events.on('call', listener);
    });
  }

  /** The bytes of every Message for this token, in the order they came. */
  messages(token: string): Buffer[] {
    return this.calls.flatMap((call) =>
      call.member === 'Message' && call.token === token && call.message !== undefined ? [call.message] : [],
    );
  }

  /** Resolves once `count` messages for this token have come. */
  async messagesOf(token: string, count: number): Promise<Buffer[]> {
    await this.next(() => this.messages(token).length >= count);
    return this.messages(token);
  }

  close(): void {
    this.#bus.connection.end();
  }
}
