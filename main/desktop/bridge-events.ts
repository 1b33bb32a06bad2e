/**
 * The core's events as the desktop app answers them: each is sent to the window on its bridge channel, and what
 * the tray shows is redrawn when it changed.
 */
import type { createBridgeEmit } from '../../common/ipc.ts';
import type { AppCoreEvents } from '../core/app/app-core.ts';

type BridgeEmit = ReturnType<typeof createBridgeEmit>;

export function bridgeEvents(emit: BridgeEmit, trayChanged: () => void): AppCoreEvents {
  return {
    messagesReceived: (messages) => {
      emit('messagesReceived', messages);
    },
    connectionsChanged: (connections) => {
      emit('connectionsChanged', connections);
    },
    settingsChanged: (dto) => {
      emit('settingsChanged', dto);
    },
    trayChanged,
    accountChanged: (status) => {
      emit('accountChanged', status);
    },
    commandStateChanged: (change) => {
      emit('commandStateChanged', change);
    },
  };
}
