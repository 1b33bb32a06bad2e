import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../../../main/core/store/history/index.ts';
import { RANKED_CANDIDATES } from '../../../../../main/core/store/history/search.ts';
import { sampleMessages, simpleMessage } from './sample-messages.ts';
import { checkIntegrity, openRaw, openTempStore, request, SERVER } from './temp-store.ts';

const ids = (hits: readonly SearchHit[]): string[] => hits.map((hit) => hit.message.id);

describe('search', () => {
  it('finds messages by words of title, body and tags, all words required', async () => {
    const { store } = await openTempStore();
    await store.append(
      request({
        messages: [
          simpleMessage({ id: 'title', title: 'Disk almost full', message: 'see dashboard' }),
          simpleMessage({ id: 'body', message: 'the disk on nas is full' }),
          simpleMessage({ id: 'tag', message: 'nightly run', tags: ['disk-full', 'warning'] }),
          simpleMessage({ id: 'other', message: 'backup finished' }),
        ],
      }),
    );
    expect(ids(store.search({ text: 'disk full' })).sort()).toEqual(['body', 'tag', 'title']);
    expect(ids(store.search({ text: 'warning' }))).toEqual(['tag']);
    expect(ids(store.search({ text: 'nas disk' }))).toEqual(['body']);
    expect(store.search({ text: 'nothing-like-this' })).toEqual([]);
  });

  it('ranks a match in the title above a match in a long body (bm25), then newest first', async () => {
    const { store } = await openTempStore();
    await store.append(
      request({
        messages: [
          simpleMessage({ id: 'in-title', title: 'Backup failed', message: 'see the log', time: 1 }),
          simpleMessage({ id: 'in-body', message: `one two three four five backup six seven eight nine`, time: 2 }),
        ],
      }),
    );
    const hits = store.search({ text: 'backup' });
    expect(ids(hits)).toEqual(['in-title', 'in-body']);
    expect(hits[0]?.rank).toBeLessThan(hits[1]?.rank ?? Number.NaN);
  });

  it('returns matches as plain segments, including markup in the message as text', async () => {
    const { store } = await openTempStore();
    await store.append(
      request({
        messages: [
          simpleMessage({
            id: 'x',
            title: 'Disk alert',
            message: '<img src=x onerror=alert(1)> disk <b>full</b>',
          }),
        ],
      }),
    );
    const [hit] = store.search({ text: 'disk' });
    expect(hit?.titleSegments).toEqual([
      { text: 'Disk', match: true },
      { text: ' alert', match: false },
    ]);
    expect(hit?.messageSegments).toEqual([
      { text: '<img src=x onerror=alert(1)> ', match: false },
      { text: 'disk', match: true },
      { text: ' <b>full</b>', match: false },
    ]);
    expect(hit?.messageSegments.map((segment) => segment.text).join('')).toBe(hit?.message.message);
  });

  it('matches the last word as a prefix while typing, and ignores case and accents', async () => {
    const { store } = await openTempStore();
    await store.append(request({ messages: [simpleMessage({ id: 'x', message: 'Café Überweisung eingegangen' })] }));
    expect(ids(store.search({ text: 'ueber' }))).toEqual([]);
    expect(ids(store.search({ text: 'uberw' }))).toEqual(['x']);
    expect(ids(store.search({ text: 'CAFE eing' }))).toEqual(['x']);
    const [hit] = store.search({ text: 'eing' });
    expect(hit?.messageSegments.filter((segment) => segment.match)).toEqual([{ text: 'eingegangen', match: true }]);
  });

  it('gives nothing for an empty search or one without words', async () => {
    const { store } = await openTempStore();
    await store.append(request({ messages: [simpleMessage({ id: 'x', message: 'anything' })] }));
    expect(store.search({ text: '' })).toEqual([]);
    expect(store.search({ text: '  "" * ( ) ' })).toEqual([]);
  });

  it('never throws on whatever the user types, and finds a message by its own words', async () => {
    const { store, dir } = await openTempStore();
    await store.append(request({ messages: sampleMessages({ count: 300 }) }));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        expect(Array.isArray(store.search({ text }))).toBe(true);
      }),
      { numRuns: 500 },
    );
    const syntax = fc.constantFrom('"', '*', '(', ')', 'AND', 'OR', 'NOT', 'NEAR', ':', '^', '-', '+', '{', '}', ',');
    const piece = fc.oneof(syntax, fc.constantFrom('disk', 'é', ' ', '\u0000', 'x'), fc.string({ maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        expect(Array.isArray(store.search({ text: pieces.join('') }))).toBe(true);
      }),
      { numRuns: 500 },
    );
    for (const text of [
      '"',
      '""',
      'a"b',
      'NEAR(',
      'AND',
      'OR NOT',
      'title:',
      '*',
      '^',
      '(((',
      'x:y:z',
      '\u0000a',
      '🙂',
    ]) {
      expect(() => store.search({ text }), text).not.toThrow();
    }
    // Words with FTS5 syntax in them are found as text.
    await store.append(
      request({ messages: [simpleMessage({ id: 'syntax', message: 'run NEAR(x) with AND "quotes"' })] }),
    );
    expect(ids(store.search({ text: 'NEAR(x) AND "quotes"' }))).toEqual(['syntax']);
    expect(checkIntegrity(openRaw(dir))).toBe('ok');
  });

  it('applies the subscription, priority and unread filters', async () => {
    const { store } = await openTempStore();
    await store.append(
      request({
        messages: [
          simpleMessage({ id: 'a', topic: 'a', message: 'deploy done', priority: 5 }),
          simpleMessage({ id: 'b', topic: 'b', message: 'deploy done', priority: 2 }),
        ],
      }),
    );
    store.setRead({ server: SERVER, id: 'a', read: true });
    expect(ids(store.search({ text: 'deploy', subscription: { server: SERVER, topic: 'a' } }))).toEqual(['a']);
    expect(ids(store.search({ text: 'deploy', minPriority: 4 }))).toEqual(['a']);
    expect(ids(store.search({ text: 'deploy', unreadOnly: true }))).toEqual(['b']);
  });

  it('ranks only the newest RANKED_CANDIDATES matches of a very common word, and still fills the page', async () => {
    const { store } = await openTempStore();
    const count = RANKED_CANDIDATES * 3;
    const common = Array.from({ length: count }, (_, i) =>
      simpleMessage({ id: `c${String(i).padStart(5, '0')}`, message: `common word ${i}`, time: 1000 + i }),
    );
    await store.append(request({ messages: common }));
    const hits = store.search({ text: 'common', limit: 200 });
    expect(hits).toHaveLength(200);
    // All from the newest candidates: the older matches were not ranked.
    expect(Math.min(...hits.map((hit) => hit.message.time))).toBeGreaterThanOrEqual(1000 + count - RANKED_CANDIDATES);
  });

  it('does not highlight inside base64 bodies, which are binary', async () => {
    const { store } = await openTempStore();
    await store.append(
      request({ messages: [simpleMessage({ id: 'b64', title: 'binary file', message: 'AAEC', encoding: 'base64' })] }),
    );
    const [hit] = store.search({ text: 'binary' });
    expect(hit?.messageSegments).toEqual([]);
    expect(hit?.titleSegments.filter((segment) => segment.match)).toEqual([{ text: 'binary', match: true }]);
  });
});
