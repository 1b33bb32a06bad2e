/** Topic URL errors: one sentence each, in the language chosen at start; never the query's values. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseTopicUrl } from '../../../../main/core/client-config/topic-url.ts';
import { setLocale } from '../../../../common/i18n/translate.ts';

afterEach(() => {
  setLocale(['en-US']);
});

function error(typed: string, defaultServer?: string): string {
  const result = parseTopicUrl(typed, defaultServer);
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
}

describe('topic URL errors in English', () => {
  it.each([
    ['https://[bad/alerts', 'not a URL: https://[bad/alerts (expected a topic, host/topic or http(s)://host/topic)'],
    ['ftp://ntfy.sh/alerts', 'not an http(s) URL: ftp://ntfy.sh/alerts'],
    ['https://alice:pw@ntfy.sh/alerts', 'put credentials in --user/--token, not in the URL'],
    ['https://ntfy.sh/alerts#top', 'a topic URL takes no fragment (#…): remove it (https://ntfy.sh/alerts)'],
    [
      'https://ntfy.sh/al.erts',
      'invalid topic in https://ntfy.sh/al.erts: a topic must be 1-64 characters of A-Z a-z 0-9 _ -',
    ],
    [
      'https://ntfy.sh/alerts?x=1',
      'a topic URL takes no query (x=…): ntfy-tray builds the query itself from its options (see --help) (https://ntfy.sh/alerts)',
    ],
  ])('%s', (typed, message) => {
    expect(error(typed)).toBe(message);
  });

  it('names each option once, "or" between alternatives and "and" between meanings', () => {
    expect(error('https://ntfy.sh/alerts?auth=c2VjcmV0&since=1h&si=2h')).toBe(
      'a topic URL takes no query (auth=…&since=…&si=…): use --token or --user and --since instead (https://ntfy.sh/alerts)',
    );
  });

  it('says when the default server for a bare topic is not a server URL', () => {
    expect(error('alerts', 'ftp://ntfy.example.com')).toBe(
      'the default server ftp://ntfy.example.com must be an http or https URL',
    );
  });
});

describe('topic URL errors in German', () => {
  it.each([
    [
      'https://[bad/alerts',
      'keine URL: https://[bad/alerts (erwartet wird ein Thema, host/topic oder http(s)://host/topic)',
    ],
    ['ftp://ntfy.sh/alerts', 'keine http(s)-URL: ftp://ntfy.sh/alerts'],
    ['https://alice:pw@ntfy.sh/alerts', 'Zugangsdaten gehören in --user/--token, nicht in die URL'],
    [
      'https://ntfy.sh/alerts#top',
      'eine Themen-URL darf kein Fragment (#…) haben: entfernen Sie es (https://ntfy.sh/alerts)',
    ],
    [
      'https://ntfy.sh/al.erts',
      'ungültiges Thema in https://ntfy.sh/al.erts: ein Thema muss aus 1–64 Zeichen A-Z a-z 0-9 _ - bestehen',
    ],
    [
      'https://ntfy.sh/alerts?x=1',
      'eine Themen-URL darf keinen Abfrageteil haben (x=…): ntfy-tray bildet ihn selbst aus seinen Optionen ' +
        '(siehe --help) (https://ntfy.sh/alerts)',
    ],
    [
      'https://ntfy.sh/alerts?auth=c2VjcmV0&poll=1',
      'eine Themen-URL darf keinen Abfrageteil haben (auth=…&poll=…): verwenden Sie stattdessen --token oder ' +
        '--user und --poll (https://ntfy.sh/alerts)',
    ],
  ])('%s', (typed, message) => {
    setLocale(['de-DE']);

    expect(error(typed)).toBe(message);
  });

  it('says when the default server for a bare topic is not a server URL', () => {
    setLocale(['de-DE']);

    expect(error('alerts', 'ftp://ntfy.example.com')).toBe(
      'der Standardserver ftp://ntfy.example.com muss eine http- oder https-URL sein',
    );
  });
});
