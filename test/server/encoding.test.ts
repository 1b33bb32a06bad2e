import { describe, expect, it } from 'vitest';
import { errorBody, ntfyErrors } from './errors.ts';
import { encodeGoJson, encodeGoJsonString } from './go-json.ts';
import type { NtfyMessage } from './types.ts';
import { encodeMessageLine, encodeRawLine, encodeSseFrame } from './wire-format.ts';

const base: NtfyMessage = { id: 'AbCdEfGhIj12', time: 1700000000, event: 'message', topic: 'mytopic', message: 'hi' };

describe('Go json.Encoder string escaping', () => {
  it('escapes < > & as \\u003c \\u003e \\u0026', () => {
    expect(encodeGoJsonString('<b> & </b>')).toBe('"\\u003cb\\u003e \\u0026 \\u003c/b\\u003e"');
  });

  it('escapes U+2028 and U+2029', () => {
    expect(encodeGoJsonString('a\u2028b\u2029c')).toBe('"a\\u2028b\\u2029c"');
  });

  it('writes control characters short where Go does and as lowercase \\u00xx otherwise', () => {
    expect(encodeGoJsonString('\n\r\t\b\f\u0001\u001f"\\')).toBe('"\\n\\r\\t\\b\\f\\u0001\\u001f\\"\\\\"');
  });

  it('keeps non-ASCII text and DEL as they are, and replaces a lone surrogate with \\ufffd', () => {
    expect(encodeGoJsonString('é😀\u007f')).toBe('"é😀\u007f"');
    expect(encodeGoJsonString('x\ud800y')).toBe('"x\\ufffdy"');
  });

  it('keeps the insertion order of objects, integer-like keys included', () => {
    expect(
      encodeGoJson(
        new Map<string, number>([
          ['b', 1],
          ['10', 2],
          ['2', 3],
        ]),
      ),
    ).toBe('{"b":1,"10":2,"2":3}');
  });
});

describe('message JSON (field order and omitted empties)', () => {
  it('writes the fields in Go struct order with a trailing newline', () => {
    const message: NtfyMessage = {
      event: 'message',
      encoding: 'base64',
      content_type: 'text/markdown',
      poll_id: 'p1',
      attachment: { url: 'https://x.test/a.png', name: 'a.png' },
      actions: [{ label: 'Open', action: 'view', id: 'act0000001', clear: false, url: 'https://x.test' }],
      icon: 'https://x.test/i.png',
      click: 'https://x.test/c',
      tags: ['a', 'b'],
      priority: 4,
      message: 'body',
      title: 'T',
      topic: 't',
      expires: 1700043200,
      time: 1700000000,
      sequence_id: 'seq',
      id: 'AbCdEfGhIj12',
      percentage: 50,
      end: true,
    };
    expect(encodeMessageLine(message)).toBe(
      '{"id":"AbCdEfGhIj12","sequence_id":"seq","time":1700000000,"expires":1700043200,"event":"message",' +
        '"topic":"t","title":"T","message":"body","priority":4,"tags":["a","b"],"click":"https://x.test/c",' +
        '"icon":"https://x.test/i.png","actions":[{"id":"act0000001","action":"view","label":"Open","clear":false,' +
        '"url":"https://x.test"}],"attachment":{"name":"a.png","url":"https://x.test/a.png"},"poll_id":"p1",' +
        '"content_type":"text/markdown","encoding":"base64","percentage":50,"end":true}\n',
    );
  });

  it('omits empty fields but always writes id, time, event, topic and an action clear flag', () => {
    expect(encodeMessageLine({ id: 'x', time: 1, event: 'open', topic: 'a,b', title: '', tags: [], priority: 0 })).toBe(
      '{"id":"x","time":1,"event":"open","topic":"a,b"}\n',
    );
  });

  it('sorts action headers and extras like a Go map', () => {
    const line = encodeMessageLine({
      ...base,
      actions: [
        {
          id: 'i',
          action: 'http',
          label: 'L',
          clear: true,
          url: 'u',
          headers: { b: '1', a: '2' },
          extras: { z: '1', y: '2' },
        },
      ],
    });
    expect(line).toContain('"headers":{"a":"2","b":"1"}');
    expect(line).toContain('"clear":true');
  });
});

describe('stream framing', () => {
  it('SSE: a message has only a data line; other events an event line first; newer delete/clear have none', () => {
    expect(encodeSseFrame(base)).toBe(`data: ${encodeMessageLine(base)}\n`);
    const open = { id: 'o', time: 1, event: 'open', topic: 't' };
    expect(encodeSseFrame(open)).toBe(`event: open\ndata: {"id":"o","time":1,"event":"open","topic":"t"}\n\n`);
    expect(encodeSseFrame({ ...open, event: 'poll_request' })).toMatch(/^event: poll_request\ndata: /);
    expect(encodeSseFrame({ ...open, event: 'message_delete' })).toMatch(/^data: /);
    expect(encodeSseFrame({ ...open, event: 'message_clear' })).toMatch(/^data: /);
  });

  it('raw: the body with newlines as spaces, and a bare newline for other events', () => {
    expect(encodeRawLine({ ...base, message: 'a\nb\nc' })).toBe('a b c\n');
    expect(encodeRawLine({ id: 'k', time: 1, event: 'keepalive', topic: 't' })).toBe('\n');
  });
});

describe('error bodies', () => {
  it('matches the docs/protocol.md example byte for byte, and omits an empty link', () => {
    expect(errorBody(ntfyErrors.sinceInvalid)).toBe(
      '{"code":40008,"http":400,"error":"invalid since parameter","link":"https://ntfy.sh/docs/subscribe/api/#fetch-cached-messages"}\n',
    );
    expect(errorBody(ntfyErrors.notFound)).toBe('{"code":40401,"http":404,"error":"page not found"}\n');
  });
});
