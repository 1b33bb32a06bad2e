import { describe, expect, it } from 'vitest';
import { goTrimSpace, pipedFileName, withPipedInput } from '../../../../main/core/publish/piped-input.ts';

const base = { server: 'https://ntfy.example', topic: 'alerts' };
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('withPipedInput', () => {
  it('makes short text the message, without the line break of its last line', () => {
    expect(withPipedInput(base, encode('Backup done\nall 3 disks\n'))).toEqual({
      ok: true,
      input: { ...base, message: 'Backup done\nall 3 disks' },
    });
    expect(withPipedInput(base, encode(''))).toEqual({ ok: true, input: { ...base, message: '' } });
  });

  it('trims white space off both ends as Go strings.TrimSpace does (NEL and NBSP too, never a BOM)', () => {
    expect(withPipedInput(base, encode(' \t\r\n\u0085\u00a0\u3000 hi there \u2028\n\n'))).toEqual({
      ok: true,
      input: { ...base, message: 'hi there' },
    });
    expect(withPipedInput(base, encode('\ufeffhi\n'))).toEqual({ ok: true, input: { ...base, message: '\ufeffhi' } });
    expect(goTrimSpace('\u200bx\u200b')).toBe('\u200bx\u200b'); // a zero-width space is no space to Go
  });

  it('sends text over 4096 bytes, trimmed, as the body, with no name (the server makes it attachment.txt)', () => {
    const text = `${'ä'.repeat(2048)}x`; // 4097 bytes
    expect(withPipedInput(base, encode(`\n${text}\n`))).toEqual({
      ok: true,
      input: { ...base, body: { bytes: encode(text) } },
    });
  });

  it('sends short text whose JSON would pass 8192 bytes as the body too', () => {
    const bytes = encode('\u0001'.repeat(2000)); // 2000 bytes, 12 000 as JSON escapes
    expect(withPipedInput(base, bytes)).toEqual({ ok: true, input: { ...base, body: { bytes } } });
  });

  it('sends bytes that are not UTF-8 as a named attachment', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(withPipedInput(base, png)).toEqual({
      ok: true,
      input: { ...base, body: { bytes: png, filename: 'attachment.png' } },
    });
  });

  it('refuses with --attach what cannot be the message of the attached link', () => {
    const withAttach = { ...base, attach: 'https://x.test/f.zip' };
    expect(withPipedInput(withAttach, encode('short'))).toEqual({
      ok: true,
      input: { ...withAttach, message: 'short' },
    });
    const refused = withPipedInput(withAttach, new Uint8Array([0xff, 0xfe]));
    expect(refused).toEqual({
      ok: false,
      problem:
        'with --attach, what stdin holds is the message and must be text of at most 4096 bytes: shorten it, or ' +
        'leave out --attach to send it as the attachment',
    });
    expect(withPipedInput(withAttach, encode('x'.repeat(5000))).ok).toBe(false);
  });
});

describe('pipedFileName', () => {
  it('names common files by their first bytes, and anything else attachment.bin', () => {
    expect(pipedFileName(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('attachment.jpg');
    expect(pipedFileName(encode('%PDF-1.7'))).toBe('attachment.pdf');
    expect(pipedFileName(encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('attachment.webp');
    expect(pipedFileName(new Uint8Array([0x89, 0x50]))).toBe('attachment.bin');
    expect(pipedFileName(new Uint8Array([0x00, 0xff]))).toBe('attachment.bin');
  });
});
