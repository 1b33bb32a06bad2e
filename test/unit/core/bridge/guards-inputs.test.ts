/**
 * The guards of what the renderer writes (a subscription, credentials, a settings patch) against tables of untrusted
 * inputs, in the row format of guard-table.ts; the read-side guards are in guards.test.ts.
 */
import { describe, it } from 'vitest';
import { credentialsInput, settingsPatch, subscriptionInput } from '../../../../main/core/bridge/guards.ts';
import { chars, check, inheriting, no, nullPrototype, ok, type Row, S, whole, withHole } from './guard-table.ts';

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
    ['basic with a 2048-character server', { ...basic, server: chars(2048) }, ok({ ...basic, server: chars(2048) })],
    ['basic with a 2049-character server', { ...basic, server: chars(2049) }, no('credentials.server', 'is too long')],
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
