/**
 * Every exported guard against a table of untrusted inputs: what it accepts (the exact value handed to the service)
 * and what it refuses (the field named and the message). Limits are tested at the limit and one past it, so a
 * loosened or tightened limit fails a row. The write-side guards are in guards-inputs.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  InvalidArgument,
  messageQuery,
  messageRef,
  searchQuery,
  subscriptionRef,
  text,
} from '../../../../main/core/bridge/guards.ts';
import { chars, check, inheriting, no, nullPrototype, ok, type Row, S, whole } from './guard-table.ts';

describe('text', () => {
  const rows: Row[] = [
    ['a string', 'hello', ok('hello')],
    ['4096 characters (the default limit)', chars(4096), ok(chars(4096))],
    ['4097 characters', chars(4097), no('field', 'is too long')],
    ['empty', '', no('field', 'must not be empty')],
    ['a number', 1, no('field', 'must be a string')],
    ['null', null, no('field', 'must be a string')],
    ['undefined', undefined, no('field', 'must be a string')],
    ['a String object', new String('hello'), no('field', 'must be a string')],
    ['an array of one string', ['hello'], no('field', 'must be a string')],
  ];
  it.each(rows)('%s', (_name, input, expected) => {
    check((value) => text(value, 'field'), input, expected);
  });

  const optionRows: Row[] = [
    ['empty when allowed', '', ok('')],
    ['at a given max', chars(10), ok(chars(10))],
    ['past a given max', chars(11), no('field', 'is too long')],
  ];
  it.each(optionRows)('with { max: 10, allowEmpty: true }: %s', (_name, input, expected) => {
    check((value) => text(value, 'field', { max: 10, allowEmpty: true }), input, expected);
  });
});

describe('subscriptionRef', () => {
  const rows: Row[] = [
    ['server and topic', { server: S, topic: 'alerts' }, ok({ server: S, topic: 'alerts' })],
    ['a 64-character topic', { server: S, topic: chars(64) }, ok({ server: S, topic: chars(64) })],
    ['a 65-character topic', { server: S, topic: chars(65) }, no('subscription.topic', 'is too long')],
    ['a 4096-character server', { server: chars(4096), topic: 't' }, ok({ server: chars(4096), topic: 't' })],
    ['a 4097-character server', { server: chars(4097), topic: 't' }, no('subscription.server', 'is too long')],
    ['no topic', { server: S }, no('subscription.topic', 'must be a string')],
    ['no server', { topic: 't' }, no('subscription.server', 'must be a string')],
    ['an empty topic', { server: S, topic: '' }, no('subscription.topic', 'must not be empty')],
    ['a numeric topic', { server: S, topic: 7 }, no('subscription.topic', 'must be a string')],
    ['an extra key', { server: S, topic: 't', id: 'x' }, no('subscription.id', 'is not expected')],
    [
      'an own __proto__ key (JSON)',
      JSON.parse(`{"server":"${S}","topic":"t","__proto__":{"admin":true}}`),
      no('subscription.__proto__', 'is not expected'),
    ],
    [
      'a constructor key',
      { server: S, topic: 't', constructor: 'x' },
      no('subscription.constructor', 'is not expected'),
    ],
    ['a null prototype', nullPrototype({ server: S, topic: 't' }), ok({ server: S, topic: 't' })],
    ['fields only on its prototype', inheriting({ server: S, topic: 't' }), no('subscription', 'must be an object')],
    ['an array', [S, 't'], no('subscription', 'must be an object')],
    ['null', null, no('subscription', 'must be an object')],
    ['a string', `${S}/t`, no('subscription', 'must be an object')],
    ['a Map', new Map([['server', S]]), no('subscription', 'must be an object')],
  ];
  it.each(rows)('%s', (_name, input, expected) => {
    check((value) => subscriptionRef(value), input, expected);
  });

  it('names the field it was given', () => {
    check(
      (value) => subscriptionRef(value, 'query.subscription'),
      { server: S },
      no('query.subscription.topic', 'must be a string'),
    );
  });
});

describe('messageRef', () => {
  const rows: Row[] = [
    ['server and id', { server: S, id: 'm1' }, ok({ server: S, id: 'm1' })],
    ['a 64-character id', { server: S, id: chars(64) }, ok({ server: S, id: chars(64) })],
    ['a 65-character id', { server: S, id: chars(65) }, no('message.id', 'is too long')],
    ['a 4097-character server', { server: chars(4097), id: 'm1' }, no('message.server', 'is too long')],
    ['no id', { server: S }, no('message.id', 'must be a string')],
    ['a numeric id', { server: S, id: 1 }, no('message.id', 'must be a string')],
    ['a topic instead of an id', { server: S, topic: 't' }, no('message.topic', 'is not expected')],
    ['an array', [S, 'm1'], no('message', 'must be an object')],
    ['fields only on its prototype', inheriting({ server: S, id: 'm1' }), no('message', 'must be an object')],
  ];
  it.each(rows)('%s', (_name, input, expected) => {
    check((value) => messageRef(value), input, expected);
  });
});

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

describe('messageQuery', () => {
  const rows: Row[] = [
    ['empty: every field is optional', {}, ok({})],
    [
      'every field',
      {
        subscription: { server: S, topic: 't' },
        minPriority: 3,
        unreadOnly: true,
        limit: 50,
        before: { time: 5, rowid: 9 },
      },
      ok({
        subscription: { server: S, topic: 't' },
        minPriority: 3,
        unreadOnly: true,
        limit: 50,
        before: { time: 5, rowid: 9 },
      }),
    ],
    ['fields set to undefined are dropped', { limit: undefined, unreadOnly: undefined }, ok({})],
    ['limit 1', { limit: 1 }, ok({ limit: 1 })],
    ['limit 500', { limit: 500 }, ok({ limit: 500 })],
    ['limit 501', { limit: 501 }, no('query.limit', whole(1, 500))],
    ['limit 0', { limit: 0 }, no('query.limit', whole(1, 500))],
    ['limit -1', { limit: -1 }, no('query.limit', whole(1, 500))],
    ['limit 1.5', { limit: 1.5 }, no('query.limit', whole(1, 500))],
    ['limit NaN', { limit: Number.NaN }, no('query.limit', whole(1, 500))],
    ['limit Infinity', { limit: Number.POSITIVE_INFINITY }, no('query.limit', whole(1, 500))],
    ['limit "10"', { limit: '10' }, no('query.limit', whole(1, 500))],
    ['limit 10n', { limit: 10n }, no('query.limit', whole(1, 500))],
    ['minPriority 1', { minPriority: 1 }, ok({ minPriority: 1 })],
    ['minPriority 5', { minPriority: 5 }, ok({ minPriority: 5 })],
    ['minPriority 0', { minPriority: 0 }, no('query.minPriority', whole(1, 5))],
    ['minPriority 6', { minPriority: 6 }, no('query.minPriority', whole(1, 5))],
    ['minPriority "high"', { minPriority: 'high' }, no('query.minPriority', whole(1, 5))],
    ['unreadOnly "true"', { unreadOnly: 'true' }, no('query.unreadOnly', 'must be true or false')],
    ['unreadOnly 1', { unreadOnly: 1 }, no('query.unreadOnly', 'must be true or false')],
    ['unreadOnly null', { unreadOnly: null }, no('query.unreadOnly', 'must be true or false')],
    [
      'a cursor at the largest safe integers',
      { before: { time: MAX_SAFE, rowid: MAX_SAFE } },
      ok({ before: { time: MAX_SAFE, rowid: MAX_SAFE } }),
    ],
    ['a cursor at zero', { before: { time: 0, rowid: 0 } }, ok({ before: { time: 0, rowid: 0 } })],
    [
      'a cursor time past the largest safe integer',
      { before: { time: MAX_SAFE + 1, rowid: 1 } },
      no('query.before.time', whole(0, MAX_SAFE)),
    ],
    ['a negative cursor time', { before: { time: -1, rowid: 1 } }, no('query.before.time', whole(0, MAX_SAFE))],
    ['a fractional cursor rowid', { before: { time: 1, rowid: 0.5 } }, no('query.before.rowid', whole(0, MAX_SAFE))],
    ['a NaN cursor rowid', { before: { time: 1, rowid: Number.NaN } }, no('query.before.rowid', whole(0, MAX_SAFE))],
    ['a cursor without rowid', { before: { time: 1 } }, no('query.before.rowid', whole(0, MAX_SAFE))],
    [
      'a cursor with an extra key',
      { before: { time: 1, rowid: 1, id: 'm' } },
      no('query.before.id', 'is not expected'),
    ],
    ['a cursor as an array', { before: [1, 1] }, no('query.before', 'must be an object')],
    ['a cursor as null', { before: null }, no('query.before', 'must be an object')],
    ['a bad subscription', { subscription: { server: S } }, no('query.subscription.topic', 'must be a string')],
    ['search text (only searchQuery has it)', { text: 'disk' }, no('query.text', 'is not expected')],
    ['an own __proto__ key (JSON)', JSON.parse('{"__proto__":{"limit":1}}'), no('query.__proto__', 'is not expected')],
    ['a null prototype', nullPrototype({ limit: 5 }), ok({ limit: 5 })],
    ['fields only on its prototype', inheriting({ limit: 5 }), no('query', 'must be an object')],
    ['a Date', new Date(0), no('query', 'must be an object')],
    ['an array', [], no('query', 'must be an object')],
    ['undefined', undefined, no('query', 'must be an object')],
  ];
  it.each(rows)('%s', (_name, input, expected) => {
    check(messageQuery, input, expected);
  });
});

describe('searchQuery', () => {
  const rows: Row[] = [
    ['empty text', { text: '' }, ok({ text: '' })],
    [
      'every field',
      { text: 'disk', subscription: { server: S, topic: 't' }, minPriority: 2, unreadOnly: false, limit: 20 },
      ok({ text: 'disk', subscription: { server: S, topic: 't' }, minPriority: 2, unreadOnly: false, limit: 20 }),
    ],
    ['500 characters of text', { text: chars(500) }, ok({ text: chars(500) })],
    ['501 characters of text', { text: chars(501) }, no('query.text', 'is too long')],
    ['no text', {}, no('query.text', 'must be a string')],
    ['numeric text', { text: 5 }, no('query.text', 'must be a string')],
    ['limit 200', { text: '', limit: 200 }, ok({ text: '', limit: 200 })],
    ['limit 201', { text: '', limit: 201 }, no('query.limit', whole(1, 200))],
    ['limit 0', { text: '', limit: 0 }, no('query.limit', whole(1, 200))],
    ['limit -Infinity', { text: '', limit: Number.NEGATIVE_INFINITY }, no('query.limit', whole(1, 200))],
    ['minPriority 5.5', { text: '', minPriority: 5.5 }, no('query.minPriority', whole(1, 5))],
    ['unreadOnly "no"', { text: '', unreadOnly: 'no' }, no('query.unreadOnly', 'must be true or false')],
    [
      'a cursor (only messageQuery pages)',
      { text: '', before: { time: 1, rowid: 1 } },
      no('query.before', 'is not expected'),
    ],
    ['a constructor key', { text: '', constructor: {} }, no('query.constructor', 'is not expected')],
    ['text only on its prototype', inheriting({ text: 'disk' }), no('query', 'must be an object')],
    ['a string', 'disk', no('query', 'must be an object')],
  ];
  it.each(rows)('%s', (_name, input, expected) => {
    check(searchQuery, input, expected);
  });
});

describe('InvalidArgument', () => {
  it('crosses the bridge as invalid-argument naming its field', () => {
    expect(new InvalidArgument('query.limit', 'is too long').toBridgeError()).toStrictEqual({
      code: 'invalid-argument',
      message: 'query.limit: is too long',
      fields: { 'query.limit': 'query.limit: is too long' },
    });
  });
});
