import { useEffect, useState } from 'react';
import type { BridgeApi, SettingsDto } from '../../common/ipc.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** Why no subscription pops anything up right now (a global pause, or notifications off); undefined when they do. */
export function pausedReason(settings: SettingsDto, nowMs: number): string | undefined {
  if (!settings.preferences.notificationsEnabled) return 'Notifications are off';
  const until = settings.pausedUntil;
  if (until === undefined) return undefined;
  if (until === null) return 'Notifications paused until you resume';
  return until > nowMs ? `Notifications paused until ${timeFormat.format(new Date(until))}` : undefined;
}

/** pausedReason for the current settings, following changes from any view or the tray. */
export function useNotificationsPaused(api: BridgeApi): string | undefined {
  const [settings, setSettings] = useState<SettingsDto | undefined>(undefined);
  useEffect(() => {
    let active = true;
    void api.getSettings().then((result) => {
      if (active && result.ok) setSettings(result.value);
    });
    const unsubscribe = api.onSettingsChanged(setSettings);
    return () => {
      active = false;
      unsubscribe();
    };
  }, [api]);
  return settings === undefined ? undefined : pausedReason(settings, Date.now());
}
