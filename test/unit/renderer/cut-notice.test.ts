import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../common/i18n/translate.ts';
import { cutNotice } from '../../../renderer/history/cut-notice.ts';

describe('the message detail’s line about what the history cut', () => {
  afterEach(() => {
    setLocale(['en-US']);
  });

  it('says nothing when nothing was cut', () => {
    expect(cutNotice(undefined)).toBeUndefined();
    expect(cutNotice([])).toBeUndefined();
  });

  it('names the fields in English and German', () => {
    setLocale(['en-US']);
    expect(cutNotice(['message'])).toBe('Too big to keep in full, cut or left out: text.');
    expect(cutNotice(['title', 'click', 'actions'])).toBe(
      'Too big to keep in full, cut or left out: title, link, and action buttons.',
    );
    setLocale(['de-DE']);
    expect(cutNotice(['title', 'click', 'actions'])).toBe(
      'Zu groß für den Verlauf, gekürzt oder weggelassen: Titel, Link und Aktionsknöpfe.',
    );
  });
});
