/**
 * Runs the built preload (dist/preload/index.cjs) in the page as Electron would before the page's own scripts,
 * with stand-ins for the two things it may require: `contextBridge.exposeInMainWorld` defines the API on window,
 * and `ipcRenderer.invoke/on` cross into the app process through a Playwright binding and an evaluate.
 *
 * Unlike Electron the preload shares the page's JS world (Playwright offers no isolated world to init scripts), so
 * the page could reach the binding itself. The app's sender check does not depend on that: it reads the URL of the
 * frame that called, which Playwright reports from the browser, as Electron does.
 */
export const INVOKE_BINDING = '__electronStandInInvoke';
export const DELIVER_FUNCTION = '__electronStandInDeliver';

export function buildPreloadInitScript(preloadSource: string): string {
  return `(() => {
  // Electron runs the preload in the main frame only (nodeIntegrationInSubFrames is false).
  if (window !== window.top) return;
  const invoke = window[${JSON.stringify(INVOKE_BINDING)}];
  const listeners = new Map();
  const ipcRenderer = {
    // Electron sends arguments as structured clones: a function or a DOM object fails in the page, at once.
    invoke: (channel, ...args) => {
      try {
        structuredClone(args);
      } catch (error) {
        return Promise.reject(new Error("Error invoking remote method '" + channel + "': " + String(error)));
      }
      return invoke(channel, args);
    },
    on(channel, listener) {
      const list = listeners.get(channel) ?? [];
      list.push(listener);
      listeners.set(channel, list);
      return ipcRenderer;
    },
    removeListener(channel, listener) {
      const list = listeners.get(channel) ?? [];
      const index = list.indexOf(listener);
      if (index >= 0) list.splice(index, 1);
      return ipcRenderer;
    },
  };
  const contextBridge = {
    exposeInMainWorld(key, api) {
      if (key in window) throw new Error('Cannot bind an API on top of an existing property on the window object');
      // contextBridge copies the object into the page's world; the copy cannot be changed by the page.
      Object.defineProperty(window, key, { value: Object.freeze({ ...api }), enumerable: true });
    },
  };
  Object.defineProperty(window, ${JSON.stringify(DELIVER_FUNCTION)}, {
    value: (channel, args) => {
      for (const listener of [...(listeners.get(channel) ?? [])]) listener({ sender: ipcRenderer }, ...args);
    },
  });
  const require = (name) => {
    if (name === 'electron') return { contextBridge, ipcRenderer };
    throw new Error("Cannot find module '" + name + "' (a sandboxed preload may only require 'electron')");
  };
  const module = { exports: {} };
  (function (require, module, exports) {
${preloadSource}
  })(require, module, module.exports);
})();`;
}

/** Where the first-call probe leaves its outcome in the page (see buildFirstCallProbeScript). */
export const FIRST_CALL_PROBE = '__electronStandInFirstCall';

/**
 * Test-only (ELECTRON_STAND_IN_PROBE_FIRST_CALL=1): the page calls the bridge the instant its document starts,
 * before any of the page's own scripts, and records whether the call was made and how it settled.
 */
export function buildFirstCallProbeScript(): string {
  const key = JSON.stringify(FIRST_CALL_PROBE);
  return `(() => {
  if (window !== window.top || window.ntfy === undefined) return;
  window[${key}] = { made: true, settled: false };
  window.ntfy.listSubscriptions().then(
    (result) => { window[${key}] = { made: true, settled: true, ok: result.ok }; },
    (error) => { window[${key}] = { made: true, settled: true, error: String(error) }; },
  );
})();`;
}
