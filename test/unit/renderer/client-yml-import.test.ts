import { describe, expect, it } from 'vitest';
import { parseClientYml, resolveClientTopic } from '../../../renderer/settings/client-yml-import.ts';
import { errorOf, planOf } from '../../support/import-plans.ts';

const appDefault = { defaultServer: 'https://ntfy.sh' };

describe('resolveClientTopic', () => {
  it.each([
    ['alerts', 'https://ntfy.sh', 'alerts'],
    ['ntfy.example.com/alerts', 'https://ntfy.example.com', 'alerts'],
    ['https://ntfy.example.com/alerts', 'https://ntfy.example.com', 'alerts'],
    ['http://localhost:8080/alerts', 'http://localhost:8080', 'alerts'],
    ['HTTPS://Ntfy.Example.com/alerts/', 'https://ntfy.example.com', 'alerts'],
    ['example.com/ntfy/alerts', 'https://example.com/ntfy', 'alerts'],
    ['  ntfy.example.com/alerts  ', 'https://ntfy.example.com', 'alerts'],
  ])('%s → %s + %s', (topic, server, name) => {
    expect(resolveClientTopic(topic, 'https://ntfy.sh')).toEqual({ server, topic: name });
  });

  it('uses the given default host for a bare name', () => {
    expect(resolveClientTopic('alerts', 'https://ntfy.example.com/')).toEqual({
      server: 'https://ntfy.example.com',
      topic: 'alerts',
    });
  });

  it('passes the name on as written, for the core to judge when the item is saved', () => {
    expect(resolveClientTopic('bad topic!', 'https://ntfy.sh')).toEqual({
      server: 'https://ntfy.sh',
      topic: 'bad topic!',
    });
    expect(resolveClientTopic('ntfy.example.com/al%20erts', 'https://ntfy.sh')).toEqual({
      server: 'https://ntfy.example.com',
      topic: 'al%20erts',
    });
  });

  it.each([
    ['https://ntfy.example.com/', /does not end in a topic name/],
    ['https://ntfy.example.com', /does not end in a topic name/],
    ['ftp://ntfy.example.com/alerts', /must be http\(s\)/],
    ['https://alice:pw@ntfy.example.com/alerts', /must not contain credentials/],
    ['https://ntfy.example.com/alerts?poll=1', /must not have a query/],
  ])('refuses %s', (topic, problem) => {
    expect(() => resolveClientTopic(topic, 'https://ntfy.sh')).toThrow(problem);
  });
});

