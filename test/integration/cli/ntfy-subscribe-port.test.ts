/**
 * ntfy's own subscribe tests (cmd/subscribe_test.go), ported case by case against test/server: each case is named
 * after the Go test it ports. ntfy's handler checks the Authorization header and answers one message; here the
 * message is in test/server's cache, the header is read from its request log, and stdout must be the poll's JSON
 * line byte for byte as the server sent it (`\u003c` escapes included). In-process (runCli). docs/protocol.md#cli.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/index.ts';
import { runCliInProcess } from '../../support/cli-in-process.ts';

const TOKEN = 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2';
const FAKE_TOKEN = 'tk_FAKETOKEN01234567890FAKETOKEN';
const PHILIPP = 'Basic cGhpbGlwcDpteXBhc3M=';

let server: TestServer;
let dir: string;
let env: Record<string, string>;
/** The poll answer of `mytopic` exactly as the server writes it. */
let expectedLine: string;
/** Requests before this one were the test's own. */
let firstCliRequest: number;

beforeEach(async () => {
  server = await startTestServer({
    auth: {
      users: [
        { name: 'philipp', password: 'mypass', tokens: [TOKEN] },
        { name: 'fake', password: 'password' },
      ],
      defaultAccess: 'read-write',
    },
  });
  dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-subscribe-port-'));
  env = { HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') };
  // A `<` makes Go write `\u003c`: the line must come out as the server wrote it, not re-encoded.
  await server.publish('mytopic', 'triggered <now>');
  const answer = await fetch(`${server.url}/mytopic/json?poll=1`);
  expectedLine = (await answer.text()).trimEnd();
  expect(expectedLine).toContain('\\u003cnow\\u003e');
  firstCliRequest = server.requests.length;
});

afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** The Authorization header of the one poll of mytopic the CLI made ('' for none, as Go's Header.Get gives). */
function pollAuthorization(): string {
  const polls = server.requests
    .slice(firstCliRequest)
    .filter((request) => request.transport === 'poll' && request.path === '/mytopic/json');
  expect(polls).toHaveLength(1);
  return polls[0]?.authorization ?? '';
}

const head = (defaults: string): string => `default-host: {host}\n${defaults}`;
const entry = (fields: string): string => `subscribe:\n  - topic: mytopic\n${fields}`;

const USER_PASS = 'default-user: philipp\ndefault-password: mypass\n';
const TOKEN_DEFAULT = `default-token: ${TOKEN}\n`;

/** [Go test, client.yml (with {host}), arguments after `subscribe --poll --from-config --config=<file>`, header] */
const CASES: readonly (readonly [string, string, readonly string[], string])[] = [
  [
    'TestCLI_Subscribe_Default_UserPass_Subscription_Token',
    head(USER_PASS) + entry(`    token: ${TOKEN}\n`),
    [],
    `Bearer ${TOKEN}`,
  ],
  [
    'TestCLI_Subscribe_Default_Token_Subscription_UserPass',
    head(TOKEN_DEFAULT) + entry('    user: philipp\n    password: mypass\n'),
    [],
    PHILIPP,
  ],
  [
    'TestCLI_Subscribe_Default_Token_Subscription_Token',
    head(`default-token: ${FAKE_TOKEN}\n`) + entry(`    token: ${TOKEN}\n`),
    [],
    `Bearer ${TOKEN}`,
  ],
  [
    'TestCLI_Subscribe_Default_UserPass_Subscription_UserPass',
    head('default-user: fake\ndefault-password: password\n') + entry('    user: philipp\n    password: mypass\n'),
    [],
    PHILIPP,
  ],
  ['TestCLI_Subscribe_Default_Token_Subscription_Empty', head(TOKEN_DEFAULT) + entry(''), [], `Bearer ${TOKEN}`],
  ['TestCLI_Subscribe_Default_UserPass_Subscription_Empty', head(USER_PASS) + entry(''), [], PHILIPP],
  [
    'TestCLI_Subscribe_Default_Empty_Subscription_Token',
    head('') + entry(`    token: ${TOKEN}\n`),
    [],
    `Bearer ${TOKEN}`,
  ],
  [
    'TestCLI_Subscribe_Default_Empty_Subscription_UserPass',
    head('') + entry('    user: philipp\n    password: mypass\n'),
    [],
    PHILIPP,
  ],
  [
    'TestCLI_Subscribe_Default_Token_CLI_Token',
    head(`default-token: ${FAKE_TOKEN}\n`),
    ['--token', TOKEN, 'mytopic'],
    `Bearer ${TOKEN}`,
  ],
  [
    'TestCLI_Subscribe_Default_Token_CLI_UserPass',
    head(TOKEN_DEFAULT),
    ['--user', 'philipp:mypass', 'mytopic'],
    PHILIPP,
  ],
  [
    'TestCLI_Subscribe_Default_Token_Subscription_Token_CLI_UserPass',
    head(`default-token: ${FAKE_TOKEN}\n`) + entry(`    token: ${TOKEN}\n`),
    ['--user', 'philipp:mypass'],
    `Bearer ${TOKEN}`,
  ],
  ['TestCLI_Subscribe_Default_Token', head(TOKEN_DEFAULT), ['mytopic'], `Bearer ${TOKEN}`],
  ['TestCLI_Subscribe_Default_UserPass', head(USER_PASS), ['mytopic'], PHILIPP],
  [
    'TestCLI_Subscribe_Override_Default_UserPass_With_Empty_UserPass',
    head(USER_PASS) + entry('    user: ""\n    password: ""\n'),
    [],
    '',
  ],
  ['TestCLI_Subscribe_Override_Default_Token_With_Empty_Token', head(TOKEN_DEFAULT) + entry('    token: ""\n'), [], ''],
];

describe("ntfy's cmd/subscribe_test.go", () => {
  it.each(CASES)('%s', async (_name, yml, args, authorization) => {
    const file = path.join(dir, 'client.yml');
    await writeFile(file, yml.replace('{host}', server.url), { mode: 0o600 });
    const run = await runCliInProcess(['subscribe', '--poll', '--from-config', `--config=${file}`, ...args], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(expectedLine);
    expect(pollAuthorization()).toBe(authorization);
  });

  it('TestCLI_Subscribe_Token_And_UserPass', async () => {
    const args = ['subscribe', '--poll', '--token', TOKEN, '--user', 'philipp:mypass', 'mytopic', 'triggered'];
    const run = await runCliInProcess(args, env);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('cannot set both --user and --token');
  });
});
