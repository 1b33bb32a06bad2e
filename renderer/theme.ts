import { useEffect } from 'react';
import type { BridgeApi, ThemeDto } from '../common/ipc.ts';

/** Puts the theme setting on <html data-theme>; the stylesheet narrows color-scheme for light or dark. */
function applyTheme(root: HTMLElement, theme: ThemeDto): void {
  if (theme === 'system') delete root.dataset['theme'];
  else root.dataset['theme'] = theme;
}

/** Follows the theme setting: once on start and on every settings change (from this window or the tray). */
export function useTheme(api: BridgeApi | undefined): void {
  useEffect(() => {
    if (api === undefined) return;
    let active = true;
    void api.getSettings().then((result) => {
      if (active && result.ok) applyTheme(document.documentElement, result.value.preferences.theme);
    });
    const unsubscribe = api.onSettingsChanged((settings) => {
      applyTheme(document.documentElement, settings.preferences.theme);
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [api]);
}