describe('parseClientYml', () => {
  // Shaped like the example in https://docs.ntfy.sh/subscribe/cli/#configuration.
  const clientYml = `# ntfy client config file
default-host: https://ntfy.example.com

subscribe:
  - topic: mytopic
    command: /usr/local/bin/mytopic-triggered.sh
  - topic: myserver.com/anothertopic
    command: 'echo "$message"'
    if:
      priority: high,urgent
  - topic: https://ntfy.sh/public-alerts
    if:
      tags: disk, backup
      title: Backup done
      message: success
  - topic: secret
    user: phill
    password: mypass
  - topic: http://127.0.0.1:8080/base/token_topic
    token: tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2
  - topic: urgent-only
    if:
      priority: 5
`;

  it('reads every subscription with its server, topic and filters', () => {
    const plan = planOf(parseClientYml(clientYml, appDefault));
    expect(plan.problems).toEqual([]);
    expect(plan.duplicates).toBe(0);
    expect(plan.subscriptions.map((item) => item.input)).toEqual([
      { server: 'https://ntfy.example.com', topic: 'mytopic', filters: {} },
      { server: 'https://myserver.com', topic: 'anothertopic', filters: { priority: ['high', 'urgent'] } },
      {
        server: 'https://ntfy.sh',
        topic: 'public-alerts',
        filters: { tags: ['disk', 'backup'], title: 'Backup done', message: 'success' },
      },
      { server: 'https://ntfy.example.com', topic: 'secret', filters: {} },
      { server: 'http://127.0.0.1:8080/base', topic: 'token_topic', filters: {} },
      { server: 'https://ntfy.example.com', topic: 'urgent-only', filters: { priority: ['5'] } },
    ]);
  });

  it('counts credentials and commands but never carries them into a subscription', () => {
    const plan = planOf(parseClientYml(clientYml, appDefault));
    expect(plan.withCredentials).toBe(2);
    expect(plan.withCommand).toBe(2);
    const everything = JSON.stringify(plan);
    for (const secret of ['phill', 'mypass', 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2', 'triggered.sh', '$message']) {
      expect(everything).not.toContain(secret);
    }
  });

  it('applies default credentials and the default command to every subscription', () => {
    const text = `default-user: phil
default-password: mypass
default-command: notify-send "$m"
subscribe:
  - topic: one
  - topic: two
    command: echo hi
`;
    const plan = planOf(parseClientYml(text, appDefault));
    expect(plan.subscriptions).toHaveLength(2);
    expect(plan.withCredentials).toBe(2);
    expect(plan.withCommand).toBe(2);
  });

  it("puts bare topics on the app's default server when the file names no default-host", () => {
    const text = 'subscribe:\n  - topic: alerts\n  - topic: ntfy.example.com/alerts\n';
    const plan = planOf(parseClientYml(text, { defaultServer: 'http://127.0.0.1:4321' }));
    expect(plan.subscriptions.map((item) => item.input.server)).toEqual([
      'http://127.0.0.1:4321',
      'https://ntfy.example.com',
    ]);
  });

  it('refuses broken YAML, saying where', () => {
    const broken = 'subscribe:\n  - topic: "alerts\n  - topic: other\n';
    expect(errorOf(parseClientYml(broken, appDefault))).toMatch(/^is not valid YAML: .*line \d+/);
    const badIndent = 'subscribe:\n  - topic: alerts\n     if: {priority: high\n';
    expect(errorOf(parseClientYml(badIndent, appDefault))).toMatch(/^is not valid YAML: /);
    const duplicateKey = 'default-host: https://a.example.com\ndefault-host: https://b.example.com\nsubscribe: []\n';
    expect(errorOf(parseClientYml(duplicateKey, appDefault))).toMatch(
      /^is not valid YAML: .*[Mm]ap keys must be unique/,
    );
  });

  it('refuses files of the wrong shape as a whole', () => {
    expect(errorOf(parseClientYml('', appDefault))).toContain('is not a client.yml');
    expect(errorOf(parseClientYml('- topic: alerts\n', appDefault))).toContain('is not a client.yml');
    expect(errorOf(parseClientYml('default-host: https://ntfy.sh\n', appDefault))).toBe('has no subscribe: list');
    expect(errorOf(parseClientYml('subscribe:\n  topic: alerts\n', appDefault))).toBe('has no subscribe: list');
    expect(errorOf(parseClientYml('default-host: ftp://x\nsubscribe: []\n', appDefault))).toBe(
      'default-host "ftp://x" must be an http or https URL',
    );
    expect(errorOf(parseClientYml('default-host: [a]\nsubscribe: []\n', appDefault))).toBe(
      'default-host must be a URL',
    );
    // Credentials belong in the keychain: said as such, not as "not a URL".
    expect(errorOf(parseClientYml('default-host: https://phil:pw@ntfy.example.com\nsubscribe: []\n', appDefault))).toBe(
      'default-host "https://phil:pw@ntfy.example.com" must not contain credentials',
    );
  });

  it('reports each item of the wrong shape with its reason and still reads the others', () => {
    const text = `default-host: https://ntfy.example.com
subscribe:
  - topic: good
  - alerts
  - command: echo no topic
  - topic: bad topic!
  - topic: ftp://ntfy.example.com/ftp
  - topic: picky
    if:
      priority: highest
  - topic: unknown-filter
    if:
      since: 10m
  - topic: listy
    if: [priority, high]
  - topic: spaced-tags
    if:
      tags: ",disk"
  - topic: typo
    comand: echo hi
  - topic: also-good
    if:
      p: "4"
      ta: disk
      t: Backup
`;
    const plan = planOf(parseClientYml(text, appDefault));
    expect(plan.subscriptions.map((item) => item.input)).toEqual([
      { server: 'https://ntfy.example.com', topic: 'good', filters: {} },
      // Values the core judges when each is saved (import-subscriptions.test.ts): passed on as written.
      { server: 'https://ntfy.example.com', topic: 'bad topic!', filters: {} },
      { server: 'https://ntfy.example.com', topic: 'picky', filters: { priority: ['highest'] } },
      { server: 'https://ntfy.example.com', topic: 'spaced-tags', filters: { tags: ['', 'disk'] } },
      {
        server: 'https://ntfy.example.com',
        topic: 'also-good',
        filters: { priority: ['4'], tags: ['disk'], title: 'Backup' },
      },
    ]);
    expect(plan.problems).toEqual([
      { label: 'item 2', message: 'must be a mapping with a topic' },
      { label: 'item 3', message: 'has no topic' },
      {
        label: 'item 5 (ftp://ntfy.example.com/ftp)',
        message: 'topic URL "ftp://ntfy.example.com/ftp" must be http(s)',
      },
      { label: 'item 7 (unknown-filter)', message: '"if" has an unknown filter "since"' },
      { label: 'item 8 (listy)', message: '"if" must be a mapping of filters' },
      { label: 'item 10 (typo)', message: 'has an unknown field "comand"' },
    ]);
  });

  it('does not take names of Object.prototype members for filters', () => {
    const yml = 'subscribe:\n  - topic: a\n    if:\n      constructor: x\n  - topic: b\n    if:\n      toString: x\n';
    expect(planOf(parseClientYml(yml, appDefault)).problems).toEqual([
      { label: 'item 1 (a)', message: '"if" has an unknown filter "constructor"' },
      { label: 'item 2 (b)', message: '"if" has an unknown filter "toString"' },
    ]);
  });

  it('counts a topic named twice (as a name and as a URL) as one subscription and a duplicate', () => {
    const text = `default-host: https://ntfy.sh
subscribe:
  - topic: alerts
  - topic: https://ntfy.sh/alerts
    user: phil
    password: mypass
  - topic: ntfy.sh/alerts
  - topic: ntfy.example.com/alerts
`;
    const plan = planOf(parseClientYml(text, appDefault));
    expect(plan.duplicates).toBe(2);
    expect(plan.subscriptions.map((item) => `${item.input.server}/${item.input.topic}`)).toEqual([
      'https://ntfy.sh/alerts',
      'https://ntfy.example.com/alerts',
    ]);
    // Only a duplicate mention carried credentials; the subscription still needs them.
    expect(plan.withCredentials).toBe(1);
  });
});
