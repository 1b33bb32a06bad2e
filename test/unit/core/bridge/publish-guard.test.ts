/**
 * The argument check of publishMessage (publishInput), in the row format of guard-table.ts: a PublishInputDto of
 * exactly its shape, or the field and problem the send form shows after "Not sent:".
 */
import { describe, it } from 'vitest';
import { publishInput } from '../../../../main/core/bridge/publish-guard.ts';
import { chars, check, inheriting, no, nullPrototype, ok, type Row, whole } from './guard-table.ts';

const base = { server: 'https://ntfy.sh', topic: 'a' };
const view = { action: 'view', label: 'Open', url: 'https://ntfy.sh' };
const http = (headers: unknown) => ({
  ...base,
  actions: [{ action: 'http', label: 'Call', url: 'https://x', headers }],
});
const headers = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`X-${i}`, 'v']));

describe('publishInput', () => {
  const copy = { ...base, message: '', markdown: false, actions: [{ action: 'copy', label: 'Copy', value: '42' }] };
  const rows: Row[] = [
    ['exactly the given fields', copy, ok(copy)],
    ['with a null prototype', nullPrototype(base), ok(base)],
    ['20 headers', http(headers(20)), ok(http(headers(20)))],
    ['a Date', new Date(), no('input', 'must be an object')],
    ['fields only on its prototype', inheriting(base), no('input', 'must be an object')],
    ['an unknown field', { ...base, colour: 'red' }, no('input.colour', 'is not expected')],
    ['priority 6', { ...base, priority: 6 }, no('input.priority', whole(1, 5))],
    ['priority "high"', { ...base, priority: 'high' }, no('input.priority', whole(1, 5))],
    ['markdown "yes"', { ...base, markdown: 'yes' }, no('input.markdown', 'must be true or false')],
    ['a number as tag', { ...base, tags: [1] }, no('input.tags[0]', 'must be a string')],
    ['tags as text', { ...base, tags: 'a,b' }, no('input.tags', 'must be a list of at most 50')],
    ['a title too long', { ...base, title: chars(1025) }, no('input.title', 'is too long')],
    ['an empty topic', { ...base, topic: '' }, no('input.topic', 'must not be empty')],
    ['a fourth action', { ...base, actions: Array(4).fill(view) }, no('input.actions', 'must be a list of at most 3')],
    [
      'an unknown action kind',
      { ...base, actions: [{ action: 'jump', label: 'x' }] },
      no('input.actions[0].action', 'must be one of view, http, broadcast, copy'),
    ],
    [
      'an unknown action field',
      { ...base, actions: [{ ...view, target: '_blank' }] },
      no('input.actions[0].target', 'is not expected'),
    ],
    ['21 headers', http(headers(21)), no('input.actions[0].headers', 'must have at most 20 entries')],
    ['headers as null', http(null), no('input.actions[0].headers', 'must be an object')],
    ['a number as header', http({ 'X-A': 1 }), no('input.actions[0].headers.X-A', 'must be a string')],
  ];
  it.each(rows)('%s', (_name, input, expected) => {
    check(publishInput, input, expected);
  });
});
