/**
 * The only module that the renderer and the main process share: IPC channel names, the API the preload exposes
 * as window.ntfy, and the DTOs that cross the bridge. It is part of both TypeScript projects (node and web), so it
 * must use neither Node nor DOM types, and it must stay free of runtime dependencies.
 */

/** The global name the preload exposes the bridge under (window.ntfy). */
export const BRIDGE_GLOBAL_NAME = 'ntfy';

/** Raised whenever BridgeApi changes incompatibly, so a stale renderer can tell it is talking to another main. */
export const BRIDGE_CONTRACT_VERSION = 1;

/** IPC channel names, one entry per handler; main registers them, the preload invokes them. None exist yet. */
export const ipcChannels = {} as const satisfies Readonly<Record<string, string>>;

/** What the renderer can do through window.ntfy; the preload implements it as `const api: BridgeApi = …`. */
export interface BridgeApi {
  readonly contractVersion: typeof BRIDGE_CONTRACT_VERSION;
}
