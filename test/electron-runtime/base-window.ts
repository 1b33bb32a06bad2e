/**
 * BaseWindow (https://www.electronjs.org/docs/latest/api/base-window): a native window without a page, on every
 * platform, created only after 'ready'. The app makes one, hidden, on Windows to hear 'query-session-end' and
 * 'session-end', which Electron emits to windows only (control.ts plays a Windows session end to every window).
 */
import { EventEmitter } from 'node:events';
import { preventableEvent } from './app.ts';

export interface BaseWindowRuntime {
  isReady(): boolean;
  readonly baseWindows: BaseWindowStandIn[];
}

export interface BaseWindowOptions {
  readonly show?: boolean;
  readonly skipTaskbar?: boolean;
}

export class BaseWindowStandIn extends EventEmitter {
  readonly #runtime: BaseWindowRuntime;
  #visible: boolean;
  #destroyed = false;

  constructor(runtime: BaseWindowRuntime, options: BaseWindowOptions = {}) {
    super();
    if (!runtime.isReady()) throw new Error('Cannot create BaseWindow before app is ready');
    for (const key of Object.keys(options)) {
      if (key !== 'show' && key !== 'skipTaskbar') throw new Error(`BaseWindow option '${key}' is not in the stand-in`);
    }
    this.#runtime = runtime;
    this.#visible = options.show ?? true;
    runtime.baseWindows.push(this);
  }

  isVisible(): boolean {
    return this.#visible && !this.#destroyed;
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  close(): boolean {
    if (this.#destroyed) return true;
    const event = preventableEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroy();
    return true;
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    const list = this.#runtime.baseWindows;
    list.splice(list.indexOf(this), 1);
    this.emit('closed');
  }
}
