import { describe, expect, it } from 'vitest';
import { parseStreamJson, parseStreamObject } from '../../../../main/core/protocol/parse.ts';

const full = {
  id: 'aB3dE5fG7hJ9',
  sequence_id: 'seq1',
  time: 1_700_000_000,
  expires: 1_700_043_200,
  event: 'message',
  topic: 'alerts',
  title: 'Disk <full> & hot',
  message: 'line one\nline two \u2028',
  priority: 5,
  tags: ['warning', 'skull'],
  click: 'https://example.com/',
  icon: 'https://example.com/icon.png',
  actions: [
    { id: 'a1', action: 'view', label: 'Open', clear: false, url: 'https://example.com/' },
    {
      id: 'a2',
      action: 'http',
      label: 'Ack',
      clear: true,
      url: 'https://example.com/ack',
      headers: { X: 'y' },
      body: '{}',
    },
  ],
  attachment: { name: 'x.png', url: 'https://example.com/x.png', type: 'image/png', size: 10, expires: 1 },
  content_type: 'text/markdown',
};

describe('parseStreamObject', () => {
  it('parses a message with every field and keeps the raw object', () => {
    const result = parseStreamObject(full);
    expect(result.type).toBe('message');
    if (result.type !== 'message') return;
    const { message } = result;
    expect(message).toMatchObject({
      id: 'aB3dE5fG7hJ9',
      sequenceId: 'seq1',
      time: 1_700_000_000,
      expires: 1_700_043_200,
      topic: 'alerts',
      title: 'Disk <full> & hot',
      message: 'line one\nline two \u2028',
      priority: 5,
      tags: ['warning', 'skull'],
      click: 'https://example.com/',
      icon: 'https://example.com/icon.png',
      contentType: 'text/markdown',
      attachment: { name: 'x.png', url: 'https://example.com/x.png', type: 'image/png', size: 10, expires: 1 },
    });
    expect(message.actions).toHaveLength(2);
    expect(message.actions[1]).toEqual({
      id: 'a2',
      action: 'http',
      label: 'Ack',
      clear: true,
      url: 'https://example.com/ack',
      headers: { X: 'y' },
      body: '{}',
    });
    expect(message.raw).toBe(full);
  });

  it('defaults an omitted or out-of-range priority to 3', () => {
    for (const priority of [undefined, 0, 6, '5', 2.5]) {
      const result = parseStreamObject({ ...full, priority });
      expect(result.type === 'message' ? result.message.priority : undefined).toBe(3);
    }
  });

  it('drops malformed optional parts instead of the message', () => {
    const result = parseStreamObject({
      ...full,
      tags: ['ok', 7, null],
      actions: [{ action: 'launch-missiles', label: 'x' }, 'junk', { id: 'v', action: 'view', label: 'V', url: 'u' }],
      attachment: { name: 'no url' },
      click: 42,
    });
    expect(result.type).toBe('message');
    if (result.type !== 'message') return;
    expect(result.message.tags).toEqual(['ok']);
    expect(result.message.actions.map((a) => a.id)).toEqual(['v']);
    expect(result.message.attachment).toBeUndefined();
    expect(result.message.click).toBeUndefined();
  });

  it('treats open, keepalive and poll_request as liveness', () => {
    for (const event of ['open', 'keepalive', 'poll_request']) {
      expect(parseStreamObject({ id: 'x', time: 1, event, topic: 'a,b' })).toEqual({
        type: 'liveness',
        event,
        time: 1,
      });
    }
  });

  it('recognises message_delete and message_clear by their sequence id', () => {
    const result = parseStreamObject({ id: 'n1', time: 2, event: 'message_clear', topic: 't', sequence_id: 's1' });
    expect(result).toMatchObject({ type: 'change', change: { kind: 'message_clear', id: 'n1', sequenceId: 's1' } });
    expect(parseStreamObject({ id: 'n1', time: 2, event: 'message_delete', topic: 't' }).type).toBe('invalid');
  });

  it('ignores unknown event kinds without failing', () => {
    expect(parseStreamObject({ id: 'x', time: 1, event: 'reaction', topic: 't' })).toEqual({
      type: 'unknown',
      event: 'reaction',
    });
  });

  it('rejects an id, topic or sequence id over 256 characters: they key stored rows, and cutting could merge two', () => {
    for (const key of ['id', 'topic', 'sequence_id'])
      expect(parseStreamObject({ ...full, [key]: 'x'.repeat(257) })).toEqual({
        type: 'invalid',
        reason: `message event with a ${key} over 256 characters`,
      });
    expect(parseStreamObject({ ...full, id: 'x'.repeat(256) }).type).toBe('message');
    const change = { id: 'c', time: 1, event: 'message_delete', topic: 't', sequence_id: 'y'.repeat(257) };
    expect(parseStreamObject(change).type).toBe('invalid');
  });

  it('rejects messages without id, time, topic or body, and non-objects', () => {
    const { id, ...noId } = full;
    expect(parseStreamObject(noId)).toEqual({ type: 'invalid', reason: 'message event without an id' });
    expect(parseStreamObject({ ...full, time: 'now' }).type).toBe('invalid');
    expect(parseStreamObject({ ...full, topic: '' }).type).toBe('invalid');
    expect(parseStreamObject({ ...full, message: '' }).type).toBe('invalid');
    expect(parseStreamObject([full]).type).toBe('invalid');
    expect(parseStreamObject(null).type).toBe('invalid');
    expect(parseStreamObject({ ...full, event: 5 }).type).toBe('invalid');
  });
});

describe('parseStreamJson', () => {
  it('parses Go-escaped JSON', () => {
    const result = parseStreamJson(
      '{"id":"aB3dE5fG7hJ9","time":1,"event":"message","topic":"t","message":"\\u003cb\\u003e \\u0026 \\u2028"}\n',
    );
    expect(result.type === 'message' ? result.message.message : undefined).toBe('<b> & \u2028');
  });

  it('reports invalid JSON as a failure, not an exception', () => {
    const result = parseStreamJson('{"id":');
    expect(result.type).toBe('invalid');
  });
});
