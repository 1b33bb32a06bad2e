import { describe, expect, it } from 'vitest';
import { parseClientConfig } from '../../../../main/core/client-config/client-config.ts';
import { parseSubscribeArgs, type SubscribePlan } from '../../../../main/core/cli/subscribe-args.ts';

const TOPIC = 'https://ntfy.example.com/alerts';

function plan(args: readonly string[], env: Readonly<Record<string, string>> = {}): SubscribePlan {
  const result = parseSubscribeArgs(args, env);
  if (result.ok !== true) throw new Error(`expected a plan, got ${JSON.stringify(result)}`);
  return result.value;
}

function usageError(args: readonly string[], env: Readonly<Record<string, string>> = {}): string {
  const result = parseSubscribeArgs(args, env);
  if (result.ok !== false) throw new Error(`expected a usage error, got ${JSON.stringify(result)}`);
  return result.error;
}

describe('--user', () => {
  it('splits user:pass at the first colon, as the ntfy CLI does, and ignores NTFY_PASSWORD then', () => {
    const { subscriptions } = plan(['--user', 'alice:se:cret', TOPIC], { NTFY_PASSWORD: 'from-env' });
    expect(subscriptions[0]?.credentials).toEqual({
      kind: 'basic',
      user: 'alice',
      password: 'se:cret',
      passwordGiven: true,
    });
  });

  it('takes the password from NTFY_PASSWORD without a colon, else leaves it to the keychain (empty)', () => {
    expect(plan(['--user', 'alice', TOPIC], { NTFY_PASSWORD: 'from-env' }).subscriptions[0]?.credentials).toEqual({
      kind: 'basic',
      user: 'alice',
      password: 'from-env',
    });
    expect(plan(['--user', 'alice', TOPIC]).subscriptions[0]?.credentials).toEqual({
      kind: 'basic',
      user: 'alice',
      password: '',
    });
  });

  it('refuses an empty user and a bare colon; reads alice: and :tk_… as ntfy does (empty password, token)', () => {
    expect(usageError(['--user', '', TOPIC])).toMatch(/--user needs a user name/);
    expect(usageError(['--user', ':', TOPIC])).toMatch(/no user name before the colon/);
    expect(plan(['--user', 'alice:', TOPIC]).subscriptions[0]?.credentials).toEqual({
      kind: 'basic',
      user: 'alice',
      password: '',
      passwordGiven: true,
    });
    // Basic with an empty user name: ntfy's server takes the password as the token (docs/protocol.md#authentication).
    expect(plan(['-u', ':tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2', TOPIC]).subscriptions[0]?.credentials).toEqual({
      kind: 'basic',
      user: '',
      password: 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2',
      passwordGiven: true,
    });
  });

  it("reads NTFY_USER and NTFY_TOKEN as ntfy does, and refuses both at once in ntfy's words", () => {
    expect(plan([TOPIC], { NTFY_USER: 'alice:pw' }).subscriptions[0]?.credentials).toMatchObject({
      kind: 'basic',
      user: 'alice',
      password: 'pw',
    });
    expect(plan(['-k', 'tk_flag', TOPIC], { NTFY_TOKEN: 'tk_env' }).subscriptions[0]?.credentials).toEqual({
      kind: 'token',
      token: 'tk_flag',
    });
    expect(usageError(['--token', 'tk_x', TOPIC], { NTFY_USER: 'alice:pw' })).toBe(
      'cannot set both --user and --token',
    );
  });

  it('never quotes the password in an error', () => {
    expect(usageError(['--user', 'alice:hunter2\r', TOPIC])).not.toContain('hunter2');
    expect(usageError(['--user', 'alice:hunter2', '--token', 'tk_x', TOPIC])).not.toContain('hunter2');
  });
});

