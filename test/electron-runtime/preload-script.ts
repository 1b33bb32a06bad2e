/**
 * The page side of the preload, as Electron runs it with contextIsolation: the built preload
 * (dist/preload/index.cjs) runs first in a JS world of its own (a DevTools isolated world, preload-world.ts), where
 * `require('electron')` gives stand-ins for `ipcRenderer` and `contextBridge`; the page's world gets only what
 * `contextBridge.exposeInMainWorld` put there.
 *
 * - ipcRenderer.invoke reaches the app process through a DevTools binding that exists in the preload's world only:
 *   the page cannot reach it by any name. Its arguments are structured-cloned first (a function fails there, as
 *   Electron's "An object could not be cloned").
 * - contextBridge works as Electron's does across worlds: the exposed object is copied and frozen, its functions
 *   (and functions and promises passed back and forth through them) are proxied, every other value crosses as a
 *   structured clone. The two worlds share only the DOM; they talk by synchronous events on a node that is never in
 *   the document, handed from the page's world to the preload's at document start, before any page script runs.
 *   Differences from Electron: an Error crosses as a new Error with its message, a Symbol or DOM element fails the
 *   crossing (Electron drops the one and passes the other), and functions are never released.
 */
export const INVOKE_BINDING = '__electronStandInInvoke';
/** In the preload's world: (id, ok, wire) settles invoke `id`; (channel, wire) delivers webContents.send. */
export const REPLY_FUNCTION = '__electronStandInReply';
export const DELIVER_FUNCTION = '__electronStandInDeliver';
/** The name of the preload's isolated world (DevTools Page.addScriptToEvaluateOnNewDocument's worldName). */
export const PRELOAD_WORLD = 'electron-preload';

const HELLO_FROM_PAGE = '__electronStandInBridgeFromPage';
const HELLO_FROM_PRELOAD = '__electronStandInBridgeFromPreload';

/**
 * Structured-clone values as JSON, for the DevTools binding and evaluate (which carry strings): undefined, Date,
 * Map, Set, BigInt and non-finite numbers survive; other objects that structured clone keeps but JSON cannot
 * (binary data, RegExp, Error) are refused rather than changed. Runs in Node and, as source, in the preload's world.
 */
export function encodeWire(value: unknown): string {
  const tag = (v: unknown): unknown => {
    if (v === undefined) return { $: 'u' };
    if (typeof v === 'number') return Number.isFinite(v) ? v : { $: 'n', v: String(v) };
    if (typeof v === 'bigint') return { $: 'b', v: String(v) };
    if (v === null || typeof v !== 'object') return v;
    if (v instanceof Date) return { $: 'd', v: v.getTime() };
    if (v instanceof Map) return { $: 'm', v: [...v].map(([key, item]) => [tag(key), tag(item)]) };
    if (v instanceof Set) return { $: 's', v: [...v].map(tag) };
    if (Array.isArray(v)) return v.map(tag);
    if (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null)
      throw new Error(`the Electron stand-in carries no ${Object.prototype.toString.call(v)} over IPC`);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v)) out[key] = tag((v as Record<string, unknown>)[key]);
    return { $: 'o', v: out };
  };
  return JSON.stringify(tag(value));
}

export function decodeWire(text: string): unknown {
  const untag = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(untag);
    const { $: kind, v: inner } = v as { $: string; v: unknown };
    switch (kind) {
      case 'u':
        return undefined;
      case 'n':
      case 'b':
        return kind === 'n' ? Number(inner) : BigInt(inner as string);
      case 'd':
        return new Date(inner as number);
      case 'm':
        return new Map((inner as [unknown, unknown][]).map(([key, item]) => [untag(key), untag(item)]));
      case 's':
        return new Set((inner as unknown[]).map(untag));
      default: {
        const out: Record<string, unknown> = {};
        for (const [key, item] of Object.entries(inner as Record<string, unknown>)) out[key] = untag(item);
        return out;
      }
    }
  };
  return untag(JSON.parse(text) as unknown);
}

/**
 * One end of the contextBridge between the two worlds (the same source runs in both): values go out as structured
 * clones with functions and promises replaced by handles, and come in with handles turned into proxies. `send`
 * dispatches on the shared node at once; a call's answer comes back before the dispatch returns. Every built-in it
 * uses is taken when it is made, at document start: in the page's world, a page that later replaces Array, Object,
 * Promise or EventTarget methods cannot change what crosses nor get hold of the node.
 */
