import { describe, expect, it } from 'vitest';
import {
  parseServerInput,
  parseTopicInput,
  topicUrlOf,
  withAssumedHttps,
  type TopicInputErrorCode,
} from '../../../common/topic-input.ts';

const DEFAULT = 'https://ntfy.sh';

describe('topic input rule', () => {
  it.each([
    ['https://ntfy.example.com/alerts', 'https://ntfy.example.com', 'alerts'],
    ['http://127.0.0.1:18300/x', 'http://127.0.0.1:18300', 'x'],
    ['HTTPS://Ntfy.SH/Alerts/', 'https://ntfy.sh', 'Alerts'],
    ['ntfy.sh/alerts', 'https://ntfy.sh', 'alerts'],
    ['127.0.0.1:18300/alerts', 'https://127.0.0.1:18300', 'alerts'],
    ['localhost:8080/alerts', 'https://localhost:8080', 'alerts'],
    ['host.example.com/ntfy/alerts', 'https://host.example.com/ntfy', 'alerts'],
    ['[::1]:8080/alerts', 'https://[::1]:8080', 'alerts'],
    ['  alerts  ', DEFAULT, 'alerts'],
    ['https://ntfy.sh/alerts?since=all#x', 'https://ntfy.sh', 'alerts'],
  ])('reads %j as server %j, topic %j', (text, server, topic) => {
    const result = parseTopicInput(text, DEFAULT);
    expect(result).toEqual({ ok: true, address: { server, topic } });
  });

  it.each([
    ['alerts', 'ntfy.example.com', 'https://ntfy.example.com'],
    ['alerts', '127.0.0.1:18300', 'https://127.0.0.1:18300'],
    ['alerts', 'http://127.0.0.1:18300/', 'http://127.0.0.1:18300'],
  ])('puts bare topic %j on default server %j as %j', (text, defaultServer, server) => {
    expect(parseTopicInput(text, defaultServer)).toEqual({ ok: true, address: { server, topic: text } });
  });

  it.each<[string, string, TopicInputErrorCode]>([
    ['', DEFAULT, 'missing-topic'],
    ['   ', DEFAULT, 'missing-topic'],
    ['https://ntfy.sh', DEFAULT, 'missing-topic'],
    ['ntfy.sh/', DEFAULT, 'missing-topic'],
    ['ntfy.sh', DEFAULT, 'invalid-topic-name'],
    ['127.0.0.1:18300', DEFAULT, 'invalid-topic-name'],
    ['a b', DEFAULT, 'invalid-topic-name'],
    ['ntfy.sh/a%20b', DEFAULT, 'invalid-topic-name'],
    ['ntfy.sh/dot.ted', DEFAULT, 'invalid-topic-name'],
    [`ntfy.sh/${'x'.repeat(65)}`, DEFAULT, 'invalid-topic-name'],
    ['ftp://ntfy.sh/alerts', DEFAULT, 'invalid-server-url'],
    ['not a host/alerts', DEFAULT, 'invalid-server-url'],
    ['https://user:secret@ntfy.sh/alerts', DEFAULT, 'server-url-with-credentials'],
    ['alerts', '', 'missing-server'],
    ['alerts', 'ftp://ntfy.sh', 'invalid-server-url'],
  ])('refuses topic %j (default server %j) with %s', (text, defaultServer, code) => {
    const result = parseTopicInput(text, defaultServer);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
  });

  it.each([
    ['ntfy.sh', 'https://ntfy.sh'],
    ['127.0.0.1:18300', 'https://127.0.0.1:18300'],
    ['host.example.com/ntfy/', 'https://host.example.com/ntfy'],
    ['http://127.0.0.1:18300', 'http://127.0.0.1:18300'],
    [' https://Ntfy.sh/ ', 'https://ntfy.sh'],
  ])('reads server field %j as %j', (text, server) => {
    expect(parseServerInput(text)).toEqual({ ok: true, server });
  });

  it.each([
    ['', 'missing-server'],
    ['ws://ntfy.sh', 'invalid-server-url'],
    ['not a host', 'invalid-server-url'],
    ['user:secret@ntfy.sh', 'server-url-with-credentials'],
  ])('refuses server field %j with %s', (text, code) => {
    const result = parseServerInput(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(code);
  });

  it('assumes https only where no scheme was typed', () => {
    expect(withAssumedHttps(' ntfy.sh/a ')).toBe('https://ntfy.sh/a');
    expect(withAssumedHttps('http://ntfy.sh/a')).toBe('http://ntfy.sh/a');
    expect(withAssumedHttps('localhost:80/a')).toBe('https://localhost:80/a');
  });

  it('gives the topic URL to publish to', () => {
    expect(topicUrlOf({ server: 'https://host/base', topic: 'alerts' })).toBe('https://host/base/alerts');
  });
});