describe('secrets with control characters', () => {
  it.each([
    ['--token', ['--token', 'tk_abc\r'], {}],
    ['NTFY_TOKEN', [], { NTFY_TOKEN: 'tk_abc\n' }],
    ['NTFY_PASSWORD', ['--user', 'alice'], { NTFY_PASSWORD: 'pw\r' }],
    ['NTFY_PASSWORD', [], { NTFY_PASSWORD: 'pw\r\n' }],
    ['the password in --user', ['--user', 'alice:pw\n'], {}],
  ])('refuses %s with a trailing line break, naming it and why', (name, args, env) => {
    const error = usageError([...args, TOPIC], env);
    expect(error).toContain(name);
    expect(error).toMatch(/line break.*Windows line endings/);
  });

  it('refuses a control character inside a token, by code point', () => {
    expect(usageError(['--token', 'tk_a\u0007b', TOPIC])).toMatch(/--token contains a control character \(U\+0007\)/);
  });

  it('does not check variables that the options make irrelevant', () => {
    expect(plan(['--token', 'tk_ok', TOPIC], { NTFY_TOKEN: 'bad\r', NTFY_PASSWORD: 'bad\r' })).toBeDefined();
  });

  it('refuses an empty --token instead of silently subscribing without credentials', () => {
    expect(usageError(['--token', '', TOPIC])).toMatch(/--token is empty/);
  });
});

describe('topic URLs', () => {
  it.each([
    ['?since=10m', '--since'],
    ['?poll=1', '--poll'],
    ['?auth=QmFzaWMgYWJj', '--token or --user'],
    ['?p=5', '--priority'],
    ['?Since=1h', '--since'],
  ])('refuses a query %s, pointing to %s', (query, option) => {
    const error = usageError([`${TOPIC}${query}`]);
    expect(error).toContain(`use ${option} instead`);
  });

  it('does not echo a query value (it may be a secret)', () => {
    expect(usageError([`${TOPIC}?auth=c2VjcmV0`])).not.toContain('c2VjcmV0');
  });

  it('refuses an unknown query, an empty one and a fragment', () => {
    expect(usageError([`${TOPIC}?x=1`])).toMatch(/takes no query \(x=…\): ntfy-tray builds the query itself/);
    expect(usageError([`${TOPIC}?`])).toMatch(/takes no query/);
    expect(usageError([`${TOPIC}#top`])).toMatch(/takes no fragment/);
    expect(usageError([`${TOPIC}#`])).toMatch(/takes no fragment/);
  });

  it('still splits a comma list under a base path', () => {
    const { subscriptions } = plan(['https://host:8080/ntfy/a,b']);
    expect(subscriptions.map(({ server, topic }) => [server, topic])).toEqual([
      ['https://host:8080/ntfy', 'a'],
      ['https://host:8080/ntfy', 'b'],
    ]);
  });
});

describe('options that were accepted and then ignored or refused by the server', () => {
  it.each(['ws', 'sse', 'raw'])('refuses --poll with --transport %s', (transport) => {
    expect(usageError(['--poll', '--transport', transport, TOPIC])).toBe(
      '--poll always reads the JSON endpoint; --transport does not apply',
    );
  });

  it('accepts --poll with --transport json', () => {
    expect(plan(['--poll', '--transport', 'json', TOPIC]).poll).toBe(true);
  });

  it('refuses an empty --data-dir', () => {
    expect(usageError(['--data-dir', '', TOPIC])).toMatch(/--data-dir is empty/);
  });

  it.each(['9', 'docs', '0', '4,', 'high, max', 'HIGH'])('refuses --priority %s', (priority) => {
    expect(usageError(['--priority', priority, TOPIC])).toMatch(/--priority|empty value/);
  });

  it('accepts numbers and names of priorities as an OR list', () => {
    expect(plan(['--priority', '1,min,low,default,high,max,urgent,5', TOPIC]).subscriptions[0]?.filters).toEqual({
      priority: ['1', 'min', 'low', 'default', 'high', 'max', 'urgent', '5'],
    });
  });

  it.each([
    ['--tags', ''],
    ['--tags', 'a,,b'],
    ['--title', ''],
    ['--message', ''],
    ['--id', ''],
  ])('refuses the empty filter value %s %j', (option, value) => {
    expect(usageError([option, value, TOPIC])).toContain(option);
  });
});

