/**
 * Runs sandboxed before the renderer page, in its own JS world: it may only require('electron'), so the build
 * bundles it into one CommonJS file (dist/preload/index.cjs). Exposes exactly BridgeApi and nothing of Electron:
 * no ipcRenderer, no event objects, only plain data in and out.
 */
import { contextBridge, ipcRenderer } from 'electron';
import {
  BRIDGE_GLOBAL_NAME,
  type BridgeApi,
  type BridgeResult,
  type IpcChannel,
  type IpcEvent,
  type IpcEventPayloads,
  type IpcRequests,
  type IpcResponses,
  createBridgeApi,
  type Unsubscribe,
} from './contract.ts';

/** Main answers every channel with a BridgeResult (main/desktop/ipc.ts); the cast is the one untyped seam. */
function invoke<C extends IpcChannel>(channel: C, ...args: IpcRequests[C]): Promise<BridgeResult<IpcResponses[C]>> {
  return ipcRenderer.invoke(channel, ...args) as Promise<BridgeResult<IpcResponses[C]>>;
}

function listen<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayloads[E]) => void): Unsubscribe {
  // The Electron event object stays here: the page only ever sees the payload.
  const handler = (_event: unknown, payload: IpcEventPayloads[E]): void => {
    listener(payload);
  };
  ipcRenderer.on(event, handler);
  return () => {
    ipcRenderer.removeListener(event, handler);
  };
}

const api: BridgeApi = createBridgeApi({ invoke, listen });

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL_NAME, api);
