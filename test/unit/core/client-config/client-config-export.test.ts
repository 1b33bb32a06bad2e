import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSubscriptions } from '../../../../main/core/client-config/client-config-plan.ts';
import {
  clientConfigYaml,
  type ExportedSubscription,
} from '../../../../main/core/client-config/client-config-export.ts';
import { parseClientConfig } from '../../../../main/core/client-config/client-config.ts';
import type { Credentials } from '../../../../main/core/protocol/subscribe-request.ts';

/**
 * The yaml tags of ntfy's client/config.go (`Config` and `Subscribe`): all ntfy's CLI reads. yaml.v2 ignores other
 * keys without a word, so a misspelt key would be lost silently; `If` is a `map[string]string`.
 */
const CONFIG_GO_TOP_KEYS = [
  'default-host',
  'default-user',
  'default-password',
  'default-token',
  'default-command',
  'subscribe',
];
const CONFIG_GO_SUBSCRIBE_KEYS = ['topic', 'user', 'password', 'token', 'command', 'if'];

const subscriptions: ExportedSubscription[] = [
  { server: 'https://ntfy.example.com', topic: 'alerts', filters: {}, command: 'notify-send "$t" "$m"' },
  {
    server: 'https://ntfy.example.com',
    topic: 'backups',
    filters: { priority: ['high', '5'], tags: ['disk', 'backup'], title: 'Nightly: done', message: 'ok', id: 'x1' },
  },
  { server: 'https://other.example.com/base', topic: '123', filters: {} },
  { server: 'http://127.0.0.1:8080', topic: 'local', filters: { priority: ['1'] } },
];

function reread(text: string, credentials = false) {
  const parsed = parseClientConfig(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problem));
  const planned = configSubscriptions(parsed.config, {
    path: 'client.yml',
    transport: 'json',
    authVia: 'header',
    scheduled: false,
  });
  if (!planned.ok) throw new Error(planned.error);
  return planned.value.map((item) => ({
    server: item.server,
    topic: item.topic,
    filters: item.filters,
    ...(item.command === undefined ? {} : { command: item.command }),
    ...(credentials ? { credentials: item.credentials } : {}),
  }));
}

describe('clientConfigYaml', () => {
  it('parses back with the core parser to the same subscriptions, filters and commands', () => {
    const text = clientConfigYaml({ defaultHost: 'https://ntfy.example.com', subscriptions });
    expect(reread(text)).toEqual(subscriptions);
  });

  it("writes only the keys of ntfy's client/config.go, every value a string, and no secret unless given", () => {
    const text = clientConfigYaml({ defaultHost: 'https://ntfy.example.com', subscriptions });
    const document = parse(text) as Record<string, unknown>;
    expect(Object.keys(document).every((key) => CONFIG_GO_TOP_KEYS.includes(key))).toBe(true);
    const entries = document['subscribe'] as Record<string, unknown>[];
    for (const entry of entries) {
      expect(Object.keys(entry).every((key) => CONFIG_GO_SUBSCRIBE_KEYS.includes(key))).toBe(true);
      expect(typeof entry['topic']).toBe('string');
      expect(Object.values((entry['if'] ?? {}) as Record<string, unknown>).every((v) => typeof v === 'string')).toBe(
        true,
      );
      expect(entry).not.toHaveProperty('password');
      expect(entry).not.toHaveProperty('token');
    }
    // Topics on the default host are bare, as ntfy's CLI expands them; a numeric topic stays text.
    expect(entries.map((entry) => entry['topic'])).toEqual([
      'alerts',
      'backups',
      'https://other.example.com/base/123',
      'http://127.0.0.1:8080/local',
    ]);
    expect(entries[1]?.['if']).toEqual({
      id: 'x1',
      message: 'ok',
      title: 'Nightly: done',
      priority: 'high,5',
      tags: 'disk,backup',
    });
  });

  it('writes the credentials it is given, per entry, and they parse back as those credentials', () => {
    const credentials: (Credentials | undefined)[] = [
      { kind: 'basic', user: 'phil', password: 'p: "#1' },
      { kind: 'token', token: 'tk_abc' },
      { kind: 'none' },
      undefined,
    ];
    const text = clientConfigYaml({
      defaultHost: 'https://ntfy.example.com',
      subscriptions: subscriptions.map((item, index) => {
        const own = credentials[index];
        return own === undefined ? item : { ...item, credentials: own };
      }),
    });
    expect(reread(text, true).map((item) => item.credentials)).toEqual([
      { kind: 'basic', user: 'phil', password: 'p: "#1', passwordGiven: true },
      { kind: 'token', token: 'tk_abc' },
      { kind: 'none' },
      { kind: 'none' },
    ]);
    // An explicit none is written as ntfy's `token: ""`: a default-token added to the file later does not reach it.
    const entries = (parse(text) as { subscribe: Record<string, unknown>[] }).subscribe;
    expect(entries.map((entry) => entry['token'] ?? null)).toEqual([null, 'tk_abc', '', null]);
  });
});
