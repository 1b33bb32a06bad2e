/**
 * What bench/window.ts runs inside the page: `installWindowProbes` is given to Playwright's `addInitScript`, so it
 * runs before any of the page's own scripts and leaves `globalThis.windowBench` for later `page.evaluate` calls.
 * Playwright sends the function as source text: it must not use anything from this module's scope. Typed without
 * the DOM lib (bench/ is in the Node TypeScript project), so the few browser globals it needs are declared here.
 *
 * "Painted" is measured as a `requestAnimationFrame` callback followed by a message-channel task: Chromium runs
 * style, layout and paint right after the frame's rAF callbacks, in the same task, so the posted task runs once the
 * frame holding the change has been painted on the main thread (handing it to the compositor follows at once).
 */

export interface FirstRowsTiming {
  /** Milliseconds since navigation start (performance.timeOrigin) when the first row was in the DOM. */
  readonly inDomMs: number;
  /** …and when the frame showing it had been painted. */
  readonly paintedMs: number;
}

export interface ScrollRun {
  /** Milliseconds between consecutive frames (rAF timestamps) while scrolling. */
  readonly frameDeltas: readonly number[];
  /** Frames in which the scroller was already at its end: the next page of rows had not arrived yet. */
  readonly framesAtEnd: number;
  readonly reached: boolean;
}

export interface KeystrokeRecord {
  readonly atMs: number;
  /** Whether search results were already shown when the key went down (then the sample measures nothing). */
  readonly resultsShown: boolean;
}

export interface SearchRun {
  readonly keystrokes: readonly KeystrokeRecord[];
  readonly paintedMs: number;
}

export interface WindowProbes {
  readonly firstRows: Promise<FirstRowsTiming>;
  /** Scrolls the list labelled `label` by `stepPx` per frame until row `rows` (aria-posinset) is in view. */
  scrollThrough(options: {
    readonly label: string;
    readonly rows: number;
    readonly stepPx: number;
    readonly timeoutMs: number;
  }): Promise<ScrollRun>;
  /** Forgets earlier keystrokes and waits (in the background) for the list labelled `resultsLabel` to show rows. */
  armSearch(resultsLabel: string): void;
  /** The armed wait's outcome: every keystroke since arming and when the results were painted. */
  searchPainted(): Promise<SearchRun>;
  /** One `window.ntfy.searchMessages` round trip from the page, as the search box asks it: ms and hit count. */
  timeBridgeSearch(text: string, limit: number): Promise<{ readonly ms: number; readonly hits: number }>;
}

export interface ProbeGlobals {
  readonly windowBench: WindowProbes;
}

interface PageElement {
  scrollTop: number;
  readonly parentElement: PageElement | null;
  getBoundingClientRect(): { readonly top: number; readonly bottom: number };
  querySelector(selector: string): PageElement | null;
}

interface PageGlobals {
  windowBench?: WindowProbes;
  readonly document: {
    querySelector(selector: string): PageElement | null;
    readonly scrollingElement: PageElement | null;
  };
  readonly performance: { now(): number };
  readonly ntfy?: {
    searchMessages(query: {
      readonly text: string;
      readonly limit: number;
    }): Promise<{ readonly ok: boolean; readonly value?: readonly unknown[] }>;
  };
  addEventListener(type: 'keydown', listener: () => void, capture: boolean): void;
  requestAnimationFrame(callback: (timestamp: number) => void): number;
  getComputedStyle(element: PageElement): { readonly overflowY: string };
  readonly MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { subtree: boolean; childList: boolean; attributes: boolean }): void;
    disconnect(): void;
  };
  readonly MessageChannel: new () => {
    readonly port1: { onmessage: (() => void) | null };
    readonly port2: { postMessage(message: null): void };
  };
}

export function installWindowProbes(listLabel: string): void {
  const page = globalThis as unknown as PageGlobals;
  const now = (): number => page.performance.now();

  const afterNextPaint = (): Promise<number> =>
    new Promise((resolve) => {
      page.requestAnimationFrame(() => {
        const channel = new page.MessageChannel();
        channel.port1.onmessage = () => {
          resolve(now());
        };
        channel.port2.postMessage(null);
      });
    });

  /** Resolves (with the time it noticed) once `selector` matches; watches the DOM from document start. */
  const whenPresent = (selector: string): Promise<number> =>
    new Promise((resolve) => {
      if (page.document.querySelector(selector) !== null) {
        resolve(now());
        return;
      }
      const observer = new page.MutationObserver(() => {
        if (page.document.querySelector(selector) === null) return;
        observer.disconnect();
        resolve(now());
      });
      // Attributes too: the history list becomes the search results list by changing its aria-label.
      observer.observe(page.document, { subtree: true, childList: true, attributes: true });
    });

  const rowsOf = (label: string): string => `[role="listbox"][aria-label="${label}"] [role="option"]`;

  const scrollerOf = (element: PageElement): PageElement => {
    for (let current: PageElement | null = element; current !== null; current = current.parentElement) {
      const overflow = page.getComputedStyle(current).overflowY;
      if (overflow === 'auto' || overflow === 'scroll') return current;
    }
    return page.document.scrollingElement ?? element;
  };

  const firstRows = whenPresent(rowsOf(listLabel)).then(async (inDomMs) => ({
    inDomMs,
    paintedMs: await afterNextPaint(),
  }));

  let keystrokes: KeystrokeRecord[] = [];
  let resultsSelector = rowsOf(listLabel);
  let searchWait: Promise<number> = Promise.resolve(0);
  page.addEventListener(
    'keydown',
    () => {
      keystrokes.push({ atMs: now(), resultsShown: page.document.querySelector(resultsSelector) !== null });
    },
    true,
  );

  page.windowBench = {
    firstRows,
    scrollThrough: ({ label, rows, stepPx, timeoutMs }) => {
      const list = page.document.querySelector(`[role="listbox"][aria-label="${label}"]`);
      if (list === null) return Promise.reject(new Error(`no list labelled ${label}`));
      const scroller = scrollerOf(list);
      const target = `[role="option"][aria-posinset="${rows}"]`;
      return new Promise((resolve) => {
        const frameDeltas: number[] = [];
        let framesAtEnd = 0;
        let previous: number | undefined;
        const startedAt = now();
        const frame = (timestamp: number): void => {
          if (previous !== undefined) frameDeltas.push(timestamp - previous);
          previous = timestamp;
          const row = scroller.querySelector(target);
          const reached = row !== null && row.getBoundingClientRect().top < scroller.getBoundingClientRect().bottom;
          if (reached || now() - startedAt > timeoutMs) {
            resolve({ frameDeltas, framesAtEnd, reached });
            return;
          }
          const before = scroller.scrollTop;
          scroller.scrollTop = before + stepPx;
          if (scroller.scrollTop === before) framesAtEnd += 1;
          page.requestAnimationFrame(frame);
        };
        page.requestAnimationFrame(frame);
      });
    },
    armSearch: (resultsLabel) => {
      keystrokes = [];
      resultsSelector = rowsOf(resultsLabel);
      searchWait = whenPresent(resultsSelector).then(afterNextPaint);
    },
    searchPainted: async () => {
      const paintedMs = await searchWait;
      return { keystrokes, paintedMs };
    },
    timeBridgeSearch: async (text, limit) => {
      const api = page.ntfy;
      if (api === undefined) throw new Error('no window.ntfy in this page');
      const startedAt = now();
      const result = await api.searchMessages({ text, limit });
      const ms = now() - startedAt;
      if (!result.ok) throw new Error(`searchMessages(${text}) failed`);
      return { ms, hits: result.value?.length ?? 0 };
    },
  };
}