function bridgeEnd(node: EventTarget, outType: string, inType: string) {
  const { apply } = Reflect;
  // Taken unbound on purpose: each is called with Reflect.apply on its own receiver.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with Reflect.apply
  const { dispatchEvent, addEventListener } = EventTarget.prototype;
  const { isArray } = Array;
  const { keys, getPrototypeOf, create, defineProperty } = Object;
  const objectPrototype = Object.prototype;
  const PromiseCtor = Promise;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with Reflect.apply
  const { then } = Promise.prototype;
  const ErrorCtor = Error;
  const Custom = CustomEvent;
  const clone = structuredClone;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with Reflect.apply
  const detailOf = Object.getOwnPropertyDescriptor(CustomEvent.prototype, 'detail')?.get as (this: Event) => unknown;
  const local: Record<number, ((...args: unknown[]) => unknown) | undefined> = create(null) as Record<number, never>;
  const promises: Record<number, { resolve: (value: unknown) => void; reject: (error: Error) => void } | undefined> =
    create(null) as Record<number, never>;
  let nextHandle = 1;
  let answer: { ok: boolean; value?: unknown; error?: string } | undefined;
  const messageOf = (error: unknown): string => (error instanceof ErrorCtor ? error.message : String(error));
  const send = (message: unknown): void => {
    apply(dispatchEvent, node, [new Custom(outType, { detail: clone(message) })]);
  };
  /** Own enumerable string keys into a fresh array, by index (no array methods the page could have replaced). */
  const fields = (value: object): string[] => keys(value);
  const exportValue = (value: unknown): unknown => {
    if (typeof value === 'function') {
      const handle = nextHandle++;
      local[handle] = value as (...args: unknown[]) => unknown;
      return { $fn: handle };
    }
    if (value instanceof PromiseCtor) {
      const handle = nextHandle++;
      void apply(then, value, [
        (result: unknown) => {
          send({ kind: 'settle', handle, ok: true, value: exportValue(result) });
        },
        (error: unknown) => {
          send({ kind: 'settle', handle, ok: false, error: messageOf(error) });
        },
      ]);
      return { $promise: handle };
    }
    if (isArray(value)) {
      const out: unknown[] = [];
      for (let index = 0; index < value.length; index++)
        defineProperty(out, index, {
          value: exportValue(value[index]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return out;
    }
    if (value !== null && typeof value === 'object' && getPrototypeOf(value) === objectPrototype) {
      const out: Record<string, unknown> = {};
      const names = fields(value);
      for (let index = 0; index < names.length; index++) {
        const key = names[index] as string;
        out[key] = exportValue((value as Record<string, unknown>)[key]);
      }
      return out;
    }
    return value;
  };
  const call = (handle: number, args: unknown[]): unknown => {
    answer = undefined;
    send({ kind: 'call', handle, args: exportValue(args) });
    const got = answer as { ok: boolean; value?: unknown; error?: string } | undefined;
    if (got === undefined) throw new ErrorCtor('the other world did not answer');
    if (!got.ok) throw new ErrorCtor(got.error);
    return importValue(got.value);
  };
  const importValue = (value: unknown): unknown => {
    if (isArray(value)) {
      const out: unknown[] = [];
      for (let index = 0; index < value.length; index++)
        defineProperty(out, index, {
          value: importValue(value[index]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return out;
    }
    if (value === null || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    if (typeof record['$fn'] === 'number') {
      const handle = record['$fn'];
      return (...args: unknown[]) => call(handle, args);
    }
    if (typeof record['$promise'] === 'number') {
      const handle = record['$promise'];
      return new PromiseCtor((resolve, reject) => {
        promises[handle] = { resolve, reject };
      });
    }
    if (getPrototypeOf(value) !== objectPrototype) return value; // a clone of a Date, Map, …
    const out: Record<string, unknown> = {};
    const names = fields(record);
    for (let index = 0; index < names.length; index++) {
      const key = names[index] as string;
      out[key] = importValue(record[key]);
    }
    return out;
  };
  apply(addEventListener, node, [
    inType,
    (event: Event) => {
      const message = apply(detailOf, event, []) as {
        kind: string;
        handle: number;
        args?: unknown[];
        ok?: boolean;
        value?: unknown;
        error?: string;
      };
      if (message.kind === 'answer') {
        answer = { ok: message.ok === true, value: message.value, error: message.error ?? '' };
      } else if (message.kind === 'settle') {
        const waiter = promises[message.handle];
        promises[message.handle] = undefined;
        if (message.ok === true) waiter?.resolve(importValue(message.value));
        else waiter?.reject(new ErrorCtor(message.error));
      } else if (message.kind === 'call') {
        const fn = local[message.handle];
        try {
          if (fn === undefined) throw new ErrorCtor('a function of the other world that no longer exists');
          const result: unknown = apply(fn, undefined, importValue(message.args) as unknown[]);
          send({ kind: 'answer', ok: true, value: exportValue(result) });
        } catch (error) {
          send({ kind: 'answer', ok: false, error: messageOf(error) });
        }
      }
    },
  ]);
  return { send, exportValue, importValue };
}

/** Runs in the page's world first thing: makes the private node, hands it over, and defines what gets exposed. */
export function buildPageWorldScript(): string {
  return `(() => {
  if (window !== window.top) return;
  const bridgeEnd = ${bridgeEnd.toString()};
  const node = document.createElement('span');
  const end = bridgeEnd(node, 'toPreload', 'toPage');
  const hello = () => document.dispatchEvent(new FocusEvent(${JSON.stringify(HELLO_FROM_PAGE)}, { relatedTarget: node }));
  node.addEventListener('toPage', (event) => {
    const message = event.detail;
    // The preload's world has the node: no page script may ever get it by asking again.
    if (message.kind === 'ready') document.removeEventListener(${JSON.stringify(HELLO_FROM_PRELOAD)}, hello);
    if (message.kind !== 'expose') return;
    if (message.key in window) {
      end.send({ kind: 'exposed', ok: false, error: 'Cannot bind an API on top of an existing property on the window object' });
      return;
    }
    // Electron deep-freezes the exposed copy; values that cross later (answers, event payloads) stay as they came.
    const deepFreeze = (value) => {
      if (value === null || (typeof value !== 'object' && typeof value !== 'function') || Object.isFrozen(value)) return value;
      Object.freeze(value);
      for (const key of Object.keys(value)) deepFreeze(value[key]);
      return value;
    };
    Object.defineProperty(window, message.key, { value: deepFreeze(end.importValue(message.value)), enumerable: true });
    end.send({ kind: 'exposed', ok: true });
  });
  document.addEventListener(${JSON.stringify(HELLO_FROM_PRELOAD)}, hello, { once: true });
  hello();
})();`;
}

/** Runs in the preload's world before the page's: the ipcRenderer and contextBridge stand-ins, then the preload. */
export function buildPreloadWorldScript(preloadSource: string): string {
  return `(() => {
  // Electron runs the preload in the main frame only (nodeIntegrationInSubFrames is false).
  if (window !== window.top) return;
  const invokeBinding = globalThis[${JSON.stringify(INVOKE_BINDING)}];
  const encodeWire = ${encodeWire.toString()};
  const decodeWire = ${decodeWire.toString()};
  const bridgeEnd = ${bridgeEnd.toString()};
  const pending = new Map();
  let nextInvoke = 1;
  const listeners = new Map();
  const ipcRenderer = {
    // Electron sends arguments as structured clones: a function or a DOM object fails in the page, at once.
    invoke: (channel, ...args) => {
      let wire;
      try {
        wire = encodeWire(structuredClone(args));
      } catch (error) {
        return Promise.reject(new Error("Error invoking remote method '" + channel + "': " + String(error)));
      }
      const id = nextInvoke++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        invokeBinding(JSON.stringify({ id, channel, args: wire }));
      });
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
  globalThis[${JSON.stringify(REPLY_FUNCTION)}] = (id, ok, wire) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if (ok) waiter?.resolve(decodeWire(wire));
    else waiter?.reject(new Error(wire));
  };
  globalThis[${JSON.stringify(DELIVER_FUNCTION)}] = (channel, wire) => {
    const args = decodeWire(wire);
    for (const listener of [...(listeners.get(channel) ?? [])]) listener({ sender: ipcRenderer }, ...args);
  };
  let end;
  const waiting = [];
  let exposedAnswer;
  const expose = (key, api) => {
    end.send({ kind: 'expose', key, value: end.exportValue(api) });
    if (exposedAnswer === undefined || !exposedAnswer.ok) throw new Error(exposedAnswer?.error ?? 'not exposed');
  };
  document.addEventListener(${JSON.stringify(HELLO_FROM_PAGE)}, (event) => {
    const node = event.relatedTarget;
    end = bridgeEnd(node, 'toPage', 'toPreload');
    node.addEventListener('toPreload', (message) => {
      if (message.detail.kind === 'exposed') exposedAnswer = message.detail;
    });
    end.send({ kind: 'ready' });
    for (const [key, api] of waiting.splice(0)) expose(key, api);
  }, { once: true });
  document.dispatchEvent(new CustomEvent(${JSON.stringify(HELLO_FROM_PRELOAD)}));
  const contextBridge = {
    exposeInMainWorld(key, api) {
      // Until the page's world has handed over the node (it runs right after this world), the API waits.
      if (end === undefined) waiting.push([key, api]);
      else expose(key, api);
    },
  };
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
