/**
 * Every exported guard against a table of untrusted inputs: what it accepts (the exact value handed to the service)
 * and what it refuses (the field named and the message). Limits are tested at the limit and one past it, so a
 * loosened or tightened limit fails a row.
 */
import { describe, expect, it } from 'vitest';
import {
  credentialsInput,
  InvalidArgument,
  messageQuery,
  messageRef,
  searchQuery,
  settingsPatch,
  subscriptionInput,
  subscriptionRef,
  text,
} from '../../../../main/core/bridge/guards.ts';

type Expected = { readonly accepts: unknown } | { readonly refuses: string; readonly problem: string };
type Row = readonly [name: string, input: unknown, expected: Expected];

type Outcome = { readonly accepts: unknown } | { readonly refuses: string; readonly message: string };

function outcome(guard: (value: unknown) => unknown, input: unknown): Outcome {
  try {
    return { accepts: guard(input) };
  } catch (error) {
    if (error instanceof InvalidArgument) return { refuses: error.field, message: error.message };
    throw error;
  }
}

function check(guard: (value: unknown) => unknown, input: unknown, expected: Expected): void {
  const actual = outcome(guard, input);
  if ('accepts' in expected) {
    // toStrictEqual: an optional field left as `undefined` (instead of absent) or a hole in a list fails too.
    expect(actual).toStrictEqual({ accepts: expected.accepts });
  } else {
    expect(actual).toStrictEqual({ refuses: expected.refuses, message: `${expected.refuses}: ${expected.problem}` });
  }
}

const ok = (accepts: unknown): Expected => ({ accepts });
const no = (refuses: string, problem: string): Expected => ({ refuses, problem });

const S = 'https://ntfy.example';
const chars = (length: number): string => 'x'.repeat(length);
const whole = (min: number, max: number): string => `must be a whole number from ${min} to ${max}`;
/** What structured clone and JSON.parse never produce, yet a guard must not read fields through. */
const inheriting = (fields: object): object => Object.create(fields) as object;
const nullPrototype = (fields: object): object => Object.assign(Object.create(null) as object, fields);
/** `[first, <hole>, third]`: structured clone keeps holes, and `map` skips them. */
function withHole(first: unknown, third: unknown): unknown[] {
  const list: unknown[] = [first];
  list[2] = third;
  return list;
}

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

const minimal = { server: S, topic: 'alerts' };

