import { describe, expect, it } from 'vitest';
import type { SubscriptionDto } from '../../../common/ipc.ts';
import {
  type ImportParseResult,
  type ImportPlan,
  parseClientYml,
  parseSubscriptionsJson,
  resolveClientTopic,
  serializeSubscriptions,
} from '../../../renderer/settings/subscription-files.ts';

const appDefault = { defaultServer: 'https://ntfy.sh' };

function planOf(result: ImportParseResult): ImportPlan {
  if (!result.ok) throw new Error(`expected a plan, got: ${result.error}`);
  return result.plan;
}

function errorOf(result: ImportParseResult): string {
  if (result.ok) throw new Error('expected the whole file to be refused');
  return result.error;
}

const subscriptionWithEverything: SubscriptionDto = {
  id: '5b0e2c1e-9a43-4d4b-8f77-1f9a3c1d2e3f',
  server: 'https://ntfy.example.com',
  topic: 'backups',
  displayName: 'Nightly backups',
  transport: 'sse',
  filters: { priority: ['high', 'urgent'], tags: ['disk'], title: 'Backup' },
  muted: true,
  minPriority: 3,
  auth: 'basic',
  user: 'alice',
  hasCredentials: true,
};

const plainSubscription: SubscriptionDto = {
  id: 'b2',
  server: 'https://ntfy.sh',
  topic: 'alerts',
  transport: 'json',
  filters: {},
  muted: false,
  minPriority: 1,
  auth: 'token',
  hasCredentials: true,
};

describe('serializeSubscriptions', () => {
  it('writes the versioned envelope with the subscription fields only', () => {
    const text = serializeSubscriptions([subscriptionWithEverything, plainSubscription]);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual({
      format: 'ntfy-tray-subscriptions',
      version: 1,
      subscriptions: [
        {
          server: 'https://ntfy.example.com',
          topic: 'backups',
          displayName: 'Nightly backups',
          transport: 'sse',
          filters: { priority: ['high', 'urgent'], tags: ['disk'], title: 'Backup' },
          muted: true,
          minPriority: 3,
        },
        { server: 'https://ntfy.sh', topic: 'alerts', transport: 'json', filters: {}, muted: false, minPriority: 1 },
      ],
    });
  });

  it('leaves out ids and everything about credentials, even fields the DTO might gain', () => {
    const withExtra = { ...subscriptionWithEverything, password: 'hunter2', token: 'tk_secret' } as SubscriptionDto;
    const text = serializeSubscriptions([withExtra]);
    for (const leaked of ['alice', 'hunter2', 'tk_secret', 'hasCredentials', '"auth"', '"id"', withExtra.id]) {
      expect(text).not.toContain(leaked);
    }
  });

  it('round-trips: what it exports imports back as the same subscriptions', () => {
    const exported = serializeSubscriptions([subscriptionWithEverything, plainSubscription]);
    const plan = planOf(parseSubscriptionsJson(exported));
    expect(plan.problems).toEqual([]);
    expect(plan.duplicates).toBe(0);
    expect(plan.subscriptions.map((item) => item.input)).toEqual([
      {
        server: 'https://ntfy.example.com',
        topic: 'backups',
        displayName: 'Nightly backups',
        transport: 'sse',
        filters: { priority: ['high', 'urgent'], tags: ['disk'], title: 'Backup' },
        muted: true,
        minPriority: 3,
      },
      { server: 'https://ntfy.sh', topic: 'alerts', transport: 'json', filters: {}, muted: false, minPriority: 1 },
    ]);
  });

  it('exports an empty list as a file that imports to nothing', () => {
    const plan = planOf(parseSubscriptionsJson(serializeSubscriptions([])));
    expect(plan.subscriptions).toEqual([]);
    expect(plan.problems).toEqual([]);
  });
});

