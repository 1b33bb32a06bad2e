/**
 * `npm run dev:web`: the built renderer in a browser against the real core and a local test/server with two
 * sample subscriptions and a few messages. Options: `--port N` for the page (default: a free port). Ctrl-C stops.
 */
import { startTestServer } from '../server/index.ts';
import { startWebBridge } from './server.ts';

function portArgument(argv: readonly string[]): number {
  const index = argv.indexOf('--port');
  if (index === -1) return 0;
  const port = Number(argv[index + 1]);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error('--port needs a number from 0 to 65535');
  return port;
}

const ntfy = await startTestServer();
// Published before subscribing: the test server caches them and the app fetches everything on its first connect.
await ntfy.publish('alerts', { title: 'Disk almost full', message: '/var is at 93%', priority: 4, tags: ['warning'] });
await ntfy.publish('alerts', { message: 'Backup finished in 4 min', tags: ['white_check_mark'] });
await ntfy.publish('deploys', {
  title: 'Deployed **v1.4.2**',
  message: 'Rolled out to _production_ — [release notes](https://example.com/releases/1.4.2)',
  markdown: true,
  click: 'https://example.com/deploys/42',
});
await ntfy.publish('deploys', { message: 'Rollback requested', priority: 5, tags: ['rotating_light'] });

const bridge = await startWebBridge({ port: portArgument(process.argv.slice(2)), ntfyServerUrl: ntfy.url });
for (const [topic, displayName] of [
  ['alerts', 'Server alerts'],
  ['deploys', 'Deploys'],
] as const) {
  const saved = await bridge.core.service.saveSubscription({ server: ntfy.url, topic, displayName });
  if (!saved.ok) throw new Error(`could not add the sample subscription ${topic}: ${saved.error.message}`);
}

console.log(`ntfy test server: ${ntfy.url} (publish: curl -d hi ${ntfy.url}/alerts)`);
console.log(`open the app in a browser: ${bridge.url}`);

const stop = (): void => {
  console.log('closing');
  // The app first, so its connections stop before the server they talk to goes away.
  bridge
    .close()
    .then(() => ntfy.close())
    .then(
      () => {
        process.exitCode = 0;
      },
      (error: unknown) => {
        console.error('error while closing', error);
        process.exitCode = 1;
      },
    );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
