/**
 * `node test/server/cli.ts --port 8080 [--keepalive 45s] [--users alice:pass ...]` (also `npm run test-server --`):
 * runs the test server on 127.0.0.1 until Ctrl-C. Try it with
 * `curl -sN localhost:8080/mytopic/json` and `curl -d hi localhost:8080/mytopic`.
 */
import { parseCliArgs, usage } from './cli-args.ts';
import { startTestServer } from './server.ts';

const parsed = parseCliArgs(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`error: ${parsed.error}\n\n${usage}`);
  process.exitCode = 2;
} else if (parsed.help) {
  console.log(usage);
} else {
  const server = await startTestServer(parsed.options);
  const users = parsed.options.auth?.users?.map((user) => user.name) ?? [];
  console.log(`ntfy test server listening on ${server.url}${users.length > 0 ? ` (users: ${users.join(', ')})` : ''}`);
  console.log(`  subscribe: curl -sN ${server.url}/mytopic/json    publish: curl -d hi ${server.url}/mytopic`);
  const stop = (): void => {
    console.log('closing');
    server.close().then(
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
}
