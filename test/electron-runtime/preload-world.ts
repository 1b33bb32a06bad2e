/**
 * The app-process side of the preload (preload-script.ts has the page side): the built preload runs in a DevTools
 * isolated world of the window's page, and its ipcRenderer reaches ipcMain through a binding that DevTools
 * installs in that world only (Runtime.addBinding's executionContextName). Answers and webContents.send payloads
 * are evaluated in that world, so they reach the preload's listeners and never the page's own scripts.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import {
  buildFirstCallProbeScript,
  buildPageWorldScript,
  buildPreloadWorldScript,
  decodeWire,
  DELIVER_FUNCTION,
  encodeWire,
  INVOKE_BINDING,
  PRELOAD_WORLD,
  REPLY_FUNCTION,
} from './preload-script.ts';

export interface PreloadWorldOptions {
  readonly preloadSource: string;
  /** Test switch ELECTRON_STAND_IN_PROBE_FIRST_CALL: the page calls the bridge the instant its document starts. */
  readonly probeFirstCall: boolean;
  /** ipcMain.invoke for the calling frame's URL (the page's main frame, the only one with a preload). */
  invoke(channel: string, args: unknown[], frameUrl: string): Promise<unknown>;
  reportError(message: string): void;
}

export interface PreloadWorld {
  /** webContents.send: the preload's listeners of `channel` get `args` (dropped while no document has a preload). */
  deliver(channel: string, args: readonly unknown[]): Promise<void>;
}

interface ContextCreated {
  readonly context: { readonly id: number; readonly name: string; readonly auxData?: { readonly frameId?: string } };
}

interface BindingCalled {
  readonly name: string;
  readonly payload: string;
  readonly executionContextId: number;
}

/** A document that went away under an answer: Electron drops what was meant for it too. */
function isGoneContext(error: unknown): boolean {
  return /Cannot find context|Execution context was destroyed|Target closed|Session closed/i.test(String(error));
}

export async function runPreloadInIsolatedWorld(
  context: BrowserContext,
  page: Page,
  options: PreloadWorldOptions,
): Promise<PreloadWorld> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const mainFrameId = frameTree.frame.id;
  let preloadContext: number | undefined;

  cdp.on('Runtime.executionContextCreated', ({ context: created }: ContextCreated) => {
    if (created.name === PRELOAD_WORLD && created.auxData?.frameId === mainFrameId) preloadContext = created.id;
  });
  cdp.on('Runtime.executionContextDestroyed', (event: { executionContextId: number }) => {
    if (event.executionContextId === preloadContext) preloadContext = undefined;
  });
  cdp.on('Runtime.executionContextsCleared', () => {
    preloadContext = undefined;
  });
  // Playwright reports only the page's world: an error in the preload's (as Electron prints it) is reported here.
  cdp.on(
    'Runtime.exceptionThrown',
    ({
      exceptionDetails,
    }: {
      exceptionDetails: { executionContextId?: number; text: string; exception?: { description?: string } };
    }) => {
      if (exceptionDetails.executionContextId !== preloadContext) return;
      options.reportError(`preload error: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    },
  );

  const evaluateIn = async (contextId: number, expression: string): Promise<void> => {
    const result = (await cdp.send('Runtime.evaluate', { contextId, expression })) as {
      exceptionDetails?: { exception?: { description?: string }; text: string };
    };
    if (result.exceptionDetails !== undefined) {
      const details = result.exceptionDetails;
      throw new Error(details.exception?.description ?? details.text);
    }
  };

  cdp.on('Runtime.bindingCalled', (event: BindingCalled) => {
    if (event.name !== INVOKE_BINDING) return;
    const { id, channel, args } = JSON.parse(event.payload) as { id: number; channel: string; args: string };
    const decoded = decodeWire(args);
    const answer = async (): Promise<string> => {
      try {
        // The answer crosses as a structured clone too: a function in it fails the invoke, as in Electron.
        const value = structuredClone(
          await options.invoke(channel, Array.isArray(decoded) ? decoded : [], page.mainFrame().url()),
        );
        return `${REPLY_FUNCTION}(${String(id)}, true, ${JSON.stringify(encodeWire(value))})`;
      } catch (error) {
        const message = `Error invoking remote method '${channel}': ${String(error)}`;
        return `${REPLY_FUNCTION}(${String(id)}, false, ${JSON.stringify(message)})`;
      }
    };
    answer()
      .then((expression) => evaluateIn(event.executionContextId, expression))
      .catch((error: unknown) => {
        if (!page.isClosed() && !isGoneContext(error))
          options.reportError(`answering invoke('${channel}') failed: ${String(error)}`);
      });
  });

  // Scripts to evaluate on new documents run only for a session with the Page domain on.
  await cdp.send('Page.enable');
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: INVOKE_BINDING, executionContextName: PRELOAD_WORLD });
  // In this order at each document start: the preload's world, then the page's end of the bridge, then the probe.
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', {
    source: buildPreloadWorldScript(options.preloadSource),
    worldName: PRELOAD_WORLD,
  });
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: buildPageWorldScript() });
  if (options.probeFirstCall)
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: buildFirstCallProbeScript() });

  return {
    async deliver(channel, args) {
      if (preloadContext === undefined) return;
      try {
        await evaluateIn(
          preloadContext,
          `${DELIVER_FUNCTION}(${JSON.stringify(channel)}, ${JSON.stringify(encodeWire(args))})`,
        );
      } catch (error) {
        if (!isGoneContext(error)) throw error;
      }
    },
  };
}