describe('parseSubscriptionsJson', () => {
  it('reads a hand-written file, normalizing server URLs and keeping absent options absent', () => {
    const text = `{
      "format": "ntfy-tray-subscriptions",
      "version": 1,
      "subscriptions": [
        { "server": "https://NTFY.Example.com/", "topic": "alerts" },
        { "server": "http://127.0.0.1:8080/base/", "topic": "deploys_2", "transport": "ws", "muted": false }
      ]
    }`;
    const plan = planOf(parseSubscriptionsJson(text));
    expect(plan.subscriptions).toEqual([
      { label: 'item 1 (alerts)', input: { server: 'https://ntfy.example.com', topic: 'alerts', filters: {} } },
      {
        label: 'item 2 (deploys_2)',
        input: { server: 'http://127.0.0.1:8080/base', topic: 'deploys_2', transport: 'ws', filters: {}, muted: false },
      },
    ]);
    expect(plan.withCredentials).toBe(0);
    expect(plan.withCommand).toBe(0);
  });

  it('refuses text that is not JSON', () => {
    expect(errorOf(parseSubscriptionsJson('{"format": "ntfy-tray-subscriptions", '))).toMatch(/^is not valid JSON: /);
    expect(errorOf(parseSubscriptionsJson(''))).toMatch(/^is not valid JSON/);
  });

  it('refuses JSON of another shape as a whole', () => {
    expect(errorOf(parseSubscriptionsJson('[{"server": "https://ntfy.sh", "topic": "alerts"}]'))).toContain(
      'is not an ntfy Tray subscriptions file',
    );
    expect(
      errorOf(parseSubscriptionsJson('{"format": "something-else", "version": 1, "subscriptions": []}')),
    ).toContain('is not an ntfy Tray subscriptions file');
    expect(errorOf(parseSubscriptionsJson('{"format": "ntfy-tray-subscriptions", "version": 1}'))).toBe(
      'has no "subscriptions" list',
    );
    expect(
      errorOf(parseSubscriptionsJson('{"format": "ntfy-tray-subscriptions", "version": 1, "subscriptions": {}}')),
    ).toBe('has no "subscriptions" list');
    expect(errorOf(parseSubscriptionsJson('{"format": "ntfy-tray-subscriptions", "subscriptions": []}'))).toBe(
      'has an unknown format version (none)',
    );
    expect(
      errorOf(parseSubscriptionsJson('{"format": "ntfy-tray-subscriptions", "version": 2, "subscriptions": []}')),
    ).toBe('was written by a newer ntfy Tray (format version 2)');
  });

  it('reports each unreadable item with its reason and still reads the others', () => {
    const text = `{
      "format": "ntfy-tray-subscriptions",
      "version": 1,
      "subscriptions": [
        { "server": "https://ntfy.sh", "topic": "fine" },
        "https://ntfy.sh/not-an-object",
        { "server": "https://ntfy.sh", "topic": "bad topic!" },
        { "server": "ftp://files.example.com", "topic": "ftp" },
        { "server": "https://ntfy.sh", "topic": "secretive", "password": "hunter2" },
        { "server": "https://ntfy.sh", "topic": "slow", "transport": "carrier-pigeon" },
        { "server": "https://ntfy.sh", "topic": "loud", "minPriority": 7 },
        { "server": "https://ntfy.sh", "topic": "picky", "filters": { "priority": ["highest"] } },
        { "server": "https://ntfy.sh", "topic": "tagged", "filters": { "tags": "disk" } },
        { "server": "https://ntfy.sh", "topic": "named", "displayName": "   " },
        { "topic": "serverless" },
        { "server": "https://ntfy.sh", "topic": "also-fine", "filters": { "tags": ["disk", "backup"] } }
      ]
    }`;
    const plan = planOf(parseSubscriptionsJson(text));
    expect(plan.subscriptions.map((item) => item.input.topic)).toEqual(['fine', 'also-fine']);
    expect(plan.problems).toEqual([
      { label: 'item 2', message: 'must be an object' },
      { label: 'item 3 (bad topic!)', message: 'topic must be 1-64 characters of A-Z a-z 0-9 _ - (got "bad topic!")' },
      { label: 'item 4 (ftp)', message: 'server must be an http or https URL' },
      { label: 'item 5 (secretive)', message: 'has an unknown field "password"' },
      { label: 'item 6 (slow)', message: 'transport must be one of json, sse, ws, raw' },
      { label: 'item 7 (loud)', message: 'minPriority must be a whole number from 1 to 5' },
      {
        label: 'item 8 (picky)',
        message: 'priority filter "highest" must be 1 to 5 or min, low, default, high, max, urgent',
      },
      { label: 'item 9 (tagged)', message: 'tags filter must be a list of texts' },
      { label: 'item 10 (named)', message: 'displayName must be 1 to 100 characters, not blank' },
      { label: 'item 11 (serverless)', message: 'server must be a text' },
    ]);
  });

  it('imports a raw subscription (which the app no longer offers) as json, and marks it so the report can say so', () => {
    const text = `{
      "format": "ntfy-tray-subscriptions",
      "version": 1,
      "subscriptions": [
        { "server": "https://ntfy.sh", "topic": "builds", "transport": "raw", "muted": true },
        { "server": "https://ntfy.sh", "topic": "alerts", "transport": "sse" }
      ]
    }`;
    expect(planOf(parseSubscriptionsJson(text)).subscriptions).toEqual([
      {
        label: 'item 1 (builds)',
        input: { server: 'https://ntfy.sh', topic: 'builds', transport: 'json', filters: {}, muted: true },
        rawAsJson: true,
      },
      {
        label: 'item 2 (alerts)',
        input: { server: 'https://ntfy.sh', topic: 'alerts', transport: 'sse', filters: {} },
      },
    ]);
  });

  it('keeps the first of duplicate subscriptions (same server however it is spelled) and counts the rest', () => {
    const text = `{
      "format": "ntfy-tray-subscriptions",
      "version": 1,
      "subscriptions": [
        { "server": "https://ntfy.example.com", "topic": "alerts", "displayName": "first" },
        { "server": "https://NTFY.example.com/", "topic": "alerts", "displayName": "second" },
        { "server": "https://ntfy.example.com", "topic": "Alerts" },
        { "server": "https://other.example.com", "topic": "alerts" },
        { "server": "https://ntfy.example.com", "topic": "alerts" }
      ]
    }`;
    const plan = planOf(parseSubscriptionsJson(text));
    expect(plan.duplicates).toBe(2);
    expect(plan.subscriptions.map(({ input }) => [input.server, input.topic, input.displayName])).toEqual([
      ['https://ntfy.example.com', 'alerts', 'first'],
      ['https://ntfy.example.com', 'Alerts', undefined],
      ['https://other.example.com', 'alerts', undefined],
    ]);
  });
});

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

  it.each([
    ['bad topic!', /topic must be 1-64 characters/],
    ['https://ntfy.example.com/', /does not end in a topic name/],
    ['https://ntfy.example.com', /does not end in a topic name/],
    ['ntfy.example.com/bad topic', /not a valid URL|topic must be 1-64 characters/],
    ['ntfy.example.com/al%20erts', /topic must be 1-64 characters/],
    ['ftp://ntfy.example.com/alerts', /must be http\(s\)/],
    ['https://alice:pw@ntfy.example.com/alerts', /must not contain credentials/],
    ['https://ntfy.example.com/alerts?poll=1', /must not have a query/],
    ['a'.repeat(65), /topic must be 1-64 characters/],
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
  });

  it('reports each unusable item with its reason and still reads the others', () => {
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
      {
        server: 'https://ntfy.example.com',
        topic: 'also-good',
        filters: { priority: ['4'], tags: ['disk'], title: 'Backup' },
      },
    ]);
    expect(plan.problems).toEqual([
      { label: 'item 2', message: 'must be a mapping with a topic' },
      { label: 'item 3', message: 'has no topic' },
      { label: 'item 4 (bad topic!)', message: 'topic must be 1-64 characters of A-Z a-z 0-9 _ - (got "bad topic!")' },
      {
        label: 'item 5 (ftp://ntfy.example.com/ftp)',
        message: 'topic URL "ftp://ntfy.example.com/ftp" must be http(s)',
      },
      {
        label: 'item 6 (picky)',
        message: 'priority filter "highest" must be 1 to 5 or min, low, default, high, max, urgent',
      },
      { label: 'item 7 (unknown-filter)', message: '"if" has an unknown filter "since"' },
      { label: 'item 8 (listy)', message: '"if" must be a mapping of filters' },
      { label: 'item 9 (spaced-tags)', message: 'tag filter "" must be non-empty, without commas or spaces around' },
      { label: 'item 10 (typo)', message: 'has an unknown field "comand"' },
    ]);
  });

  it('does not take names of Object.prototype members for filters or fields', () => {
    const yml = 'subscribe:\n  - topic: a\n    if:\n      constructor: x\n  - topic: b\n    if:\n      toString: x\n';
    expect(planOf(parseClientYml(yml, appDefault)).problems).toEqual([
      { label: 'item 1 (a)', message: '"if" has an unknown filter "constructor"' },
      { label: 'item 2 (b)', message: '"if" has an unknown filter "toString"' },
    ]);
    const json =
      '{"format": "ntfy-tray-subscriptions", "version": 1, "subscriptions": ' +
      '[{"server": "https://ntfy.sh", "topic": "a", "__proto__": {"muted": true}}]}';
    expect(planOf(parseSubscriptionsJson(json)).problems).toEqual([
      { label: 'item 1 (a)', message: 'has an unknown field "__proto__"' },
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