describe('durations', () => {
  it('bounds --keepalive-timeout to 5s … 1h and says so', () => {
    expect(usageError(['--keepalive-timeout', '25d', TOPIC])).toBe(
      '--keepalive-timeout 25d is out of range: use from 5s to 1h',
    );
    expect(usageError(['--keepalive-timeout', '4s', TOPIC])).toMatch(/out of range/);
    expect(plan(['--keepalive-timeout', '1h', TOPIC]).keepaliveTimeoutMs).toBe(3_600_000);
    expect(plan(['--keepalive-timeout', '5s', TOPIC]).keepaliveTimeoutMs).toBe(5_000);
  });

  it('bounds --backoff-max to 1s … 1h', () => {
    expect(usageError(['--backoff-max', '100d', TOPIC])).toBe('--backoff-max 100d is out of range: use from 1s to 1h');
    expect(usageError(['--backoff-max', '999ms', TOPIC])).toMatch(/out of range/);
    expect(usageError(['--backoff-max', 'soon', TOPIC])).toBe(
      '--backoff-max must be a duration from 1s to 1h, such as 2m',
    );
    expect(plan(['--backoff-max', '1m30s', TOPIC]).backoffMaxMs).toBe(90_000);
  });

  it('accepts days in --since and converts them, because servers answer 1d with 400', () => {
    expect(plan(['--since', '1d', TOPIC]).since).toEqual({ kind: 'duration', value: '86400s' });
  });
});

describe('a command after the topic (ntfy sub TOPIC COMMAND)', () => {
  it.each([
    ['notify-send "$m"'],
    ['/usr/local/bin/alert'],
    ['./backup'],
    ['~/bin/alert'],
    ['myscript.sh'],
    ['C:\\run.bat'],
  ])('reads %s as the command of the one topic before it', (command) => {
    const { subscriptions } = plan([TOPIC, command]);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ topic: 'alerts', command });
  });

  it('always reads the second argument as the command, as ntfy does (c.Args().Get(1)), even one like a topic', () => {
    const { subscriptions } = plan([TOPIC, 'https://ntfy.example.com/other']);
    expect(subscriptions.map((subscription) => [subscription.topic, subscription.command])).toEqual([
      ['alerts', 'https://ntfy.example.com/other'],
    ]);
    expect(plan([TOPIC, 'true']).subscriptions.map((subscription) => subscription.command)).toEqual(['true']);
  });

  it('passes the arguments after the command to it, each as one shell word', () => {
    const posix = parseSubscribeArgs([TOPIC, 'notify-send', 'it is $m', "don't"], {}, { platform: 'linux' });
    if (posix.ok !== true) throw new Error(JSON.stringify(posix));
    expect(posix.value.subscriptions[0]?.command).toBe(`notify-send 'it is $m' 'don'\\''t'`);
    const windows = parseSubscribeArgs([TOPIC, 'echo', 'a "b"'], {}, { platform: 'win32' });
    if (windows.ok !== true) throw new Error(JSON.stringify(windows));
    expect(windows.value.subscriptions[0]?.command).toBe('echo "a ""b"""');
  });

  it('takes several topics as ntfy does, comma-joined in the first argument', () => {
    const { subscriptions } = plan(['https://ntfy.example.com/a,b', 'echo "$m"']);
    expect(subscriptions.map((subscription) => [subscription.topic, subscription.command])).toEqual([
      ['a', 'echo "$m"'],
      ['b', 'echo "$m"'],
    ]);
  });

  it('refuses a command with --transport raw', () => {
    expect(usageError(['--transport', 'raw', TOPIC, 'echo "$m"'])).toMatch(/--transport raw/);
  });
});

