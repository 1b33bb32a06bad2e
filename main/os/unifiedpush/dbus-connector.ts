/**
 * The apps' connectors as the distributor calls them (docs/protocol.md#connector2-and-connector1-what-we-call):
 * Connector2 with a{sv} for a version-2 registration, Connector1 positional for a version-1 one, never waiting for
 * the answer. A call to an app that is neither running nor activatable (ServiceUnknown) is kept, a bounded number per
 * app, and sent in order when the app takes its name on the bus.
 */
import type { ConnectorPort } from '../../core/unifiedpush/distributor.ts';
import type { PushRegistration } from '../../core/unifiedpush/registration.ts';
import type { Logger } from '../../core/ports.ts';
import { DbusCallError, type DbusCall, type DbusConnection, variant } from '../dbus/session-bus.ts';

const CONNECTOR_PATH = '/org/unifiedpush/Connector';
/** Calls kept per app that is not there; older ones give way. */
const MAX_WAITING_CALLS = 100;

const BUS_DAEMON = {
  destination: 'org.freedesktop.DBus',
  path: '/org/freedesktop/DBus',
  interface: 'org.freedesktop.DBus',
};
const NAME_OWNER_CHANGED =
  "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged'";
const NOT_THERE = new Set(['org.freedesktop.DBus.Error.ServiceUnknown', 'org.freedesktop.DBus.Error.NameHasNoOwner']);

type ConnectorCall = (registration: PushRegistration) => DbusCall;

function connectorCall(registration: PushRegistration, member: string, v1: [string, unknown[]], v2: object): DbusCall {
  const base = { destination: registration.service, path: CONNECTOR_PATH, member };
  return registration.version === 1
    ? { ...base, interface: 'org.unifiedpush.Connector1', signature: v1[0], body: v1[1] }
    : { ...base, interface: 'org.unifiedpush.Connector2', signature: 'a{sv}', body: [v2] };
}

interface DbusConnector extends ConnectorPort {
  stop(): Promise<void>;
}

export async function createDbusConnector(connection: DbusConnection, log: Logger): Promise<DbusConnector> {
  const waiting = new Map<string, ConnectorCall[]>();
  const registrations = new Map<string, PushRegistration>();

  const keep = (registration: PushRegistration, call: ConnectorCall): void => {
    const queue = waiting.get(registration.service) ?? [];
    queue.push(call);
    if (queue.length > MAX_WAITING_CALLS) queue.shift();
    waiting.set(registration.service, queue);
    registrations.set(registration.service, registration);
  };

  const send = (registration: PushRegistration, call: ConnectorCall): void => {
    if (waiting.has(registration.service)) {
      keep(registration, call);
      return;
    }
    const request = call(registration);
    // Not awaited: dbus.md, "The caller of the methods in this interface MUST NOT wait for a response".
    connection.call(request).catch((error: unknown) => {
      if (error instanceof DbusCallError && error.dbusName !== undefined && NOT_THERE.has(error.dbusName)) {
        keep(registration, call);
        return;
      }
      // The call's arguments (the app's data) stay out of the log.
      log.log('warn', 'UnifiedPush: the app did not take a call', {
        app: registration.service,
        member: request.member,
        error: String(error),
      });
    });
  };

  const flush = (service: string): void => {
    const queue = waiting.get(service);
    const registration = registrations.get(service);
    waiting.delete(service);
    if (queue === undefined || registration === undefined) return;
    log.log('info', 'UnifiedPush: app is on the bus, handing over what waited', { app: service, calls: queue.length });
    for (const call of queue) send(registration, call);
  };

  const removeMatch = await connection.addMatch(NAME_OWNER_CHANGED);
  const unsubscribe = connection.onSignal((signal) => {
    if (signal.member !== 'NameOwnerChanged' || signal.sender !== 'org.freedesktop.DBus') return;
    const [name, , newOwner] = signal.body;
    if (typeof name === 'string' && typeof newOwner === 'string' && newOwner !== '') flush(name);
  });

  return {
    newEndpoint(registration, endpoint) {
      send(registration, (current) =>
        connectorCall(current, 'NewEndpoint', ['ss', [current.token, endpoint]], {
          token: variant('s', current.token),
          endpoint: variant('s', endpoint),
        }),
      );
    },
    message(registration, bytes, id) {
      send(registration, (current) =>
        connectorCall(current, 'Message', ['says', [current.token, bytes, id]], {
          token: variant('s', current.token),
          message: variant('ay', bytes),
          id: variant('s', id),
        }),
      );
    },
    unregistered(registration, confirmation) {
      send(registration, (current) =>
        connectorCall(current, 'Unregistered', ['s', [confirmation ? '' : current.token]], {
          token: variant('s', current.token),
        }),
      );
    },
    async ownerOf(service) {
      try {
        const [owner] = await connection.call({
          ...BUS_DAEMON,
          member: 'GetNameOwner',
          signature: 's',
          body: [service],
        });
        return typeof owner === 'string' ? owner : undefined;
      } catch (error) {
        if (error instanceof DbusCallError && error.dbusName !== undefined && NOT_THERE.has(error.dbusName)) {
          return undefined;
        }
        throw error;
      }
    },
    async stop() {
      unsubscribe();
      await removeMatch().catch(() => undefined);
    },
  };
}
