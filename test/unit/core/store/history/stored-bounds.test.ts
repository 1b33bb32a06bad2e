import { describe, expect, it } from 'vitest';
import type { NtfyAction, NtfyMessage } from '../../../../../main/core/protocol/types.ts';
import {
  boundForStorage,
  cutText,
  STORED_BOUNDS,
  storedChangeRawJson,
  storedRawJson,
} from '../../../../../main/core/store/history/stored-bounds.ts';
import { messageWithEverything } from '../../../../integration/core/store/history/sample-messages.ts';

const B = STORED_BOUNDS;
const base = messageWithEverything();
const long = (length: number, letter = 'x'): string => letter.repeat(length);
const url = (length: number): string => `https://files.example/${long(length - 22)}`;

function httpAction(fields: Partial<NtfyAction> = {}): NtfyAction {
  return { id: 'h', action: 'http', label: 'Ack', clear: false, url: 'https://hooks.example/', ...fields };
}

describe('boundForStorage', () => {
  it('returns a message within every bound as it is, without a cut', () => {
    expect(boundForStorage(base)).toBe(base);
    expect(boundForStorage(base).cut).toBeUndefined();
  });

  it.each<[string, Partial<NtfyMessage>, (bounded: NtfyMessage) => unknown, unknown]>([
    ['title', { title: long(B.title + 1) }, (m) => m.title?.length, B.title],
    ['message', { message: long(B.message + 1) }, (m) => m.message.length, B.message],
    ['tags', { tags: Array.from({ length: B.tags + 5 }, () => 'a') }, (m) => m.tags.length, B.tags],
    ['tags', { tags: [long(B.tag + 1)] }, (m) => m.tags[0]?.length, B.tag],
    ['click', { click: url(B.url + 1) }, (m) => m.click, undefined],
    ['icon', { icon: url(B.url + 1) }, (m) => m.icon, undefined],
    ['attachment', { attachment: { name: 'a', url: url(B.url + 1) } }, (m) => m.attachment, undefined],
    [
      'attachment',
      { attachment: { name: long(B.label + 1), url: 'https://f.example/a' } },
      (m) => m.attachment?.name.length,
      B.label,
    ],
    [
      'attachment',
      { attachment: { name: 'a', url: 'https://f.example/a', type: long(B.token + 1) } },
      (m) => m.attachment,
      { name: 'a', url: 'https://f.example/a' },
    ],
    [
      'actions',
      { actions: Array.from({ length: B.actions + 1 }, () => httpAction()) },
      (m) => m.actions.length,
      B.actions,
    ],
    ['actions', { actions: [httpAction({ body: long(B.action) })] }, (m) => m.actions, []],
    ['actions', { actions: [httpAction({ headers: { 'X-Big': long(B.action) } })] }, (m) => m.actions, []],
    ['actions', { actions: [httpAction({ url: url(B.url + 1) })] }, (m) => m.actions, []],
    ['actions', { actions: [httpAction({ label: long(B.label + 1) })] }, (m) => m.actions[0]?.label.length, B.label],
    ['content_type', { contentType: long(B.token + 1) }, (m) => m.contentType, undefined],
    ['encoding', { encoding: long(B.token + 1) }, (m) => m.encoding, undefined],
  ])('bounds %s, and says so', (field, fields, read, expected) => {
    const bounded = boundForStorage({ ...base, ...fields });
    expect(read(bounded)).toEqual(expected);
    expect(bounded.cut).toEqual([field]);
  });

  it('cuts the body further when the other fields leave it less room than its own bound', () => {
    const fullAction = (id: string) => httpAction({ id, body: long(B.action - 200) });
    const message: NtfyMessage = {
      ...base,
      title: long(B.title),
      message: long(B.message),
      click: url(B.url),
      icon: url(B.url),
      attachment: { name: long(B.label), url: url(B.url) },
      actions: [fullAction('a'), fullAction('b'), fullAction('c')],
      raw: { big: long(B.raw) },
    };
    const bounded = boundForStorage(message);
    expect(bounded.cut).toEqual(['message']);
    expect(bounded.message.length).toBeLessThan(B.message);
    expect(bounded.message.endsWith('…')).toBe(true);
    const json = [bounded.tags, bounded.actions, bounded.attachment].map((value) => JSON.stringify(value));
    const texts = [bounded.id, bounded.topic, bounded.title, bounded.message, bounded.click, bounded.icon];
    const texts2 = [bounded.sequenceId, bounded.contentType, bounded.encoding, storedRawJson(bounded.raw)];
    const total = [...texts, ...texts2, ...json].reduce((sum, text) => sum + (text?.length ?? 0), 0);
    expect(total).toBeLessThanOrEqual(B.whole);
  });
});

describe('cutText', () => {
  it('never splits a surrogate pair', () => {
    const cut = cutText(`${long(9)}😀😀`, 11);
    expect(cut).toBe(`${long(9)}…`);
    expect(cutText('short', 10)).toBe('short');
  });
});

describe('the message as received', () => {
  it('is kept while small, and left to be rebuilt from the fields when not', () => {
    expect(storedRawJson({ id: 'a' })).toBe('{"id":"a"}');
    expect(storedRawJson({ id: 'a', big: long(B.raw) })).toBe('null');
  });

  it('of a change event is kept while small, else the fields that identify it', () => {
    const change = {
      kind: 'message_delete' as const,
      id: 'c1',
      sequenceId: 's1',
      time: 5,
      topic: 't',
      raw: { id: 'c1', big: long(B.raw) },
    };
    expect(JSON.parse(storedChangeRawJson(change))).toEqual({
      id: 'c1',
      time: 5,
      event: 'message_delete',
      topic: 't',
      sequence_id: 's1',
    });
    expect(storedChangeRawJson({ ...change, raw: { id: 'c1' } })).toBe('{"id":"c1"}');
  });
});
