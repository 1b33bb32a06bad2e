import { useCallback, useEffect, useState } from 'react';
import type { BridgeApi, BridgeResult, SettingsDto, SettingsPatchDto } from '../../common/ipc.ts';
import { callUntilAnswered, windowSchedule } from '../first-call.ts';

export interface SettingsState {
  readonly settings: SettingsDto | undefined;
  readonly loadError: string | undefined;
  /** Shows the change at once, then what the core kept (the old value again if it refused the change). */
  readonly save: (patch: SettingsPatchDto) => Promise<BridgeResult<SettingsDto>>;
}

/** The patch applied to what is shown, for the moment until the core answers; a pause waits for the core's clock. */
function applyPatch(settings: SettingsDto, patch: SettingsPatchDto): SettingsDto {
  const { quietHours, historyRetention, ...preferences } = patch.preferences ?? {};
  return {
    ...settings,
    ...(patch.defaultServer === undefined ? {} : { defaultServer: patch.defaultServer }),
    preferences: {
      ...settings.preferences,
      ...preferences,
      quietHours: { ...settings.preferences.quietHours, ...quietHours },
      historyRetention: { ...settings.preferences.historyRetention, ...historyRetention },
    },
  };
}

// setTimeout keeps at most about 24.8 days; a pause is never that long, but a clamp keeps a bad value harmless.
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The settings as the core has them, kept current: changes made here, `onSettingsChanged` pushes, and a re-read
 * when the window regains focus or a timed pause runs out (a pause from the tray changes no setting, so it is not
 * pushed).
 */
export function useSettings(api: BridgeApi): SettingsState {
  const [settings, setSettings] = useState<SettingsDto | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);

  const reload = useCallback(async () => {
    const result = await api.getSettings();
    if (result.ok) {
      setSettings(result.value);
      setLoadError(undefined);
    } else {
      setLoadError(result.error.message);
    }
  }, [api]);

  useEffect(() => {
    const reloadNow = () => {
      void reload();
    };
    // The first read is retried until it gets through (renderer/first-call.ts), so a page that loads before the
    // app answers shows why instead of "Loading settings…" for good.
    const stopFirstCall = callUntilAnswered({
      call: () => api.getSettings(),
      onResult: (result) => {
        if (result.ok) {
          setSettings(result.value);
          setLoadError(undefined);
        } else setLoadError(result.error.message);
      },
      schedule: windowSchedule,
    });
    const unsubscribe = api.onSettingsChanged(setSettings);
    window.addEventListener('focus', reloadNow);
    return () => {
      stopFirstCall();
      unsubscribe();
      window.removeEventListener('focus', reloadNow);
    };
  }, [api, reload]);

  const pausedUntil = settings?.pausedUntil;
  useEffect(() => {
    if (typeof pausedUntil !== 'number') return;
    const timer = setTimeout(
      () => {
        void reload();
      },
      Math.min(Math.max(pausedUntil - Date.now(), 0) + 500, MAX_TIMER_MS),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [pausedUntil, reload]);

  const save = useCallback(
    async (patch: SettingsPatchDto) => {
      setSettings((current) => (current === undefined ? current : applyPatch(current, patch)));
      const result = await api.updateSettings(patch);
      if (result.ok) setSettings(result.value);
      else await reload();
      return result;
    },
    [api, reload],
  );

  return { settings, loadError, save };
}
