import { useEffect, useState } from 'react';
import type { BridgeApi, ConnectionDto } from '../common/ipc.ts';
import { callUntilAnswered, windowSchedule } from './first-call.ts';

/** The core's live connection states: asked once (retried until the app answers), then pushed on every change. */
export function useConnections(api: BridgeApi | undefined): readonly ConnectionDto[] {
  const [connections, setConnections] = useState<readonly ConnectionDto[]>([]);
  useEffect(() => {
    if (api === undefined) return;
    const stopFirstCall = callUntilAnswered({
      call: () => api.listConnections(),
      onResult: (result) => {
        if (result.ok) setConnections(result.value);
      },
      schedule: windowSchedule,
    });
    const unsubscribe = api.onConnectionsChanged(setConnections);
    return () => {
      stopFirstCall();
      unsubscribe();
    };
  }, [api]);
  return connections;
}
