/**
 * Groups whose subscribe URL would be longer than proxies allow are split (docs/protocol.md#url-length): each part
 * within the budget, the same parts for the same topics whatever their order, and one topic more or less changes
 * only the part it falls in.
 */
import { describe, expect, it } from 'vitest';
import type { ConnectionSpec } from '../../../../main/core/engine/connection-types.ts';
import { groupSubscriptions, type Subscription } from '../../../../main/core/engine/groups.ts';
import { requestForSpec } from '../../../../main/core/engine/spec-request.ts';
import {
  longestRequestBytes,
  splitByUrlBudget,
  SUBSCRIBE_URL_BUDGET_BYTES,
} from '../../../../main/core/engine/url-budget.ts';

const all = { initialSince: { kind: 'all' } } as const;
const SERVER = 'https://ntfy.example.com';

/** `count` topics of 10 characters: a thousand of them make an 11 KB URL. */
function topicNames(count: number, prefix = 'topic-'): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(4, '0')}`);
}

function subscriptions(topics: readonly string[], extra: Partial<Subscription> = {}): Subscription[] {
  return topics.map((topic) => ({ server: SERVER, topic, ...extra }));
}

/** What identifies a connection to the manager: its key and its topics (as a set). */
function shape(specs: readonly ConnectionSpec[]): string[] {
  return specs.map((spec) => `${spec.key} = ${[...spec.topics].sort().join(',')}`).sort();
}

describe('splitting a group by URL length', () => {
  it('keeps a group that fits as the one connection it was: same key, topics in their order', () => {
    const topics = topicNames(300).reverse();
    const [spec, ...rest] = groupSubscriptions(subscriptions(topics), all);
    expect(rest).toEqual([]);
    expect(spec?.key.includes(' part ')).toBe(false);
    expect(spec?.topics).toEqual(topics);
  });

  it('splits 1,000 topics (an 11 KB URL) into a few connections, each within the budget, every topic once', () => {
    const topics = topicNames(1000);
    const [whole] = groupSubscriptions(subscriptions(topics.slice(0, 1)), all);
    expect(whole && longestRequestBytes(whole, topics)).toBeGreaterThan(11_000);

    const specs = groupSubscriptions(subscriptions(topics), all);
    expect(specs.length).toBeGreaterThanOrEqual(2);
    expect(specs.length).toBeLessThanOrEqual(4); // 11 KB in parts of at most 6,000 bytes
    for (const spec of specs) {
      expect(longestRequestBytes(spec, spec.topics)).toBeLessThanOrEqual(SUBSCRIBE_URL_BUDGET_BYTES);
      expect(spec.server).toBe(SERVER);
    }
    expect(new Set(specs.map((spec) => spec.key)).size).toBe(specs.length);
    expect(specs.flatMap((spec) => spec.topics).sort()).toEqual(topics);
  });

  it('counts what every request of the connection sends: filters, ?auth= and a resume’s since', () => {
    const topics = topicNames(1000);
    const filters = { title: 'x'.repeat(500), tags: ['a', 'b'], priority: ['4', '5'] };
    const credentials = { kind: 'token', token: `tk_${'a'.repeat(29)}` } as const;
    const specs = groupSubscriptions(
      subscriptions(topics, { filters, credentials, authVia: 'query', transport: 'ws' }),
      all,
    );
    expect(specs.length).toBeGreaterThanOrEqual(2);
    for (const spec of specs) {
      const bytes = longestRequestBytes(spec, spec.topics) ?? Infinity;
      expect(bytes).toBeLessThanOrEqual(SUBSCRIBE_URL_BUDGET_BYTES);
      // The title filter alone is 500 bytes of each: it was counted, not left to chance.
      expect(bytes).toBeGreaterThan(500 + spec.topics.join(',').length);
    }
  });

  it('counts the poll URL too, which is longer than the stream URL: a group whose stream just fits is split', () => {
    const topics = topicNames(300);
    const [spec] = groupSubscriptions(subscriptions(topics), all);
    if (spec === undefined) throw new Error('no group');
    // The longest `since` a resume sends: a 12-character message id.
    const resume = { kind: 'id', id: 'A'.repeat(12) } as const;
    const urlBytes = (part: ConnectionSpec, poll: boolean): number =>
      Buffer.byteLength(requestForSpec(part, { topics: part.topics, since: resume, poll }).url);
    const streamBytes = urlBytes(spec, false);
    expect(urlBytes(spec, true) - streamBytes).toBeGreaterThanOrEqual(7); // `poll=1&` or `&poll=1`
    // A budget the stream URL fits exactly and the poll URL does not.
    const parts = splitByUrlBudget(spec, streamBytes);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const part of parts) expect(urlBytes(part, true)).toBeLessThanOrEqual(streamBytes);
  });

  it('makes the same connections from the same topics in any order (no churn across restarts)', () => {
    const topics = topicNames(1000);
    const shuffled = [...topics].sort((a, b) =>
      a.split('').reverse().join('') < b.split('').reverse().join('') ? -1 : 1,
    );
    expect(shuffled).not.toEqual(topics);
    expect(groupSubscriptions(subscriptions(topics), all).length).toBeGreaterThanOrEqual(2);
    expect(shape(groupSubscriptions(subscriptions(shuffled), all))).toEqual(
      shape(groupSubscriptions(subscriptions(topics), all)),
    );
  });

  it('changes only the connection a new or removed topic falls in; the others keep running', () => {
    const topics = topicNames(5000); // 55 KB: about 16 connections
    const before = shape(groupSubscriptions(subscriptions(topics), all));
    expect(before.length).toBeGreaterThanOrEqual(10);
    for (const changed of [[...topics, 'newcomer-1'], topics.filter((topic) => topic !== 'topic-2500')]) {
      const after = shape(groupSubscriptions(subscriptions(changed), all));
      // The part the topic falls in changes (or splits, or joins its sibling); every other part is untouched.
      expect(before.filter((part) => !after.includes(part)).length).toBeLessThanOrEqual(2);
      expect(before.filter((part) => after.includes(part)).length).toBeGreaterThanOrEqual(before.length - 2);
    }
  });
});
