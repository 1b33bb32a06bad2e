/**
 * An app that only D-Bus activation starts (unifiedpush-distributor.test.ts writes its service file): it serves
 * Connector2 under the name in argv[2] and forwards each call it gets to the test's recorder (`org.example.Recorder`,
 * method `Got(s member, s token, ay message)`), so the test learns of it as an event.
 */
import { createClient, type DBusError, Variant } from 'dbus-native';

const service = process.argv[2] ?? '';
const bus = createClient({
  busAddress: process.env['DBUS_STARTER_ADDRESS'] ?? process.env['DBUS_SESSION_BUS_ADDRESS'] ?? '',
});

const forward = (member: string) => (args: Record<string, unknown>) => {
  const message = args['message'];
  bus.invoke(
    {
      destination: 'org.example.Recorder',
      path: '/Recorder',
      interface: 'org.example.Recorder',
      member: 'Got',
      signature: 'ssay',
      body: [member, String(args['token']), Buffer.isBuffer(message) ? message : Buffer.alloc(0)],
    },
    (error: DBusError | null) => {
      if (error !== null) console.error('could not forward', member, error.message);
    },
  );
  return args['id'] === undefined ? {} : { id: new Variant('s', args['id']) };
};

bus.exportInterface(
  { NewEndpoint: forward('NewEndpoint'), Message: forward('Message'), Unregistered: forward('Unregistered') },
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
bus.requestName(service, 4, (error: unknown) => {
  if (error !== null && error !== undefined) console.error('could not take', service);
});
