import { describe, expect, it } from 'vitest';
import { readNtfyErrorBody } from '../../../../main/core/protocol/error-body.ts';

describe('readNtfyErrorBody', () => {
  it.each([
    ['ntfy JSON text', '{"code":40301,"http":403,"error":"forbidden"}', { code: 40301, error: 'forbidden' }],
    ['already parsed', { code: 42901, http: 429, error: 'limit reached' }, { code: 42901, error: 'limit reached' }],
    ['a code without words', '{"code":40001}', { code: 40001 }],
    ['empty words left out', '{"code":50001,"error":""}', { code: 50001 }],
    ['a code that is not a number', '{"code":"40001","error":"x"}', { error: 'x' }],
    ['an HTML proxy page', '<html><body>502 Bad Gateway</body></html>', {}],
    ['an empty answer', '', {}],
    ['JSON that is not an object', '"forbidden"', {}],
    ['null', null, {}],
  ])('%s', (_name, body, expected) => {
    expect(readNtfyErrorBody(body)).toEqual(expected);
  });
});
