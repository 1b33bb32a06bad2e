import { afterEach, describe, expect, it } from 'vitest';
import { actionAvailability } from '../../../common/action-availability.ts';
import { setLocale } from '../../../common/i18n/translate.ts';
import { describeNetworkFailure } from '../../../common/network-failure.ts';
import { invalidPriorityFilter } from '../../../common/priority-filter.ts';
import type { RuleError } from '../../../common/rule-error.ts';
import { invalidServerUrl, serverUrlError, serverUrlWithCredentials } from '../../../common/server-url.ts';
import { alreadySubscribed } from '../../../common/subscription-rules.ts';
import { missingServer, missingTopic, parseServerInput, parseTopicInput } from '../../../common/topic-input.ts';
import { invalidTopicName, topicNameError } from '../../../common/topic-name.ts';
import { isAllowedExternalUrl, isFetchableUrl } from '../../../common/url-allowlist.ts';
import { describePublishFailure } from '../../../main/core/publish/publish-failure.ts';

afterEach(() => {
  setLocale(['en-US']);
});

function inGerman<T>(make: () => T): T {
  setLocale(['de-DE']);
  try {
    return make();
  } finally {
    setLocale(['en-US']);
  }
}

describe('the rules in German', () => {
  it('says a topic name breaks the rule in German, the code unchanged', () => {
    setLocale(['de-DE']);
    expect(topicNameError('a b')).toEqual({
      code: 'invalid-topic-name',
      message: 'muss aus 1–64 Zeichen A-Z a-z 0-9 _ - bestehen',
    });
  });

  it('says a server URL is wrong in German', () => {
    setLocale(['de-DE']);
    expect(serverUrlError('ftp://example.com')?.message).toBe('muss eine http- oder https-URL sein');
    expect(parseServerInput('https://user:pw@ntfy.sh')).toEqual({
      ok: false,
      error: { code: 'server-url-with-credentials', message: 'darf keine Zugangsdaten enthalten' },
    });
  });

  it('describes a network failure in German', () => {
    setLocale(['de-DE']);
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });
    expect(describeNetworkFailure(refused)).toEqual({ kind: 'refused', words: 'Verbindung abgelehnt' });
    const expired = Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' });
    expect(describeNetworkFailure(expired).words).toBe('Problem mit dem TLS-Zertifikat: Zertifikat ist abgelaufen');
  });

  it('describes a publish failure in German, with a plural count and the status as it is', () => {
    setLocale(['de-DE']);
    expect(describePublishFailure({ kind: 'refused', status: 400, code: 40005 })).toBe(
      'die Verzögerung ist zu kurz: mindestens 10 Sekunden (HTTP 400, 40005)',
    );
    expect(describePublishFailure({ kind: 'refused', status: 429, code: 42901, retryAfter: '30' })).toBe(
      'zu viele Nachrichten: der Server begrenzt, wie oft man senden darf (HTTP 429, 42901, erneut versuchen nach 30 s)',
    );
  });

  it('keeps the English publish failure as before', () => {
    expect(describePublishFailure({ kind: 'refused', status: 400, code: 40006 })).toBe(
      'the delay is too long: at most 3 days on a default server (HTTP 400, 40006)',
    );
  });

  it('says why an action cannot run in German', () => {
    setLocale(['de-DE']);
    expect(actionAvailability({ kind: 'view', url: 'file:///etc/passwd' })).toEqual({
      canRun: false,
      reason: 'Nicht verfügbar: Diese App öffnet nur Web- und Mail-Links, keine file:-Links.',
    });
  });
});

/** Every rule that makes a RuleError, and one input that breaks it. */
const RULES: readonly (readonly [string, () => RuleError | undefined])[] = [
  ['invalidTopicName', invalidTopicName],
  ['topicNameError', () => topicNameError('a/b')],
  ['missingTopic', missingTopic],
  ['missingServer', missingServer],
  ['parseTopicInput (empty)', () => errorOf(parseTopicInput('', 'ntfy.sh'))],
  ['parseServerInput (empty)', () => errorOf(parseServerInput(' '))],
  ['invalidServerUrl', invalidServerUrl],
  ['serverUrlWithCredentials', serverUrlWithCredentials],
  ['serverUrlError', () => serverUrlError('mailto:a@b.c')],
  ['alreadySubscribed', alreadySubscribed],
  ['invalidPriorityFilter', invalidPriorityFilter],
];

function errorOf(result: { ok: true } | { ok: false; error: RuleError }): RuleError | undefined {
  return result.ok ? undefined : result.error;
}

describe('every RuleError-producing rule', () => {
  it.each(RULES)('%s speaks German in de-DE, with the same code', (_name, make) => {
    const english = make();
    const german = inGerman(make);
    expect(english).toBeDefined();
    expect(german?.code).toBe(english?.code);
    expect(german?.message).not.toBe(english?.message);
    expect(german?.message).not.toBe('');
  });
});

describe('the URL allowlist in German', () => {
  it('says why a link is refused in German, the scheme as it is', () => {
    setLocale(['de-DE']);
    expect(isAllowedExternalUrl('file:///etc/passwd')).toEqual({
      ok: false,
      reason: 'Schema file: ist nicht erlaubt',
    });
    expect(isFetchableUrl('example.com')).toEqual({ ok: false, reason: 'keine absolute URL' });
  });
});
