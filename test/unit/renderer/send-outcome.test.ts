import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../common/i18n/translate.ts';
import type { BridgeApi, PublishInputDto, SettingsDto } from '../../../common/ipc.ts';
import { describeSendResult, sendTestNotification } from '../../../renderer/history/send-outcome.ts';

// 2026-03-10 12:43 UTC: the same date in every time zone a test machine has.
const at = Date.UTC(2026, 2, 10, 12, 43) / 1000;

/**
 * A bridge whose only parts used here are publishMessage, answering `sent` for whatever it is given, and
 * getSettings, answering `settings` (or that it cannot, without them).
 */
function publishingApi(published: PublishInputDto[], settings?: SettingsDto): BridgeApi {
  const api: Pick<BridgeApi, 'publishMessage' | 'getSettings'> = {
    publishMessage: (input) => {
      published.push(input);
      return Promise.resolve({ ok: true, value: { outcome: 'sent', id: 'x', time: at, scheduled: false } });
    },
    getSettings: () =>
      Promise.resolve(
        settings === undefined
          ? { ok: false, error: { code: 'internal', message: 'no settings here' } }
          : { ok: true, value: settings },
      ),
  };
  return api as BridgeApi;
}

afterEach(() => {
  setLocale(['en-US']);
});

describe('describeSendResult', () => {
  it('says Sent, the scheduled time, or why not, in English', () => {
    expect(describeSendResult({ ok: true, value: { outcome: 'sent', id: 'a', time: at, scheduled: false } })).toEqual({
      sent: true,
      text: 'Sent',
    });
    const scheduled = describeSendResult(
      { ok: true, value: { outcome: 'sent', id: 'a', time: at, scheduled: true } },
      'en-US',
    );
    expect(scheduled.text).toMatch(/^Scheduled for Mar 10, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(
      describeSendResult({ ok: true, value: { outcome: 'refused', status: 403, detail: 'the topic is read-only' } }),
    ).toEqual({ sent: false, text: 'Not sent: The topic is read-only' });
  });

  it('says them in German, the time in German order and on the 24-hour clock', () => {
    setLocale(['de-DE']);
    expect(describeSendResult({ ok: true, value: { outcome: 'sent', id: 'a', time: at, scheduled: false } }).text).toBe(
      'Gesendet',
    );
    const scheduled = describeSendResult({ ok: true, value: { outcome: 'sent', id: 'a', time: at, scheduled: true } });
    const expected = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(at * 1000);
    expect(scheduled.text).toBe(`Geplant für ${expected}`);
    expect(scheduled.text).toMatch(/^Geplant für 10\.03\.2026, \d{2}:\d{2}$/);
    expect(
      describeSendResult({ ok: false, error: { code: 'internal', message: 'Server nicht erreichbar' } }).text,
    ).toBe('Nicht gesendet: Server nicht erreichbar');
  });

  it('says a sent test notification in German', async () => {
    setLocale(['de-DE']);
    const published: PublishInputDto[] = [];
    const text = await sendTestNotification(publishingApi(published), {
      server: 'http://127.0.0.1:1',
      topic: 'x',
      muted: false,
    });
    expect(text).toBe('Testbenachrichtigung gesendet');
    expect(published).toHaveLength(1);
  });

  it('says that a test sent while paused or to a muted topic will not pop up, and why', async () => {
    const paused: SettingsDto = {
      defaultServer: 'https://ntfy.sh',
      pausedUntil: null,
      preferences: {
        notificationsEnabled: true,
        quietHours: { enabled: false, start: '22:00', end: '07:00', urgentBreaksThrough: false },
        sounds: true,
        minPriority: 1,
        startAtLogin: false,
        theme: 'system',
        historyRetention: { maxAgeDays: 30, maxPerSubscription: 1000 },
        keepaliveTimeoutSeconds: 60,
        autoDownloadAttachments: 'subscription-server',
        autoDownloadMaxBytes: 2_097_152,
        checkForUpdates: true,
        unifiedPushEnabled: true,
      },
      updateChecks: 'not-in-this-build',
    };
    const topic = { server: 'http://127.0.0.1:1', topic: 'x', muted: false };
    expect(await sendTestNotification(publishingApi([], paused), topic)).toBe(
      'Test notification sent, but it will not pop up: Notifications paused until resumed',
    );
    const { pausedUntil: _, ...playing } = paused;
    expect(await sendTestNotification(publishingApi([], playing), topic)).toBe('Test notification sent');
    expect(await sendTestNotification(publishingApi([], playing), { ...topic, muted: true })).toBe(
      'Test notification sent, but it will not pop up: This topic is muted',
    );
    setLocale(['de-DE']);
    expect(await sendTestNotification(publishingApi([], paused), topic)).toBe(
      'Testbenachrichtigung gesendet, aber sie erscheint nicht als Popup: Benachrichtigungen pausiert bis zur Fortsetzung',
    );
  });
});
