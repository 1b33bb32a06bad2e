import { useEffect } from 'react';
import type { BridgeApi } from '../../common/ipc.ts';

/** Hands the default server from settings to `fill` once; `fill` must be stable (useCallback or a state setter). */
export function useDefaultServer(api: BridgeApi, fill: (server: string) => void): void {
  useEffect(() => {
    let active = true;
    void api.getSettings().then((result) => {
      if (active && result.ok) fill(result.value.defaultServer);
    });
    return () => {
      active = false;
    };
  }, [api, fill]);
}