describe('client.yml (-c/--config, --from-config)', () => {
  const yml = parseClientConfig(`
default-host: https://ntfy.example.com
default-token: tk_default
default-command: echo "$m"
subscribe:
  - topic: alerts
  - topic: other.example.com/backups
    user: bob
    password: pw
    command: ./backup-done
    if:
      priority: high,urgent
  - topic: public
    token: ""
`);
  if (!yml.ok) throw new Error('test config does not parse');
  const withConfig = {
    clientConfig: (given: string | undefined) => ({ kind: 'ok' as const, path: given ?? '/c.yml', config: yml.config }),
  };
  const parse = (args: readonly string[]) => parseSubscribeArgs(args, {}, withConfig);

  it('subscribes every entry with its credentials, filters and command (else default-command)', () => {
    const result = parse(['--from-config']);
    if (result.ok !== true) throw new Error(JSON.stringify(result));
    expect(result.value.subscriptions).toEqual([
      expect.objectContaining({
        server: 'https://ntfy.example.com',
        topic: 'alerts',
        credentials: { kind: 'token', token: 'tk_default' },
        command: 'echo "$m"',
      }),
      expect.objectContaining({
        server: 'https://other.example.com',
        topic: 'backups',
        credentials: { kind: 'basic', user: 'bob', password: 'pw', passwordGiven: true },
        filters: { priority: ['high', 'urgent'] },
        command: './backup-done',
      }),
      expect.objectContaining({ topic: 'public', credentials: { kind: 'none' }, command: 'echo "$m"' }),
    ]);
  });

  it('gives a topic on the command line default-host and the default credentials, but no default-command', () => {
    const result = parse(['-c', '/my.yml', 'news']);
    if (result.ok !== true) throw new Error(JSON.stringify(result));
    expect(result.value.subscriptions).toEqual([
      expect.objectContaining({
        server: 'https://ntfy.example.com',
        topic: 'news',
        credentials: { kind: 'token', token: 'tk_default' },
      }),
    ]);
    expect(result.value.subscriptions[0]).not.toHaveProperty('command');
    const own = parse(['-u', 'alice:secret', 'news']);
    if (own.ok !== true) throw new Error(JSON.stringify(own));
    expect(own.value.subscriptions[0]?.credentials).toEqual({
      kind: 'basic',
      user: 'alice',
      password: 'secret',
      passwordGiven: true,
    });
  });

  it('refuses --from-config without a client.yml, and reports a broken one', () => {
    expect(
      parseSubscribeArgs(['--from-config'], {}, { clientConfig: () => ({ kind: 'none', path: '/x/client.yml' }) }),
    ).toEqual({
      ok: false,
      error: expect.stringContaining('no client.yml at /x/client.yml') as unknown,
    });
    expect(parseSubscribeArgs(['alerts'], {}, { clientConfig: () => ({ kind: 'error', message: 'broken' }) })).toEqual({
      ok: false,
      error: 'broken',
    });
  });
});

describe('output format (ntfy sub prints JSON lines)', () => {
  const json = (args: readonly string[], stdoutIsTerminal?: boolean) => {
    const result = parseSubscribeArgs([...args, TOPIC], {}, stdoutIsTerminal === undefined ? {} : { stdoutIsTerminal });
    if (result.ok !== true) throw new Error(JSON.stringify(result));
    return result.value.json;
  };

  it('is JSON into a pipe and readable on a terminal; --json and --text choose either way', () => {
    expect(json([], false)).toBe(true);
    expect(json([], true)).toBe(false);
    expect(json(['--text'], false)).toBe(false);
    expect(json(['--json'], true)).toBe(true);
    expect(usageError(['--json', '--text', TOPIC])).toMatch(/--json or --text, not both/);
  });

  it('takes -u and -k as ntfy does', () => {
    expect(plan(['-u', 'alice:pw', TOPIC]).subscriptions[0]?.credentials).toEqual({
      kind: 'basic',
      user: 'alice',
      password: 'pw',
      passwordGiven: true,
    });
    expect(plan(['-k', 'tk_abc', TOPIC]).subscriptions[0]?.credentials).toEqual({ kind: 'token', token: 'tk_abc' });
  });
});
