import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../common/i18n/translate.ts';
import type { MessageActionDto } from '../../../common/ipc.ts';
import {
  actionOutcomeText,
  confirmInternalText,
  httpActionTargetOf,
  publisherActionView,
} from '../../../renderer/history/publisher-actions.ts';

const action = (fields: Partial<MessageActionDto> & Pick<MessageActionDto, 'kind'>): MessageActionDto => ({
  label: 'Do it',
  clear: false,
  ...fields,
});

describe('publisherActionView', () => {
  it('says where a runnable action goes', () => {
    expect(publisherActionView(action({ kind: 'view', url: 'https://example.com/x?token=1' }))).toEqual({
      hint: 'Opens example.com',
      availability: { canRun: true },
    });
    expect(publisherActionView(action({ kind: 'view', url: 'mailto:ops@example.com' })).hint).toBe(
      'Opens ops@example.com',
    );
    expect(publisherActionView(action({ kind: 'http', url: 'http://127.0.0.1:8080/restart' })).hint).toBe(
      'Sends POST to 127.0.0.1:8080',
    );
    // What "Dismiss" really does, before it is pressed.
    expect(
      publisherActionView(action({ kind: 'http', method: 'DELETE', url: 'https://nas.example/api/v1/delete-all' }))
        .hint,
    ).toBe('Sends DELETE to nas.example');
    expect(publisherActionView(action({ kind: 'copy' })).hint).toBe('Copies a value');
  });

  it('marks what cannot run with the shared rule and its reason', () => {
    expect(publisherActionView(action({ kind: 'view', url: 'file:///etc/passwd' })).availability).toEqual({
      canRun: false,
      reason: 'Not available: this app opens only web and mail links, not file: links.',
    });
    expect(publisherActionView(action({ kind: 'broadcast' }))).toEqual({
      hint: 'Android broadcast',
      availability: { canRun: false, reason: 'Not available: broadcast actions run only in the ntfy Android app.' },
    });
  });
});

describe('actionOutcomeText', () => {
  it("shows an http action's words as the core gave them, without the label", () => {
    const message = 'POST example.com failed: host not found';
    expect(actionOutcomeText({ ok: true, value: { kind: 'http', ok: false, message } })).toEqual({
      ok: false,
      text: message,
    });
  });

  it('says what a view or copy action did, and a refusal in the core’s words', () => {
    expect(actionOutcomeText({ ok: true, value: { kind: 'opened', url: 'https://example.com/' } })).toEqual({
      ok: true,
      text: 'Opened https://example.com/',
    });
    expect(actionOutcomeText({ ok: true, value: { kind: 'copied' } })).toEqual({
      ok: true,
      text: 'Copied to the clipboard',
    });
    expect(actionOutcomeText({ ok: false, error: { code: 'refused-url', message: 'Not available: nope.' } })).toEqual({
      ok: false,
      text: 'Not available: nope.',
    });
  });
});

describe('in German', () => {
  beforeEach(() => {
    setLocale(['de-DE']);
  });
  afterEach(() => {
    setLocale(['en-US']);
  });

  it('says where an action goes and what it did in German', () => {
    expect(publisherActionView(action({ kind: 'view', url: 'https://example.com/x' })).hint).toBe('Öffnet example.com');
    expect(publisherActionView(action({ kind: 'http', url: 'http://127.0.0.1:8080/restart' })).hint).toBe(
      'Sendet POST an 127.0.0.1:8080',
    );
    expect(publisherActionView(action({ kind: 'http' })).hint).toBe('Sendet eine Anfrage');
    expect(publisherActionView(action({ kind: 'broadcast' })).hint).toBe('Android-Broadcast');
    expect(actionOutcomeText({ ok: true, value: { kind: 'opened', url: 'https://example.com/' } }).text).toBe(
      'https://example.com/ geöffnet',
    );
    expect(actionOutcomeText({ ok: true, value: { kind: 'copied' } }).text).toBe('In die Zwischenablage kopiert');
  });
});

describe('a copy action', () => {
  it('says what it will copy before it is pressed, on one line and without bidi overrides', () => {
    expect(publisherActionView(action({ kind: 'copy', value: 'rm -rf /\n\u202eevil' })).hint).toBe(
      'Copies “rm -rf / evil”',
    );
  });
});

describe('the question before an http action to this computer or its network', () => {
  afterEach(() => {
    setLocale(['en-US']);
  });

  it('names method and host, from the action itself when a popup asked', () => {
    const restart = action({ kind: 'http', url: 'http://192.168.1.10/restart?key=1' });
    expect(httpActionTargetOf(restart)).toEqual({ method: 'POST', host: '192.168.1.10' });
    expect(httpActionTargetOf(action({ kind: 'view', url: 'http://192.168.1.10/' }))).toBeUndefined();
    expect(confirmInternalText('POST', '192.168.1.10')).toBe(
      'Send POST to 192.168.1.10? This address is on your own network.',
    );
    setLocale(['de-DE']);
    expect(confirmInternalText('DELETE', '[::1]:8080')).toBe(
      'DELETE an [::1]:8080 senden? Diese Adresse liegt in Ihrem eigenen Netzwerk.',
    );
  });
});
