import { describe, expect, it } from 'vitest';
import { catalogs, en } from '../../../common/i18n/catalog.ts';
import type { Message } from '../../../common/i18n/message.ts';

function placeholders(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  const names = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(/\{([a-zA-Z]+)\}/g)) names.add(match[1] ?? '');
  return [...names].sort();
}

const languages = Object.entries(catalogs);

describe('the message catalog', () => {
  it.each(languages)('%s has exactly the English keys, none missing and none extra', (_language, table) => {
    const missing = Object.keys(en).filter((key) => !(key in table));
    const extra = Object.keys(table).filter((key) => !(key in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(languages)('%s uses the same placeholders as English in every message', (_language, table) => {
    const differing = Object.entries(en)
      .filter(([key, message]) => {
        const translated = (table as Record<string, Message | undefined>)[key];
        return translated !== undefined && placeholders(translated).join() !== placeholders(message).join();
      })
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it.each(languages)('%s has no empty text and a one and other form in each plural', (_language, table) => {
    const broken = Object.entries(table as Record<string, Message>)
      .filter(([, message]) =>
        typeof message === 'string'
          ? message.trim() === ''
          : message.one === undefined || message.other.trim() === '' || message.one.trim() === '',
      )
      .map(([key]) => key);
    expect(broken).toEqual([]);
  });

  it('keeps each part’s keys under its own prefix, so parts cannot overwrite each other', () => {
    const prefixes = new Set([
      'history',
      'detail',
      'subscriptions',
      'settings',
      'app',
      'rules',
      'core',
      'system',
      'cli',
    ]);
    const common = new Set(['priority', 'min-priority', 'priority-input-help', 'time', 'bytes', 'topics']);
    const stray = Object.keys(en).filter((key) => {
      const head = key.split('.')[0] ?? '';
      return !prefixes.has(head) && !common.has(head);
    });
    expect(stray).toEqual([]);
  });
});
