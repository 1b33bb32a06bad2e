/**
 * Moved to common/ipc.ts (the bridge's tables) and common/ipc-dto.ts (its DTOs). What is left is the one name the
 * committed main/index.ts still imports; its working copy already pushes through common/ipc.ts's createBridgeEmit.
 * Delete this file, and `preload/contract.ts` from tsconfig.web.json's include, when that edit is committed.
 */
import { bridgeEvents } from '../common/ipc.ts';

/** The push channels by their old names, read from the table (no second copy of a channel name). */
export const ipcEvents = {
  messagesReceived: bridgeEvents.messagesReceived.channel,
  connectionsChanged: bridgeEvents.connectionsChanged.channel,
  settingsChanged: bridgeEvents.settingsChanged.channel,
  windowShowMessage: bridgeEvents.showMessage.channel,
  noticesChanged: bridgeEvents.noticesChanged.channel,
} as const;
