/**
 * The app process's end of the test channel: answers the launcher's requests (read the records, run code in the
 * window's page, click a tray item, quit) over the IPC channel of `child_process.fork`. Not part of Electron.
 */
import { once } from 'node:events';
import { EMITTED, preventableEvent, QUIT_REFUSED } from './app.ts';
import type { BrowserWindowStandIn } from './browser-window.ts';
import type { ControlMessage, ControlReply, ControlRequest } from './protocol.ts';
import type { SystemEndRecord } from './records.ts';
import { PAGE_REQUEST_RECORDED, type StandInRuntime } from './runtime.ts';

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
      // As webContents.loadURL from main: Electron emits no 'will-navigate' for it.
      await (await firstLoadedWindow(runtime)).goto(request.url);
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
    case 'waitForPageRequests':
      while (runtime.records[request.kind].length < request.count)
        await once(runtime.pageRequests, PAGE_REQUEST_RECORDED);
      return null;
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
    case 'systemQuit':
      return systemQuit(runtime);
    case 'endSession':
      onlyOn(runtime, 'win32', 'a session end');
      // Answered first: once the handlers have run the process is gone (see endSession).
      setImmediate(() => {
        endSession(runtime);
      });
      return null;
    case 'activateToast':
      onlyOn(runtime, 'win32', 'a toast activation');
      if (runtime.toastActivation === undefined)
        throw new Error('the app has not called Notification.handleActivation');
      runtime.toastActivation(request.details);
      return null;
  }
}

function onlyOn(runtime: StandInRuntime, platform: string, what: string): void {
  if (runtime.platform !== platform)
    throw new Error(`${what} happens on ${platform} only; this launch plays ${runtime.platform}`);
}

/**
 * macOS asks a running app to quit (Restart, Shut Down, Log Out, Quit in the Dock) with NSApplication terminate:,
 * which Electron answers by emitting powerMonitor 'shutdown'. Prevented, the app has promised to quit soon by itself
 * (app.quit()) and macOS waits for it. Otherwise Electron quits at once (app.quit(): 'before-quit', windows, …) and
 * answers macOS NSTerminateCancel: a quit held back there (before-quit prevented, a window that refused to close)
 * leaves the app running and macOS cancels the restart ("ntfy Tray interrupted restart"). A delayed quit that the
 * app later holds back cancels it too.
 */
function systemQuit(runtime: StandInRuntime): SystemEndRecord {
  onlyOn(runtime, 'darwin', 'a system-initiated quit');
  const shutdown = preventableEvent();
  runtime.powerMonitor.emit('shutdown', shutdown);
  const record = { kind: 'system-quit' as const, aborted: false, delayed: shutdown.defaultPrevented };
  runtime.records.systemEnds.push(record);
  if (record.delayed) {
    runtime.app.once(QUIT_REFUSED, () => {
      record.aborted = true;
    });
    return { ...record };
  }
  runtime.app.quit();
  if (!runtime.app.isQuitting) record.aborted = true;
  return { ...record };
}

/**
 * Windows ends a session with WM_QUERYENDSESSION ('query-session-end', preventable: a prevented one only shows the
 * user "this app is preventing shutdown") and then WM_ENDSESSION ('session-end'), to every top-level window, and
 * ends the process once the handlers have returned: nothing the app left for later runs. Electron emits no
 * 'before-quit' then. The process ends here with code 0 and no final records (there is no time to send them).
 */
function endSession(runtime: StandInRuntime): void {
  const windows = [...runtime.baseWindows, ...runtime.windows];
  const reasons = ['shutdown'];
  const query = Object.assign(preventableEvent(), { reasons });
  for (const window of windows) window.emit('query-session-end', query);
  for (const window of windows) window.emit('session-end', Object.assign(preventableEvent(), { reasons }));
  process.exit(0);
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