describe('subscriptionInput', () => {
  const full = {
    id: 'sub-1',
    server: S,
    topic: 'alerts',
    displayName: 'Alerts',
    transport: 'sse',
    filters: { id: 'm1', message: 'disk', title: 'Disk', priority: ['4', '5'], tags: ['warning'] },
    muted: false,
    minPriority: 2,
  };
  const withFilters = (filters: unknown): unknown => ({ ...minimal, filters });
  const rows: Row[] = [
    ['server and topic only', minimal, ok(minimal)],
    ['every field', full, ok(full)],
    [
      'optional fields set to undefined are dropped',
      { ...minimal, id: undefined, transport: undefined, filters: undefined },
      ok(minimal),
    ],
    ['each transport: json', { ...minimal, transport: 'json' }, ok({ ...minimal, transport: 'json' })],
    ['each transport: ws', { ...minimal, transport: 'ws' }, ok({ ...minimal, transport: 'ws' })],
    // Raw passes here on purpose: the settings validation refuses it with a reason the user can act on.
    ['each transport: raw', { ...minimal, transport: 'raw' }, ok({ ...minimal, transport: 'raw' })],
    [
      'an unknown transport',
      { ...minimal, transport: 'http' },
      no('subscription.transport', 'must be one of json, sse, ws, raw'),
    ],
    [
      'a transport in capitals',
      { ...minimal, transport: 'JSON' },
      no('subscription.transport', 'must be one of json, sse, ws, raw'),
    ],
    [
      'a transport that is not a string',
      { ...minimal, transport: 0 },
      no('subscription.transport', 'must be one of json, sse, ws, raw'),
    ],
    ['a 2048-character server', { ...minimal, server: chars(2048) }, ok({ ...minimal, server: chars(2048) })],
    ['a 2049-character server', { ...minimal, server: chars(2049) }, no('subscription.server', 'is too long')],
    ['a 65-character topic', { ...minimal, topic: chars(65) }, no('subscription.topic', 'is too long')],
    ['a 64-character id', { ...minimal, id: chars(64) }, ok({ ...minimal, id: chars(64) })],
    ['a 65-character id', { ...minimal, id: chars(65) }, no('subscription.id', 'is too long')],
    ['an empty id', { ...minimal, id: '' }, no('subscription.id', 'must not be empty')],
    ['an empty display name', { ...minimal, displayName: '' }, ok({ ...minimal, displayName: '' })],
    [
      'a 200-character display name',
      { ...minimal, displayName: chars(200) },
      ok({ ...minimal, displayName: chars(200) }),
    ],
    [
      'a 201-character display name',
      { ...minimal, displayName: chars(201) },
      no('subscription.displayName', 'is too long'),
    ],
    ['no server', { topic: 't' }, no('subscription.server', 'must be a string')],
    ['an empty topic', { server: S, topic: '' }, no('subscription.topic', 'must not be empty')],
    ['muted "yes"', { ...minimal, muted: 'yes' }, no('subscription.muted', 'must be true or false')],
    ['minPriority 0', { ...minimal, minPriority: 0 }, no('subscription.minPriority', whole(1, 5))],
    ['minPriority 6', { ...minimal, minPriority: 6 }, no('subscription.minPriority', whole(1, 5))],
    ['minPriority NaN', { ...minimal, minPriority: Number.NaN }, no('subscription.minPriority', whole(1, 5))],
    ['a secret riding along', { ...minimal, password: 'hunter2' }, no('subscription.password', 'is not expected')],
    [
      'an own __proto__ key (JSON)',
      JSON.parse(`{"server":"${S}","topic":"t","__proto__":{}}`),
      no('subscription.__proto__', 'is not expected'),
    ],
    ['fields only on its prototype', inheriting(minimal), no('subscription', 'must be an object')],
    ['a null prototype', nullPrototype(minimal), ok(minimal)],
    ['an array', [minimal], no('subscription', 'must be an object')],
    ['empty filters', withFilters({}), ok({ ...minimal, filters: {} })],
    ['filters as an array', withFilters(['disk']), no('subscription.filters', 'must be an object')],
    ['filters as null', withFilters(null), no('subscription.filters', 'must be an object')],
    ['filters with an extra key', withFilters({ regex: '.*' }), no('subscription.filters.regex', 'is not expected')],
    ['a filter id of 65 characters', withFilters({ id: chars(65) }), no('subscription.filters.id', 'is too long')],
    [
      'a filter message of 4096 characters',
      withFilters({ message: chars(4096) }),
      ok({ ...minimal, filters: { message: chars(4096) } }),
    ],
    [
      'a filter message of 4097 characters',
      withFilters({ message: chars(4097) }),
      no('subscription.filters.message', 'is too long'),
    ],
    [
      'a filter title of 256 characters',
      withFilters({ title: chars(256) }),
      ok({ ...minimal, filters: { title: chars(256) } }),
    ],
    [
      'a filter title of 257 characters',
      withFilters({ title: chars(257) }),
      no('subscription.filters.title', 'is too long'),
    ],
    [
      '50 tags',
      withFilters({ tags: Array<string>(50).fill('t') }),
      ok({ ...minimal, filters: { tags: Array<string>(50).fill('t') } }),
    ],
    [
      '51 tags',
      withFilters({ tags: Array<string>(51).fill('t') }),
      no('subscription.filters.tags', 'must be a list of at most 50'),
    ],
    [
      '51 priorities',
      withFilters({ priority: Array<string>(51).fill('1') }),
      no('subscription.filters.priority', 'must be a list of at most 50'),
    ],
    [
      'a tag of 256 characters',
      withFilters({ tags: [chars(256)] }),
      ok({ ...minimal, filters: { tags: [chars(256)] } }),
    ],
    [
      'a tag of 257 characters',
      withFilters({ tags: ['ok', chars(257)] }),
      no('subscription.filters.tags[1]', 'is too long'),
    ],
    ['an empty tag', withFilters({ tags: [''] }), no('subscription.filters.tags[0]', 'must not be empty')],
    ['a numeric priority', withFilters({ priority: [5] }), no('subscription.filters.priority[0]', 'must be a string')],
    [
      'tags as one string',
      withFilters({ tags: 'warning' }),
      no('subscription.filters.tags', 'must be a list of at most 50'),
    ],
    [
      'tags as an object',
      withFilters({ tags: { 0: 'warning', length: 1 } }),
      no('subscription.filters.tags', 'must be a list of at most 50'),
    ],
    [
      'tags with a hole',
      withFilters({ tags: withHole('a', 'b') }),
      no('subscription.filters.tags[1]', 'must be a string'),
    ],
    [
      'priorities that are all holes',
      withFilters({ priority: new Array(3) }),
      no('subscription.filters.priority[0]', 'must be a string'),
    ],
  ];
  it.each(rows)('%s', (_name, input, expected) => {
    check(subscriptionInput, input, expected);
  });
});

