import { describe, expect, it } from 'vitest';
import { parseSubscriptionsJson } from '../../../renderer/settings/subscriptions-json-import.ts';
import { errorOf, planOf } from '../../support/import-plans.ts';

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

  it('reports each item of the wrong shape with its reason and still reads the others', () => {
    const text = `{
      "format": "ntfy-tray-subscriptions",
      "version": 1,
      "subscriptions": [
        { "server": "https://ntfy.sh", "topic": "fine" },
        "https://ntfy.sh/not-an-object",
        { "server": "ftp://files.example.com", "topic": "ftp" },
        { "server": "https://alice:pw@ntfy.sh", "topic": "userinfo" },
        { "server": "https://ntfy.sh", "topic": "secretive", "password": "hunter2" },
        { "server": "https://ntfy.sh", "topic": "slow", "transport": "carrier-pigeon" },
        { "server": "https://ntfy.sh", "topic": "loud", "minPriority": 7 },
        { "server": "https://ntfy.sh", "topic": "tagged", "filters": { "tags": "disk" } },
        { "server": "https://ntfy.sh", "topic": "titled", "filters": { "title": 5 } },
        { "server": "https://ntfy.sh", "topic": "odd", "filters": { "since": "10m" } },
        { "server": "https://ntfy.sh", "topic": "quiet", "muted": "yes" },
        { "topic": "serverless" },
        { "server": "https://ntfy.sh", "topic": 42 },
        { "server": "https://ntfy.sh", "topic": "also-fine", "filters": { "tags": ["disk", "backup"] } }
      ]
    }`;
    const plan = planOf(parseSubscriptionsJson(text));
    expect(plan.subscriptions.map((item) => item.input.topic)).toEqual(['fine', 'also-fine']);
    expect(plan.problems).toEqual([
      { label: 'item 2', message: 'must be an object' },
      { label: 'item 3 (ftp)', message: 'server must be an http or https URL' },
      { label: 'item 4 (userinfo)', message: 'server must not contain credentials' },
      { label: 'item 5 (secretive)', message: 'has an unknown field "password"' },
      { label: 'item 6 (slow)', message: 'transport must be one of json, sse, ws, raw' },
      { label: 'item 7 (loud)', message: 'minPriority must be a whole number from 1 to 5' },
      { label: 'item 8 (tagged)', message: 'tags filter must be a list of texts' },
      { label: 'item 9 (titled)', message: 'title filter must be a text' },
      { label: 'item 10 (odd)', message: 'filters has an unknown field "since"' },
      { label: 'item 11 (quiet)', message: 'muted must be true or false' },
      { label: 'item 12 (serverless)', message: 'server must be a text' },
      { label: 'item 13', message: 'topic must be a text' },
    ]);
  });

  it('leaves the rules on values to the core: texts and lists of the right type pass as they are', () => {
    // Each of these breaks a rule the core checks when the item is saved (import-subscriptions.test.ts shows what
    // the user is told); reading them is not the place to judge them a second time.
    const text = JSON.stringify({
      format: 'ntfy-tray-subscriptions',
      version: 1,
      subscriptions: [
        { server: 'https://ntfy.sh', topic: 'bad topic!' },
        { server: 'https://ntfy.sh', topic: 'picky', filters: { priority: ['highest'], tags: [' spaced '] } },
        { server: 'https://ntfy.sh', topic: 'named', displayName: '   ', filters: { message: '' } },
      ],
    });
    const plan = planOf(parseSubscriptionsJson(text));
    expect(plan.problems).toEqual([]);
    expect(plan.subscriptions.map((item) => item.input)).toEqual([
      { server: 'https://ntfy.sh', topic: 'bad topic!', filters: {} },
      { server: 'https://ntfy.sh', topic: 'picky', filters: { priority: ['highest'], tags: [' spaced '] } },
      { server: 'https://ntfy.sh', topic: 'named', displayName: '   ', filters: { message: '' } },
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

  it('does not take names of Object.prototype members for fields', () => {
    const json =
      '{"format": "ntfy-tray-subscriptions", "version": 1, "subscriptions": ' +
      '[{"server": "https://ntfy.sh", "topic": "a", "__proto__": {"muted": true}}]}';
    expect(planOf(parseSubscriptionsJson(json)).problems).toEqual([
      { label: 'item 1 (a)', message: 'has an unknown field "__proto__"' },
    ]);
  });
});
