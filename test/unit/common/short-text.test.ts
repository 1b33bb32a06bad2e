import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../common/i18n/translate.ts';
import { shortenUrl, shortenUrls, shortTopicList } from '../../../common/short-text.ts';

const THOUSAND = Array.from({ length: 1000 }, (_, index) => `topic-${String(index).padStart(4, '0')}`);
const LONG_URL = `https://ntfy.example.com/${THOUSAND.join(',')}/json?since=1700000000`;

afterEach(() => {
  setLocale(['en-US']);
});

describe('shortTopicList', () => {
  it('joins a short list as ntfy writes it', () => {
    expect(shortTopicList(['alerts', 'backups'])).toBe('alerts,backups');
  });

  it('begins a long list and counts the rest, in the language of the line', () => {
    expect(shortTopicList(THOUSAND)).toBe('topic-0000,topic-0001,topic-0002,topic-0003,topic-0004 and 995 more');
    setLocale(['de-DE']);
    expect(shortTopicList(THOUSAND)).toBe('topic-0000,topic-0001,topic-0002,topic-0003,topic-0004 und 995 weitere');
  });

  it('always shows the first topic, however long', () => {
    const long = ['x'.repeat(64), 'y'.repeat(64)];
    expect(shortTopicList(long)).toBe(`${'x'.repeat(64)} and 1 more`);
  });
});

describe('shortenUrl(s)', () => {
  it('cuts an 11 KB URL to its beginning and leaves short ones alone', () => {
    expect(LONG_URL.length).toBeGreaterThan(11_000);
    expect(shortenUrl(LONG_URL)).toBe(`${LONG_URL.slice(0, 100)}…`);
    expect(shortenUrl('https://ntfy.sh/alerts/json')).toBe('https://ntfy.sh/alerts/json');
  });

  it('cuts every long URL inside a text, also one quoted in JSON', () => {
    const text = `failed: ${LONG_URL} and {"url":"${LONG_URL.replace('https', 'wss')}"} at https://ntfy.sh/a`;
    expect(shortenUrls(text)).toBe(
      `failed: ${LONG_URL.slice(0, 100)}… and {"url":"${LONG_URL.replace('https', 'wss').slice(0, 100)}…"} at https://ntfy.sh/a`,
    );
  });
});
