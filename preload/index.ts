/**
 * Runs sandboxed before the renderer page, in its own JS world: it may only require('electron'), so the build
 * bundles it into one CommonJS file (dist/preload/index.cjs). Exposes exactly BridgeApi and nothing of Electron.
 */
import { contextBridge } from 'electron';
import { BRIDGE_CONTRACT_VERSION, BRIDGE_GLOBAL_NAME, type BridgeApi } from './contract.ts';

const api: BridgeApi = {
  contractVersion: BRIDGE_CONTRACT_VERSION,
};

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL_NAME, api);
