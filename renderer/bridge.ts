import { BRIDGE_CONTRACT_VERSION, BRIDGE_GLOBAL_NAME, type BridgeApi } from '../common/ipc.ts';

declare global {
  interface Window {
    /** Set by the preload (preload/index.ts); absent when the page is opened in a plain browser. */
    readonly [BRIDGE_GLOBAL_NAME]?: BridgeApi;
  }
}

export type BridgeStatus = { readonly connected: true; readonly api: BridgeApi } | { readonly connected: false };

/** Looks for the preload's bridge; a bridge from an incompatible main process counts as not connected. */
export function findBridge(host: Pick<Window, typeof BRIDGE_GLOBAL_NAME>): BridgeStatus {
  const api = host[BRIDGE_GLOBAL_NAME];
  return api?.contractVersion === BRIDGE_CONTRACT_VERSION ? { connected: true, api } : { connected: false };
}