describe('credentialsInput', () => {
  const basic = { server: S, kind: 'basic', user: 'phil', password: 'secret' };
  const token = { server: S, kind: 'token', token: 'tk_secret' };
  const rows: Row[] = [
    ['user and password', basic, ok(basic)],
    ['a token', token, ok(token)],
    ['kind none (use clearCredentials)', { server: S, kind: 'none' }, no('credentials.kind', 'must be basic or token')],
    ['kind stored (only for a test)', { server: S, kind: 'stored' }, no('credentials.kind', 'must be basic or token')],
    ['kind in capitals', { ...token, kind: 'Token' }, no('credentials.kind', 'must be basic or token')],
    ['no kind', { server: S, token: 't' }, no('credentials.kind', 'must be basic or token')],
    ['null', null, no('credentials.kind', 'must be basic or token')],
    ['a string', 'tk_secret', no('credentials.kind', 'must be basic or token')],
    ['an array', ['basic'], no('credentials.kind', 'must be basic or token')],
    ['a token with a password', { ...token, password: 'p' }, no('credentials.password', 'is not expected')],
    ['basic with a token', { ...basic, token: 't' }, no('credentials.token', 'is not expected')],
    [
      'basic without a password',
      { server: S, kind: 'basic', user: 'phil' },
      no('credentials.password', 'must be a string'),
    ],
    ['basic with an empty user', { ...basic, user: '' }, no('credentials.user', 'must not be empty')],
    ['a 256-character user', { ...basic, user: chars(256) }, ok({ ...basic, user: chars(256) })],
    ['a 257-character user', { ...basic, user: chars(257) }, no('credentials.user', 'is too long')],
    ['a 1024-character password', { ...basic, password: chars(1024) }, ok({ ...basic, password: chars(1024) })],
    ['a 1025-character password', { ...basic, password: chars(1025) }, no('credentials.password', 'is too long')],
    ['a 1024-character token', { ...token, token: chars(1024) }, ok({ ...token, token: chars(1024) })],
    ['a 1025-character token', { ...token, token: chars(1025) }, no('credentials.token', 'is too long')],
    ['an empty token', { ...token, token: '' }, no('credentials.token', 'must not be empty')],
    ['a numeric token', { ...token, token: 12345 }, no('credentials.token', 'must be a string')],
    ['a 2048-character server', { ...token, server: chars(2048) }, ok({ ...token, server: chars(2048) })],
    ['a 2049-character server', { ...token, server: chars(2049) }, no('credentials.server', 'is too long')],
    ['no server', { kind: 'token', token: 't' }, no('credentials.server', 'must be a string')],
    [
      'an own __proto__ key (JSON)',
      JSON.parse('{"server":"s","kind":"token","token":"t","__proto__":{}}'),
      no('credentials.__proto__', 'is not expected'),
    ],
    ['a constructor key', { ...basic, constructor: 'x' }, no('credentials.constructor', 'is not expected')],
    ['a null prototype', nullPrototype(token), ok(token)],
    ['every field only on its prototype', inheriting(token), no('credentials', 'must be an object')],
  ];
  it.each(rows)('%s', (_name, input, expected) => {
    check(credentialsInput, input, expected);
  });
});

