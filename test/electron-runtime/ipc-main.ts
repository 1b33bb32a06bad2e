/**
 * ipcMain as Electron 45 behaves (https://www.electronjs.org/docs/latest/api/ipc-main): one handler per channel
 * (a second `handle` throws), and an invoke on a channel without one rejects at once in the renderer with
 * "Error invoking remote method '<channel>': Error: No handler registered for '<channel>'".
 */
import { EventEmitter } from 'node:events';
import type { IpcMainInvokeEvent } from 'electron';

/**
 * Handlers are typed with Electron's event so that stand-in-fits.ts can prove `handle` accepts what Electron's
 * does; the event actually passed is partial and strict (browser-window.ts), so reading a member it lacks throws.
 */
export type InvokeEvent = IpcMainInvokeEvent;

export type InvokeHandler = (event: InvokeEvent, ...args: unknown[]) => unknown;

export class IpcMainStandIn extends EventEmitter {
  readonly #handlers = new Map<string, InvokeHandler>();

  handle(channel: string, listener: InvokeHandler): void {
    if (this.#handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.#handlers.set(channel, listener);
  }

  handleOnce(channel: string, listener: InvokeHandler): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return listener(event, ...args);
    });
  }

  removeHandler(channel: string): void {
    this.#handlers.delete(channel);
  }

  /** What the page-side `ipcRenderer.invoke` reaches; errors carry Electron's wording. */
  async invoke(channel: string, event: InvokeEvent, args: readonly unknown[]): Promise<unknown> {
    const handler = this.#handlers.get(channel);
    if (handler === undefined) {
      throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
    }
    try {
      return await handler(event, ...args);
    } catch (error) {
      throw new Error(`Error invoking remote method '${channel}': ${String(error)}`, { cause: error });
    }
  }
}
