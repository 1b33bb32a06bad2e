import { describe, expect, it } from 'vitest';
import type { SettingsDto } from '../../../common/ipc.ts';
import {
  nextQuietChange,
  pausedReason,
  quietHoursEnd,
  quietStatuses,
  quietStatusText,
  whyNoPopup,
} from '../../../renderer/history/quiet-status.ts';

// Local wall-clock times (built from local date parts), so the tests hold in any time zone.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute).getTime();

const night = { enabled: true, start: '22:00', end: '07:00', urgentBreaksThrough: false };

function settings(overrides: Partial<SettingsDto> = {}, quietHours = night): SettingsDto {
  return {
    defaultServer: 'https://ntfy.sh',
    preferences: {
      notificationsEnabled: true,
      quietHours,
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
    ...overrides,
  };
}

describe('quietHoursEnd', () => {
  it('ends the next morning when the quiet hours span midnight and it is evening', () => {
    expect(quietHoursEnd(night, at(10, 23, 30))).toBe(at(11, 7));
  });

  it('ends the same morning after midnight', () => {
    expect(quietHoursEnd(night, at(11, 6, 59))).toBe(at(11, 7));
  });

  it('is undefined outside the quiet hours, when they are off, or when start equals end', () => {
    expect(quietHoursEnd(night, at(11, 7))).toBeUndefined();
    expect(quietHoursEnd(night, at(11, 21, 59))).toBeUndefined();
    expect(quietHoursEnd({ ...night, enabled: false }, at(10, 23))).toBeUndefined();
    expect(quietHoursEnd({ ...night, start: '07:00' }, at(10, 7, 30))).toBeUndefined();
  });

  it('handles quiet hours within one day', () => {
    const lunch = { ...night, start: '12:00', end: '13:30' };
    expect(quietHoursEnd(lunch, at(10, 12, 15))).toBe(at(10, 13, 30));
    expect(quietHoursEnd(lunch, at(10, 13, 30))).toBeUndefined();
  });
});

describe('quietStatuses', () => {
  it('lists a timed pause until it runs out, even before the core says so', () => {
    const paused = settings({ pausedUntil: at(10, 19, 43) }, { ...night, enabled: false });
    expect(quietStatuses(paused, at(10, 19))).toEqual([{ kind: 'paused', until: at(10, 19, 43) }]);
    expect(quietStatuses(paused, at(10, 19, 43))).toEqual([]);
  });

  it('lists a pause until resumed (null) and the quiet hours that are on, pause first', () => {
    expect(quietStatuses(settings({ pausedUntil: null }), at(10, 23))).toEqual([
      { kind: 'paused', until: null },
      { kind: 'quiet-hours', until: at(11, 7) },
    ]);
  });

  it('is empty when nothing holds popups back', () => {
    expect(quietStatuses(settings(), at(10, 12))).toEqual([]);
  });
});

describe('nextQuietChange', () => {
  it('is the earliest of the pause end, the quiet hours end and their next start', () => {
    expect(nextQuietChange(settings({ pausedUntil: at(10, 19, 43) }), at(10, 19))).toBe(at(10, 19, 43));
    expect(nextQuietChange(settings({ pausedUntil: null }), at(10, 19))).toBe(at(10, 22));
    expect(nextQuietChange(settings(), at(10, 23))).toBe(at(11, 7));
    expect(nextQuietChange(settings({}, { ...night, enabled: false }), at(10, 23))).toBeUndefined();
  });
});

describe('quietStatusText', () => {
  it('says the time in the locale’s format', () => {
    expect(quietStatusText({ kind: 'paused', until: at(10, 19, 43) }, at(10, 19), 'en-GB')).toBe('Paused until 19:43');
    expect(quietStatusText({ kind: 'paused', until: at(10, 19, 43) }, at(10, 19), 'en-US')).toBe(
      'Paused until 7:43 PM',
    );
    expect(quietStatusText({ kind: 'quiet-hours', until: at(11, 7) }, at(10, 23), 'en-GB')).toBe(
      'Quiet hours until 07:00',
    );
  });

  it('says "until resumed" for an open-ended pause and names the day of a pause that ends on another', () => {
    expect(quietStatusText({ kind: 'paused', until: null }, at(10, 19))).toBe('Paused until resumed');
    expect(quietStatusText({ kind: 'paused', until: at(11, 7) }, at(10, 23), 'en-GB')).toBe('Paused until Wed 07:00');
  });
});

describe('pausedReason', () => {
  it('says when a timed pause ends in the locale’s format, as the Messages header does', () => {
    const paused = settings({ pausedUntil: at(10, 19, 43) });
    expect(pausedReason(paused, at(10, 19), 'de-DE')).toBe('Notifications paused until 19:43');
    // ICU may write the space before PM as a narrow no-break space; \s matches either.
    expect(pausedReason(paused, at(10, 19), 'en-US')).toMatch(/^Notifications paused until 7:43\sPM$/);
    expect(pausedReason(settings({ pausedUntil: at(11, 7) }), at(10, 23), 'en-GB')).toBe(
      'Notifications paused until Wed 07:00',
    );
  });

  it('is undefined once the pause is over, and says so for a pause until resumed or notifications off', () => {
    expect(pausedReason(settings({ pausedUntil: at(10, 19) }), at(10, 19))).toBeUndefined();
    expect(pausedReason(settings({ pausedUntil: null }), at(10, 19))).toBe('Notifications paused until resumed');
    const off = settings();
    expect(pausedReason({ ...off, preferences: { ...off.preferences, notificationsEnabled: false } }, 0)).toBe(
      'Notifications are off',
    );
  });
});

describe('whyNoPopup', () => {
  const day = at(10, 12);
  const audible = { muted: false };

  it('says nothing when a message would pop up', () => {
    expect(whyNoPopup(settings(), audible, day, 'en-GB')).toBeUndefined();
  });

  it('names a pause, quiet hours, notifications off and a muted topic', () => {
    expect(whyNoPopup(settings({ pausedUntil: null }), audible, day, 'en-GB')).toBe(
      'Notifications paused until resumed',
    );
    expect(whyNoPopup(settings(), audible, at(10, 23), 'en-GB')).toBe('Quiet hours until 07:00');
    const off = settings();
    expect(
      whyNoPopup({ ...off, preferences: { ...off.preferences, notificationsEnabled: false } }, audible, day, 'en-GB'),
    ).toBe('Notifications are off');
    expect(whyNoPopup(settings(), { muted: true }, day, 'en-GB')).toBe('This topic is muted');
  });
});