describe('settingsPatch', () => {
  const WEEK_MINUTES = 7 * 24 * 60;
  const rows: Row[] = [
    ['empty', {}, ok({})],
    ['pause for 1 minute', { pause: 1 }, ok({ pause: 1 })],
    ['pause for a week', { pause: WEEK_MINUTES }, ok({ pause: WEEK_MINUTES })],
    ['pause for a week and a minute', { pause: WEEK_MINUTES + 1 }, no('patch.pause', whole(1, WEEK_MINUTES))],
    ['pause for 0 minutes', { pause: 0 }, no('patch.pause', whole(1, WEEK_MINUTES))],
    ['pause for -5 minutes', { pause: -5 }, no('patch.pause', whole(1, WEEK_MINUTES))],
    ['pause for 1.5 minutes', { pause: 1.5 }, no('patch.pause', whole(1, WEEK_MINUTES))],
    ['pause for NaN minutes', { pause: Number.NaN }, no('patch.pause', whole(1, WEEK_MINUTES))],
    ['pause for Infinity', { pause: Number.POSITIVE_INFINITY }, no('patch.pause', whole(1, WEEK_MINUTES))],
    ['pause until resumed', { pause: 'until-resumed' }, ok({ pause: 'until-resumed' })],
    ['resume (pause null)', { pause: null }, ok({ pause: null })],
    ['pause "forever"', { pause: 'forever' }, no('patch.pause', whole(1, WEEK_MINUTES))],
    ['pause "30"', { pause: '30' }, no('patch.pause', whole(1, WEEK_MINUTES))],
    ['pause true', { pause: true }, no('patch.pause', whole(1, WEEK_MINUTES))],
    ['a default server', { defaultServer: S }, ok({ defaultServer: S })],
    ['a 2048-character default server', { defaultServer: chars(2048) }, ok({ defaultServer: chars(2048) })],
    ['a 2049-character default server', { defaultServer: chars(2049) }, no('patch.defaultServer', 'is too long')],
    ['an empty default server', { defaultServer: '' }, no('patch.defaultServer', 'must not be empty')],
    ['a default server of null', { defaultServer: null }, no('patch.defaultServer', 'must be a string')],
    // Preference values are the settings store's to check; here only which keys may be named.
    [
      'each known preference key',
      { preferences: { theme: 'dark', sounds: true, minPriority: 3 } },
      ok({ preferences: { theme: 'dark', sounds: true, minPriority: 3 } }),
    ],
    ['empty preferences', { preferences: {} }, ok({ preferences: {} })],
    [
      'an unknown preference',
      { preferences: { autoUpdate: true } },
      no('patch.preferences.autoUpdate', 'is not expected'),
    ],
    [
      'preferences with an own __proto__ key (JSON)',
      JSON.parse('{"preferences":{"__proto__":{"theme":"dark"}}}'),
      no('patch.preferences.__proto__', 'is not expected'),
    ],
    [
      'preferences with a constructor key',
      { preferences: { constructor: { prototype: {} } } },
      no('patch.preferences.constructor', 'is not expected'),
    ],
    ['preferences as an array', { preferences: ['theme'] }, no('patch.preferences', 'must be an object')],
    ['preferences as null', { preferences: null }, no('patch.preferences', 'must be an object')],
    ['preferences as a string', { preferences: 'dark' }, no('patch.preferences', 'must be an object')],
    [
      'preferences only on a prototype',
      { preferences: inheriting({ theme: 'dark' }) },
      no('patch.preferences', 'must be an object'),
    ],
    ['subscriptions (saved one by one elsewhere)', { subscriptions: [] }, no('patch.subscriptions', 'is not expected')],
    ['an own __proto__ key (JSON)', JSON.parse('{"__proto__":{"pause":1}}'), no('patch.__proto__', 'is not expected')],
    ['a pause only on its prototype', inheriting({ pause: 1 }), no('patch', 'must be an object')],
    ['an array', [], no('patch', 'must be an object')],
    ['null', null, no('patch', 'must be an object')],
  ];
  it.each(rows)('%s', (_name, input, expected) => {
    check(settingsPatch, input, expected);
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
