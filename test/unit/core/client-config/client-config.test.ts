import { describe, expect, it } from 'vitest';
import { configDefaultCredentials, entryCredentials } from '../../../../main/core/client-config/client-config-plan.ts';
import { parseClientConfig } from '../../../../main/core/client-config/client-config.ts';
import { clientConfigCandidates, defaultClientConfigPath } from '../../../../main/core/client-config/config-path.ts';

function config(text: string) {
  const result = parseClientConfig(text);
  if (!result.ok) throw new Error(`expected a config, got ${JSON.stringify(result.problem)}`);
  return result.config;
}

function problem(text: string) {
  const result = parseClientConfig(text);
  if (result.ok) throw new Error('expected a problem');
  return result.problem;
}

describe('parseClientConfig', () => {
  it("reads the example of ntfy's client.yml", () => {
    const parsed = config(`
default-host: https://ntfy.example.com
default-user: phil
default-password: "1234"
default-command: 'echo "$message"'
subscribe:
  - topic: mytopic
    command: /usr/local/bin/mytopic-triggered.sh
  - topic: myserver.com/anothertopic
    command: 'echo "$message"'
    if:
      priority: high,urgent
  - topic: secret
    command: 'notify-send "$m"'
    user: phill
    password: mypass
  - topic: token_topic
    token: tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2
`);
    expect(parsed).toEqual({
      defaultHost: 'https://ntfy.example.com',
      defaultHostSet: true,
      defaultUser: 'phil',
      defaultPassword: '1234',
      defaultCommand: 'echo "$message"',
      subscribe: [
        { topic: 'mytopic', command: '/usr/local/bin/mytopic-triggered.sh', if: {} },
        { topic: 'myserver.com/anothertopic', command: 'echo "$message"', if: { priority: 'high,urgent' } },
        { topic: 'secret', command: 'notify-send "$m"', user: 'phill', password: 'mypass', if: {} },
        { topic: 'token_topic', token: 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2', if: {} },
      ],
      ignoredFields: [],
    });
  });

  it('gives the defaults for a file of comments only, and takes scalars as text like ntfy (password: 1234)', () => {
    expect(config('# ntfy client config file\n# default-host: https://ntfy.sh\n')).toEqual({
      defaultHost: 'https://ntfy.sh',
      defaultHostSet: false,
      subscribe: [],
      ignoredFields: [],
    });
    expect(config('subscribe:\n  - topic: a\n    user: u\n    password: 1234\n').subscribe[0]?.password).toBe('1234');
  });

  it('keeps an explicitly empty token or user/password (no credentials) apart from a missing one', () => {
    const parsed = config('subscribe:\n  - topic: a\n    token: ""\n  - topic: b\n    token:\n');
    expect(parsed.subscribe[0]?.token).toBe('');
    expect(parsed.subscribe[1]).not.toHaveProperty('token');
  });

  it('reads every name the server takes a filter under (server/types.go: x-priority, prio, p, ta, m, t …)', () => {
    const yml =
      'subscribe:\n  - topic: a\n    if:\n      prio: high\n      ta: disk\n      m: done\n      t: Backup\n      x-id: abc\n';
    const parsed = parseClientConfig(yml);
    expect(parsed.ok && parsed.config.subscribe[0]?.if).toEqual({
      priority: 'high',
      tags: 'disk',
      message: 'done',
      title: 'Backup',
      id: 'abc',
    });
  });

  it('ignores keys ntfy does not know, as yaml.v2 Unmarshal does, and lists them (field and entry, no value)', () => {
    const parsed = config('colour: blue\nsubscribe:\n  - topic: a\n    pasword: hunter2\n    password: right\n');
    expect(parsed.ignoredFields).toEqual([{ field: 'colour' }, { field: 'pasword', entry: 1 }]);
    expect(parsed.subscribe).toEqual([{ topic: 'a', password: 'right', if: {} }]);
    expect(JSON.stringify(parsed.ignoredFields)).not.toContain('hunter2');
  });

  it('takes a token beside a user, as ntfy does (it sends the token)', () => {
    const both =
      'default-token: tk_x\ndefault-user: phil\ndefault-password: pw\nsubscribe:\n  - topic: a\n    token: tk_a\n    user: u\n    password: p\n';
    const parsed = parseClientConfig(both);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(configDefaultCredentials(parsed.config)).toEqual({ kind: 'token', token: 'tk_x' });
    const [entry] = parsed.config.subscribe;
    expect(entry === undefined ? undefined : entryCredentials(entry, parsed.config)).toEqual({
      kind: 'token',
      token: 'tk_a',
    });
  });

  it('names the field and entry of a problem, never a value', () => {
    expect(problem('subscribe:\n  - topic: a\n  - user: x\n')).toEqual({ kind: 'missing-topic', entry: 2 });
    expect(problem('subscribe:\n  - topic: a\n    if:\n      since: 10m\n')).toEqual({
      kind: 'unknown-filter',
      field: 'since',
      entry: 1,
    });
    expect(problem('subscribe: mytopic\n')).toEqual({ kind: 'not-a-list', field: 'subscribe' });
    expect(problem('default-host: [a\n')).toMatchObject({ kind: 'yaml' });
    expect(JSON.stringify(problem('subscribe:\n  - topic: a\n    password: [hunter2]\n'))).not.toContain('hunter2');
  });
});

describe('parseClientConfig on hostile files', () => {
  it('names an alias bomb (billion laughs) instead of expanding it', () => {
    const bomb = [
      'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
      'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
      'subscribe: [*e]',
    ].join('\n');
    expect(problem(bomb)).toEqual({ kind: 'aliases' });
    // An alias or two, as a person might write to share a command, is still read.
    const shared = parseClientConfig(
      'subscribe:\n  - topic: a\n    command: &c echo hi\n  - topic: b\n    command: *c\n',
    );
    expect(shared.ok && shared.config.subscribe.map((entry) => entry.command)).toEqual(['echo hi', 'echo hi']);
  });

  it('refuses a key named twice in one map, with its line', () => {
    expect(problem('subscribe:\n  - topic: a\n    command: x\n    command: y\n')).toEqual({
      kind: 'duplicate-key',
      field: 'command',
      line: 4,
    });
  });
});

describe('defaultClientConfigPath (ntfy cmd/subscribe.go)', () => {
  const home = '/home/alice';
  it('is ~/.config/ntfy/client.yml for a user on Linux, $XDG_CONFIG_HOME when set, /etc/ntfy for root', () => {
    expect(defaultClientConfigPath({ platform: 'linux', env: {}, homeDir: home, uid: 1000 })).toBe(
      '/home/alice/.config/ntfy/client.yml',
    );
    expect(
      defaultClientConfigPath({ platform: 'linux', env: { XDG_CONFIG_HOME: '/x/conf' }, homeDir: home, uid: 1000 }),
    ).toBe('/x/conf/ntfy/client.yml');
    expect(defaultClientConfigPath({ platform: 'linux', env: {}, homeDir: '/root', uid: 0 })).toBe(
      '/etc/ntfy/client.yml',
    );
  });

  it('is under Application Support on macOS and %AppData% on Windows', () => {
    expect(defaultClientConfigPath({ platform: 'darwin', env: {}, homeDir: '/Users/alice', uid: 501 })).toBe(
      '/Users/alice/Library/Application Support/ntfy/client.yml',
    );
    expect(
      defaultClientConfigPath({
        platform: 'win32',
        env: { APPDATA: 'C:\\Users\\alice\\AppData\\Roaming' },
        homeDir: 'C:\\Users\\alice',
        uid: undefined,
      }),
    ).toBe('C:\\Users\\alice\\AppData\\Roaming\\ntfy\\client.yml');
  });
});

describe('clientConfigCandidates', () => {
  it("tries ntfy's root path first and then the user's, for root only", () => {
    expect(clientConfigCandidates({ platform: 'linux', env: {}, homeDir: '/root', uid: 0 })).toEqual([
      '/etc/ntfy/client.yml',
      '/root/.config/ntfy/client.yml',
    ]);
    expect(clientConfigCandidates({ platform: 'linux', env: {}, homeDir: '/home/a', uid: 1000 })).toEqual([
      '/home/a/.config/ntfy/client.yml',
    ]);
  });
});
