/**
 * The notification policy as the app runs it: its global and per-subscription settings read from the settings
 * store on every message, with the pause (core/app/pause.ts) and the quiet hours turned into the policy's terms.
 */
import { NotificationPolicy, type QuietHours } from '../delivery/notification-policy.ts';
import type { Clock } from '../ports.ts';
import type { Settings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import type { Pause } from './pause.ts';

/** "HH:MM" (validated by the settings schema) → minutes after midnight. */
function minutesOf(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

function quietHoursOf(settings: Settings): QuietHours | undefined {
  const quiet = settings.preferences.quietHours;
  if (!quiet.enabled) return undefined;
  return {
    startMinute: minutesOf(quiet.start),
    endMinute: minutesOf(quiet.end),
    urgentBreaksThrough: quiet.urgentBreaksThrough,
  };
}

interface AppNotificationPolicyOptions {
  readonly clock: Clock;
  readonly settings: SettingsStore;
  readonly pause: Pick<Pause, 'get'>;
}

export function createAppNotificationPolicy({ clock, settings, pause }: AppNotificationPolicyOptions) {
  return new NotificationPolicy({
    clock,
    settings: () => {
      const current = settings.get();
      const quietHours = quietHoursOf(current);
      const until = pause.get();
      return {
        enabled: current.preferences.notificationsEnabled,
        minPriority: current.preferences.minPriority,
        ...(until === undefined ? {} : { pausedUntil: until }),
        ...(quietHours === undefined ? {} : { quietHours }),
      };
    },
    subscription: (server, topic) => {
      const found = settings.get().subscriptions.find((item) => item.server === server && item.topic === topic);
      if (found === undefined) return undefined;
      return {
        muted: found.muted,
        minPriority: found.minPriority,
        ...(found.displayName === undefined ? {} : { displayName: found.displayName }),
      };
    },
  });
}
