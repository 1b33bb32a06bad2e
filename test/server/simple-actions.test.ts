import { describe, expect, it } from 'vitest';
import { NtfyHttpError } from './errors.ts';
import { parseSimpleActions } from './simple-actions.ts';

function errorOf(input: string): string {
  try {
    parseSimpleActions(input);
  } catch (error) {
    if (error instanceof NtfyHttpError) return `${String(error.spec.code)} ${error.spec.error}`;
    throw error;
  }
  return 'no error';
}

describe('the simple action format', () => {
  it('reads positional sections: action, label, then url for view and http', () => {
    expect(parseSimpleActions('view, Open, https://x.test/a; http, Post, https://y.test')).toEqual([
      { action: 'view', label: 'Open', url: 'https://x.test/a' },
      { action: 'http', label: 'Post', url: 'https://y.test' },
    ]);
  });

  it('reads key=value sections, headers.* and extras.* maps, and clear as a boolean word', () => {
    const [http, broadcast] = parseSimpleActions(
      'http, Close, https://api.test/door, method=put, body={"open":false}, headers.Authorization=Bearer tk, ' +
        'headers.X-A = b, clear=YES; broadcast, Photo, extras.cmd=pic, intent=io.test.ACTION, clear=0',
    );
    expect(http).toEqual({
      action: 'http',
      label: 'Close',
      url: 'https://api.test/door',
      method: 'put',
      body: '{"open":false}',
      headers: { Authorization: 'Bearer tk', 'X-A': 'b' },
      clear: true,
    });
    expect(broadcast).toEqual({
      action: 'broadcast',
      label: 'Photo',
      extras: { cmd: 'pic' },
      intent: 'io.test.ACTION',
      clear: false,
    });
  });

  it('reads the explicit form in any order', () => {
    expect(parseSimpleActions('label=Open, url=https://x.test, action=view')).toEqual([
      { action: 'view', label: 'Open', url: 'https://x.test' },
    ]);
  });

  it('keeps commas and semicolons inside double or single quotes, with backslash-escaped quotes', () => {
    expect(
      parseSimpleActions(`view, "Look, ma; quotes \\"too\\"", 'https://x.test/?a=1;b=2' ; broadcast, 'It\\'s'`),
    ).toEqual([
      { action: 'view', label: 'Look, ma; quotes "too"', url: 'https://x.test/?a=1;b=2' },
      { action: 'broadcast', label: "It's" },
    ]);
  });

  it('trims unquoted values and ignores a trailing semicolon', () => {
    expect(parseSimpleActions('  view ,  Open  ,  https://x.test  ;')).toEqual([
      { action: 'view', label: 'Open', url: 'https://x.test' },
    ]);
  });

  it('takes a third bare section as the url whatever the case of the action name', () => {
    expect(parseSimpleActions('VIEW, Open, https://x.test')).toEqual([
      { action: 'VIEW', label: 'Open', url: 'https://x.test' },
    ]);
  });

  it.each([
    ['broadcast, Label, extra', "term 'extra' unknown"],
    ['view, Open, https://x.test, https://y.test', "term 'https://y.test' unknown"],
    ['view, Open, https://x.test, colour=red', "key 'colour' unknown"],
    ['view, Open, https://x.test, clear=maybe', "parameter 'clear' cannot be 'maybe'"],
    ['view, "Open, https://x.test', 'unexpected end of input, quote started at position 7'],
    ['view, "Open" now, https://x.test', "unexpected character 'n' at position 13"],
  ])('answers %j with 40018 (%s)', (input, detail) => {
    expect(errorOf(input)).toContain(`40018 invalid request: actions invalid, ${detail}`);
  });
});
