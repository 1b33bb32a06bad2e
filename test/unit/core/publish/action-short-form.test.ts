import { describe, expect, it } from 'vitest';
import { parseActionsText } from '../../../../main/core/publish/action-short-form.ts';

const parsed = (text: string): unknown => {
  const result = parseActionsText(text);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

const problem = (text: string): string => {
  const result = parseActionsText(text);
  if (result.ok) throw new Error(`parsed: ${JSON.stringify(result.value)}`);
  return result.error;
};

describe('parseActionsText (the ntfy short form and JSON)', () => {
  it('reads parts by place: action, label, then the url of view and http', () => {
    expect(parsed('view, Open, https://x.test; http, Restart, https://y.test, method=POST')).toEqual([
      { action: 'view', label: 'Open', url: 'https://x.test' },
      { action: 'http', label: 'Restart', url: 'https://y.test', method: 'POST' },
    ]);
  });

  it('reads key=value parts in any order, clear as a word, headers.* and extras.* maps', () => {
    expect(
      parsed(
        'action=http, url=https://y.test, label=Go, clear=yes, headers.X-A=b, body={"a":1}; broadcast, Shot, extras.cmd=pic',
      ),
    ).toEqual([
      { action: 'http', label: 'Go', url: 'https://y.test', clear: true, headers: { 'X-A': 'b' }, body: '{"a":1}' },
      { action: 'broadcast', label: 'Shot', extras: { cmd: 'pic' } },
    ]);
  });

  it('keeps , and ; inside quotes, with a backslash-escaped quote', () => {
    expect(parsed(`http, "Close, now; really", https://y.test, body='it\\'s'`)).toEqual([
      { action: 'http', label: 'Close, now; really', url: 'https://y.test', body: "it's" },
    ]);
  });

  it('lowercases the kind, turns line breaks into spaces and ignores a trailing ;', () => {
    expect(parsed('VIEW, Open\nnow, https://x.test;')).toEqual([
      { action: 'view', label: 'Open now', url: 'https://x.test' },
    ]);
  });

  it('takes the third part of copy as its value', () => {
    expect(parsed('copy, Copy code, 123456')).toEqual([{ action: 'copy', label: 'Copy code', value: '123456' }]);
  });

  it('takes a JSON list as it is, checked', () => {
    expect(parsed('[{"action":"view","label":"Open","url":"https://x.test","clear":true}]')).toEqual([
      { action: 'view', label: 'Open', url: 'https://x.test', clear: true },
    ]);
    expect(problem('[{"action":"view","label":"Open","url":"https://x.test","clear":"yes"}]')).toContain(
      '"clear" must be true or false',
    );
    expect(problem('[{"action":')).toMatch(/JSON/);
  });

  it('says what is wrong: unknown kind, missing label or url, unknown key, bad clear, open quote, stray part', () => {
    expect(problem('jump, Go')).toContain('the kind must be view, http, broadcast, copy');
    expect(problem('view')).toContain('a label is needed');
    expect(problem('http, Go')).toContain('http needs a URL');
    expect(problem('view, Go, https://x.test, colour=red')).toContain('unknown key "colour"');
    expect(problem('view, Go, https://x.test, clear=maybe')).toContain('clear=maybe: use true or false');
    expect(problem('view, "Go, https://x.test')).toContain('never closed');
    expect(problem('broadcast, Go, extra')).toContain('part 3 has no key=');
  });
});
