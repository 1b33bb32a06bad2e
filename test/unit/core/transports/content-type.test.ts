import { describe, expect, it } from 'vitest';
import { streamContentTypeProblem } from '../../../../main/core/transports/content-type.ts';

describe('streamContentTypeProblem', () => {
  it('accepts what ntfy sends, with or without charset, in any letter case', () => {
    expect(streamContentTypeProblem('json', 'application/x-ndjson; charset=utf-8')).toBeUndefined();
    expect(streamContentTypeProblem('json', 'APPLICATION/JSON')).toBeUndefined();
    expect(streamContentTypeProblem('sse', 'text/event-stream;charset=UTF-8')).toBeUndefined();
    expect(streamContentTypeProblem('raw', ' Text/Plain ')).toBeUndefined();
    expect(streamContentTypeProblem('raw', undefined)).toBeUndefined();
  });

  it('names a captive portal and other wrong types', () => {
    expect(streamContentTypeProblem('json', 'text/html; charset=iso-8859-1')).toBe(
      'not an ntfy stream: the server answered text/html (a captive portal or proxy login page?)',
    );
    expect(streamContentTypeProblem('raw', 'application/x-ndjson')).toBe(
      'not an ntfy stream: the server answered application/x-ndjson',
    );
    expect(streamContentTypeProblem('sse', 'text/plain')).toBe('not an ntfy stream: the server answered text/plain');
  });
});
