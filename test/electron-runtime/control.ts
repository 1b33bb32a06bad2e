/**
 * The app process's end of the test channel: answers the launcher's requests (read the records, run code in the
 * window's page, click a tray item, quit) over the IPC channel of `child_process.fork`. Not part of Electron.
 */
import { once } from 'node:events';
import { EMITTED } from './app.ts';
import type { BrowserWindowStandIn } from './browser-window.ts';
import type { ControlMessage, ControlReply, ControlRequest } from './protocol.ts';
import type { StandInRuntime } from './runtime.ts';

async function firstLoadedWindow(runtime: StandInRuntime): Promise<BrowserWindowStandIn> {
  const window = await firstWindow(runtime);
  if (!window.toRecord().loaded) await once(window.webContents, 'did-finish-load');
  return window;
}

async function firstWindow(runtime: StandInRuntime): Promise<BrowserWindowStandIn> {
  const window = runtime.windows[0];
  if (window !== undefined) return window;
  const [, created] = (await once(runtime.app, 'browser-window-created')) as [unknown, BrowserWindowStandIn];
  return created;
}

/** The page as it is now: possibly still loading (its load event may wait on the app), or not yet navigated. */
async function pageOfFirstWindow(runtime: StandInRuntime) {
  return (await firstWindow(runtime)).page();
}

/** A navigation replaces the page's JS context under a running evaluate; the condition is then checked again. */
function isContextReplaced(error: unknown): boolean {
  return /Execution context was destroyed|navigation/i.test(String(error));
}

/** How often the page re-checks a waited-for condition (ms). */
const PAGE_POLL_MS = 50;

/**
 * Playwright's waitForFunction compiles its predicate with `new Function` in the page, which the renderer's CSP
 * (no 'unsafe-eval') refuses; the predicate here is part of the evaluated script itself, which CSP allows.
 */
function waitForFunctionScript(source: string, arg: unknown, timeoutMs: number): string {
  return `(async () => {
    const predicate = (${source});
    const deadline = Date.now() + ${String(timeoutMs)};
    for (;;) {
      if (await predicate(${JSON.stringify(arg)})) return true;
      if (Date.now() > deadline) throw new Error('condition not met within ${String(timeoutMs)} ms: ' + predicate);
      await new Promise((resolve) => setTimeout(resolve, ${String(PAGE_POLL_MS)}));
    }
  })()`;
}

async function answer(runtime: StandInRuntime, request: ControlRequest): Promise<unknown> {
  switch (request.op) {
    case 'records':
      return runtime.snapshot();
    case 'waitForWindow':
      return (await firstLoadedWindow(runtime)).toRecord();
    case 'evaluate': {
      const page = await pageOfFirstWindow(runtime);
      return page.evaluate(`(${request.source})(${JSON.stringify(request.arg)})`);
    }
    case 'waitForFunction': {
      const page = await pageOfFirstWindow(runtime);
      for (;;) {
        try {
          await page.evaluate(waitForFunctionScript(request.source, request.arg, request.timeoutMs));
          return null;
        } catch (error) {
          if (!isContextReplaced(error)) throw error;
        }
      }
    }
    case 'navigate': {
      const window = await firstLoadedWindow(runtime);
      await (await window.page()).goto(await runtime.protocol.pageUrlFor(request.url));
      return null;
    }
    case 'clickTrayItem': {
      const item = runtime.trays[0]?.contextMenu()?.findItem(request.label);
      if (item === undefined) throw new Error(`no tray menu item labelled '${request.label}'`);
      item.click();
      return null;
    }
    case 'waitForAppEvent': {
      const count = (): number => runtime.app.emitted.filter((name) => name === request.event).length;
      while (count() < request.count) await once(runtime.app, EMITTED);
      return null;
    }
    case 'clickNotification': {
      const notification = runtime.notifications[request.index];
      if (notification === undefined) throw new Error(`no notification ${String(request.index)}`);
      // Electron's events: 'click' (event) and 'action' (event, { actionIndex }) in Electron 45's details form.
      if (request.actionIndex === undefined) notification.emit('click', {});
      else notification.emit('action', { actionIndex: request.actionIndex }, request.actionIndex);
      return null;
    }
    case 'closeWindow':
      return runtime.windows[0]?.close() ?? false;
    case 'quit':
      // Answered first: the process may be gone before quit() returns.
      setImmediate(() => {
        runtime.app.quit();
      });
      return null;
  }
}

export function startControlChannel(runtime: StandInRuntime): void {
  const send = process.send?.bind(process);
  if (send === undefined) return; // started without the launcher (by hand): nothing to answer
  process.on('message', (message: ControlMessage) => {
    answer(runtime, message)
      .then((value): ControlReply => ({ id: message.id, ok: true, value: value ?? null }))
      .catch((error: unknown): ControlReply => ({ id: message.id, ok: false, error: String(error) }))
      .then((reply) => {
        send(reply);
      })
      .catch((error: unknown) => {
        console.error('electron stand-in: could not answer the test', error);
      });
  });
  // The channel must not keep the app alive on its own: Electron apps end when they quit, not when the test goes.
  process.channel?.unref();
}
