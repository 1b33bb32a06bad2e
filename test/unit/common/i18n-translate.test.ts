import { afterEach, describe, expect, it } from 'vitest';
import { PSEUDO_CLOSE, PSEUDO_OPEN } from '../../../common/i18n/pseudo.ts';
import { localeFromEnv, posixToBcp47 } from '../../../common/i18n/posix-locale.ts';
import {
  activeLanguage,
  activeLocale,
  formatList,
  formatNumber,
  pickLanguage,
  setLocale,
  t,
} from '../../../common/i18n/translate.ts';

afterEach(() => {
  setLocale(['en-US']);
});

describe('choosing the language', () => {
  it('takes the first preferred locale that has a catalog and keeps the user’s locale for formats', () => {
    expect(pickLanguage(['de-AT', 'en-US'])).toEqual({ language: 'de', locale: 'de-AT' });
    expect(pickLanguage(['fr-FR', 'de-DE'])).toEqual({ language: 'de', locale: 'de-DE' });
    expect(pickLanguage(['en-GB'])).toEqual({ language: 'en', locale: 'en-GB' });
    expect(pickLanguage(['en-XA'])).toEqual({ language: 'pseudo', locale: 'en' });
  });

  it('falls back to English text in the user’s own formats when no catalog matches', () => {
    expect(pickLanguage(['fr-FR'])).toEqual({ language: 'en', locale: 'fr-FR' });
    expect(pickLanguage(['not a locale!'])).toEqual({ language: 'en', locale: 'en' });
    expect(pickLanguage([])).toEqual({ language: 'en', locale: 'en' });
  });

  it('reads the CLI’s locale from LC_ALL, then LC_MESSAGES, then LANG', () => {
    expect(localeFromEnv({ LANG: 'de_DE.UTF-8' })).toEqual(['de-DE']);
    expect(localeFromEnv({ LANG: 'de_DE.UTF-8', LC_MESSAGES: 'en_GB.UTF-8' })).toEqual(['en-GB']);
    expect(localeFromEnv({ LANG: 'en_US.UTF-8', LC_ALL: 'de_CH.UTF-8@euro' })).toEqual(['de-CH']);
    expect(localeFromEnv({ LANG: '' })).toEqual(['en']);
    expect(posixToBcp47('C.UTF-8')).toBe('en');
    expect(posixToBcp47('POSIX')).toBe('en');
  });
});

describe('t', () => {
  it('fills placeholders and formats numbers for the locale', () => {
    setLocale(['de-DE']);
    expect(activeLanguage()).toBe('de');
    expect(activeLocale()).toBe('de-DE');
    expect(t('priority-input-help', { names: 'min, low' })).toBe('1-5 oder min, low');
    expect(t('bytes.bytes', { count: 12345 })).toBe('12.345 Bytes');
  });

  it('chooses the plural form by the language’s rules', () => {
    setLocale(['en-US']);
    expect(t('bytes.bytes', { count: 1 })).toBe('1 byte');
    expect(t('bytes.bytes', { count: 0 })).toBe('0 bytes');
    setLocale(['de-DE']);
    expect(t('bytes.bytes', { count: 1 })).toBe('1 Byte');
  });

  it('pseudo-localizes: accented, longer, bracketed, placeholders kept', () => {
    setLocale(['en-XA']);
    const text = t('priority-input-help', { names: 'min' });
    expect(text.startsWith(PSEUDO_OPEN)).toBe(true);
    expect(text.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(text).toContain('min');
    expect(text).toContain('ór');
    expect(text.length).toBeGreaterThan('1-5 or min'.length * 1.3);
  });

  it('joins lists and formats numbers as the locale does', () => {
    setLocale(['de-DE']);
    expect(formatList(['Backups', 'Alerts', 'Disk'])).toBe('Backups, Alerts und Disk');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    setLocale(['en-US']);
    expect(formatList(['Backups', 'Alerts', 'Disk'])).toBe('Backups, Alerts, and Disk');
  });
});
