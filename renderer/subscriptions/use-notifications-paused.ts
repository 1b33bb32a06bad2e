import { useEffect, useState } from 'react';
import type { BridgeApi, SettingsDto } from '../../common/ipc.ts';
import { pausedReason } from '../history/quiet-status.ts';

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
