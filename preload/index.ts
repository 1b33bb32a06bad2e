/**
 * Runs sandboxed before the renderer page, in its own JS world: it may only require('electron'), so the build
 * bundles it into one CommonJS file (dist/preload/index.cjs). Exposes exactly BridgeApi and nothing of Electron:
 * no ipcRenderer, no event objects, only plain data in and out.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL_NAME, type BridgeApi, type BridgeTransport, createBridgeApi } from '../common/ipc.ts';

const transport: BridgeTransport = {
  // Main answers every channel with a BridgeResult (main/desktop/ipc.ts); createBridgeApi types it from the table.
  invoke: (channel, args) => ipcRenderer.invoke(channel, ...args) as ReturnType<BridgeTransport['invoke']>,
  listen: (channel, listener) => {
    // The Electron event object stays here: the page only ever sees the payload.
    const handler = (_event: unknown, payload: unknown): void => {
      listener(payload);
    };
    ipcRenderer.on(channel, handler);
    return () => {
      ipcRenderer.removeListener(channel, handler);
    };
  },
};

const api: BridgeApi = createBridgeApi(transport);

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL_NAME, api);
