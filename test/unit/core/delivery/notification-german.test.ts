/** The notifications the app writes itself, in German: burst summaries (plural, digit grouping) and binary bodies. */
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../common/i18n/translate.ts';
import { summaryNames, summaryTitle } from '../../../../main/core/delivery/notification-burst.ts';
import { httpActionTarget } from '../../../../main/core/delivery/http-action.ts';
import { buildNotificationContent } from '../../../../main/core/delivery/notification-content.ts';
import type { NotificationCommand } from '../../../../main/core/delivery/notification-policy.ts';
import { batch, message, setup } from './policy-fixtures.ts';

type Summary = Extract<NotificationCommand, { type: 'summary' }>;

afterEach(() => {
  setLocale(['en-US']);
});

describe('notifications in German', () => {
  it('titles a burst summary with the plural form and German digit grouping', () => {
    setLocale(['de-DE']);
    expect(summaryTitle({ count: 1, names: ['Backups'] })).toBe('1 neue Nachricht in Backups');
    expect(summaryTitle({ count: 1234, names: ['Backups', 'Alerts'] })).toBe(
      '1.234 neue Nachrichten in Backups, Alerts',
    );
    expect(summaryNames(['A', 'B', 'C', 'D'])).toBe('A, B, C und 1 weiteres');
    expect(summaryNames(['A', 'B', 'C', 'D', 'E'])).toBe('A, B, C und 2 weitere');
  });

  it('writes the summary popup that the policy folds a catch-up into in German', () => {
    setLocale(['de-DE']);
    const { policy } = setup({ names: { backups: 'Backups', alerts: 'Alerts' } });
    const commands = policy.decide(
      batch('catch-up', [message({ topic: 'backups' }), message({ topic: 'alerts', title: 'Neueste' })]),
    );
    const summary = commands.find((command): command is Summary => command.type === 'summary');
    expect(summary).toMatchObject({ title: '2 neue Nachrichten in Backups, Alerts' });
    expect(summary?.body).toMatch(/^Neueste: Neueste: /);
  });

  it('names the size of a binary body in German', () => {
    setLocale(['de-DE']);
    const content = buildNotificationContent(message({ encoding: 'base64', message: 'AAEC' }), {
      server: 'https://ntfy.sh',
    });
    expect(content.body).toBe('(Binärnachricht, 3 Byte)');
  });

  it('names an http action with an unreadable address in German', () => {
    setLocale(['de-DE']);
    expect(httpActionTarget({ method: 'POST', url: 'not a url' })).toBe('POST eine ungültige Adresse');
  });
});
