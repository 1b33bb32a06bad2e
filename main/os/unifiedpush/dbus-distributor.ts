/**
 * The distributor on the session bus (Linux): `org.unifiedpush.Distributor.ntfy_tray` serving
 * `org.unifiedpush.Distributor2` and `org.unifiedpush.Distributor1` at `/org/unifiedpush/Distributor`
 * (docs/protocol.md#unifiedpush). Only translation lives here; what is decided is core/unifiedpush/distributor.ts.
 */
import { checkRegisterRequest } from '../../core/unifiedpush/register-args.ts';
import type { RegisterAnswer, UnifiedPushDistributor } from '../../core/unifiedpush/distributor.ts';
import type { UnifiedPushVersion } from '../../core/unifiedpush/registration.ts';
import { DbusCallError, type DbusExport, type DbusServiceConnection, variant } from '../dbus/session-bus.ts';

export const DISTRIBUTOR_NAME = 'org.unifiedpush.Distributor.ntfy_tray';
const DISTRIBUTOR_PATH = '/org/unifiedpush/Distributor';

const SUCCEEDED = 'REGISTRATION_SUCCEEDED';
const FAILED = 'REGISTRATION_FAILED';

function invalidArgs(message: string): DbusCallError {
  return new DbusCallError(message, 'org.freedesktop.DBus.Error.InvalidArgs');
}

async function register(
  distributor: UnifiedPushDistributor,
  input: { service: unknown; token: unknown; description: unknown },
  version: UnifiedPushVersion,
): Promise<RegisterAnswer> {
  const request = checkRegisterRequest({ ...input, version });
  if ('invalid' in request) throw invalidArgs(request.invalid);
  return distributor.register(request);
}

async function unregister(distributor: UnifiedPushDistributor, token: unknown, sender: string): Promise<void> {
  if (typeof token !== 'string') throw invalidArgs('token must be a string');
  const answer = await distributor.unregister(token, sender);
  if (answer === 'refused') {
    throw new DbusCallError('only the app that registered may unregister', 'org.freedesktop.DBus.Error.AccessDenied');
  }
}

const argsOf = (args: readonly unknown[]): Record<string, unknown> => {
  const [first] = args;
  if (typeof first !== 'object' || first === null) throw invalidArgs('arguments must be a{sv}');
  return first as Record<string, unknown>;
};

function distributor2(distributor: UnifiedPushDistributor): DbusExport {
  return {
    path: DISTRIBUTOR_PATH,
    interface: 'org.unifiedpush.Distributor2',
    methods: {
      Register: {
        in: 'a{sv}',
        out: 'a{sv}',
        handle: async (args) => {
          const { service, token, description } = argsOf(args);
          const answer = await register(distributor, { service, token, description }, 2);
          return answer.success
            ? { success: variant('s', SUCCEEDED) }
            : { success: variant('s', FAILED), reason: variant('s', answer.reason) };
        },
      },
      Unregister: {
        in: 'a{sv}',
        out: 'a{sv}',
        handle: async (args, sender) => {
          await unregister(distributor, argsOf(args)['token'], sender);
          return {};
        },
      },
    },
  };
}

function distributor1(distributor: UnifiedPushDistributor): DbusExport {
  return {
    path: DISTRIBUTOR_PATH,
    interface: 'org.unifiedpush.Distributor1',
    methods: {
      Register: {
        in: 'sss',
        out: 'ss',
        handle: async ([service, token, description]) => {
          const answer = await register(distributor, { service, token, description }, 1);
          return answer.success ? [SUCCEEDED, ''] : [FAILED, answer.reason];
        },
      },
      Unregister: {
        in: 's',
        out: '',
        handle: ([token], sender) => unregister(distributor, token, sender),
      },
    },
  };
}

export interface ServedDistributor {
  /** False when another process holds the name: apps cannot register, existing registrations still get messages. */
  readonly ownsName: boolean;
  /** Releases the name and stops serving. */
  withdraw(): Promise<void>;
}

export async function serveDistributor(
  connection: DbusServiceConnection,
  distributor: UnifiedPushDistributor,
): Promise<ServedDistributor> {
  const withdrawals = [distributor2(distributor), distributor1(distributor)].map((definition) =>
    connection.exportObject(definition),
  );
  const result = await connection.requestName(DISTRIBUTOR_NAME);
  const ownsName = result === 'primary-owner' || result === 'already-owner';
  return {
    ownsName,
    async withdraw() {
      if (ownsName) await connection.releaseName(DISTRIBUTOR_NAME).catch(() => undefined);
      for (const withdraw of withdrawals) withdraw();
    },
  };
}
