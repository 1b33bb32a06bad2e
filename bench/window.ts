/**
 * Window benchmarks: the built renderer in headless Chromium, talking to the real core through the dev:web bridge,
 * with 100,000 messages stored. Time from navigation to the first rows painted, frame times while scrolling through
 * 2,000 rows, and keystroke → search results painted; each next to a baseline in the same browser and run (plain
 * static pages served by the same bridge; the bare `searchMessages` round trip). The renderer is built from
 * renderer/ for the run (production mode, into a temp folder), so no `npm run build` is needed.
 *
 * Headless Chromium without a GPU still produces frames at 60 Hz (rAF every 16.7 ms) and paints in software;
 * scrolling here sets `scrollTop` from rAF, i.e. main-thread scrolling, so every frame the page's own work makes
 * late shows up as a dropped frame (a wheel scroll in the desktop app would be scrolled by the compositor).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { RARE_WORDS } from '../test/integration/core/store/history/sample-messages.ts';
import { startTestServer } from '../test/server/index.ts';
import { chromiumArgs, chromiumExecutablePath } from '../test/support/chromium.ts';
import type { BenchRow } from './engine.ts';
import {
  type BridgeProcess,
  buildRenderer,
  FIRST_ROWS_BASELINE_PAGE,
  SCROLL_BASELINE_PAGE,
  seedHistory,
  startBridgeProcess,
  writeBaselinePages,
} from './window-fixture.ts';
import { installWindowProbes, type ProbeGlobals, type ScrollRun } from './window-page.ts';

/** The labels renderer/history/MessageList.tsx gives its list (HistoryView.tsx picks one). */
const HISTORY_LABEL = 'Messages, newest first';
const RESULTS_LABEL = 'Search results';
/** What renderer/history/use-search.ts asks for. */
const SEARCH_LIMIT = 200;
const TOPICS = ['alerts', 'backups', 'deploys', 'home'];
/** The app window's size (main/desktop/main-window.ts). */
const VIEWPORT = { width: 960, height: 680 };
const VSYNC_MS = 1000 / 60;
/**
 * Pixels per frame: 12,000 px/s, a brisk fling of about 2.5 rows a frame, so the list has to page in 100 more rows
 * every 0.7 s or so while it scrolls.
 */
const SCROLL_STEP_PX = 200;
const PAGE_TIMEOUT_MS = 30_000;
/** Tries per search sample; see timeKeystrokeToResults. */
const SEARCH_ATTEMPTS = 3;

interface Sizes {
  readonly messages: number;
  readonly loads: number;
  readonly scrollRows: number;
  readonly searchRounds: number;
  readonly words: readonly string[];
}

function sizes(quick: boolean): Sizes {
  const rare = (i: number): string => RARE_WORDS[(i * 397) % RARE_WORDS.length] ?? 'none';
  // Common words are in a large share of all messages (the expensive case), rare ones in a few hundred of 100,000;
  // some are prefixes, as a word being typed is.
  const common = ['backup', 'disk', 'deplo', 'fail', 'server', 'job'];
  const rareWords = [rare(1), rare(2), rare(4).slice(0, 4), rare(5), rare(6), rare(7).slice(0, 5)];
  return quick
    ? {
        messages: 5000,
        loads: 3,
        scrollRows: 300,
        searchRounds: 1,
        words: [...common.slice(0, 2), ...rareWords.slice(0, 2)],
      }
    : { messages: 100_000, loads: 7, scrollRows: 2000, searchRounds: 3, words: [...common, ...rareWords] };
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

function row(benchmark: string, unit: string, engine: number, baseline: number, target?: string): BenchRow {
  const ratio = baseline === 0 ? Number.NaN : engine / baseline;
  return { benchmark, unit, engine, baseline, ratio, ...(target === undefined ? {} : { target }) };
}

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what}: nothing after ${PAGE_TIMEOUT_MS} ms`));
    }, PAGE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens `url` in a new page; resolves once its first rows are painted, with ms since navigation start. */
async function openAndWaitForRows(context: BrowserContext, url: string): Promise<{ page: Page; paintedMs: number }> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const timing = await withTimeout(
    page.evaluate(() => (globalThis as unknown as ProbeGlobals).windowBench.firstRows),
    `first rows of ${url}`,
  );
  return { page, paintedMs: timing.paintedMs };
}

/** Fresh loads of the app and of the static baseline, alternating, after one warm-up of each. */
async function measureFirstRows(context: BrowserContext, appUrl: string, size: Sizes): Promise<BenchRow[]> {
  const { loads } = size;
  const app: number[] = [];
  const baseline: number[] = [];
  for (let load = -1; load < loads; load++) {
    for (const [url, times] of [
      [appUrl, app],
      [new URL(FIRST_ROWS_BASELINE_PAGE, appUrl).href, baseline],
    ] as const) {
      const { page, paintedMs } = await openAndWaitForRows(context, url);
      await page.close();
      if (load >= 0) times.push(paintedMs);
    }
  }
  const [appSorted, baselineSorted] = [sorted(app), sorted(baseline)];
  return [
    row(
      `first rows painted p50 (${size.messages.toLocaleString('en-US')} stored, ${loads} loads)`,
      'ms',
      percentile(appSorted, 0.5),
      percentile(baselineSorted, 0.5),
      '< 500 ms',
    ),
    row(`first rows painted, slowest of ${loads}`, 'ms', appSorted.at(-1) ?? NaN, baselineSorted.at(-1) ?? NaN),
  ];
}

interface ScrollResult extends ScrollRun {
  readonly jsHeapBytes: number;
}

/** Scrolls a freshly loaded page through `rows` rows, then takes its JS heap after a full garbage collection. */
async function scrollPage(context: BrowserContext, url: string, rows: number): Promise<ScrollResult> {
  const { page } = await openAndWaitForRows(context, url);
  try {
    const run = await page.evaluate(
      (options) => (globalThis as unknown as ProbeGlobals).windowBench.scrollThrough(options),
      { label: HISTORY_LABEL, rows, stepPx: SCROLL_STEP_PX, timeoutMs: 120_000 },
    );
    if (!run.reached) throw new Error(`scrolling ${url} did not reach row ${rows} in time`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const jsHeapBytes = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
    return { ...run, jsHeapBytes };
  } finally {
    await page.close();
  }
}

/** Frames that took more than one vsync interval count as the intervals they missed. */
function droppedFrames(deltas: readonly number[]): number {
  return deltas.reduce((sum, delta) => sum + Math.max(0, Math.round(delta / VSYNC_MS) - 1), 0);
}

async function measureScroll(context: BrowserContext, appUrl: string, rows: number): Promise<BenchRow[]> {
  const app = await scrollPage(context, appUrl, rows);
  const plain = await scrollPage(context, new URL(SCROLL_BASELINE_PAGE, appUrl).href, rows);
  const [appDeltas, plainDeltas] = [sorted(app.frameDeltas), sorted(plain.frameDeltas)];
  const name = `scroll ${rows.toLocaleString('en-US')} rows`;
  const mb = (bytes: number): number => bytes / 1e6;
  return [
    row(`${name}: frame p50`, 'ms', percentile(appDeltas, 0.5), percentile(plainDeltas, 0.5)),
    row(`${name}: frame p95`, 'ms', percentile(appDeltas, 0.95), percentile(plainDeltas, 0.95), '< 16.7 ms'),
    row(
      `${name}: dropped frames (of ${appDeltas.length.toLocaleString('en-US')})`,
      'frames',
      droppedFrames(appDeltas),
      droppedFrames(plainDeltas),
    ),
    row(`${name}: frames stuck at the end, waiting for a page`, 'frames', app.framesAtEnd, plain.framesAtEnd),
    row('page JS heap after scrolling', 'MB', mb(app.jsHeapBytes), mb(plain.jsHeapBytes)),
  ];
}

/**
 * One keystroke → results painted: from an empty search box (the history showing), `word` is typed at machine
 * speed, so all its keys fall inside the 40 ms debounce and one search runs; measured from the last keydown to the
 * frame showing the results. Undefined when results were already up at the last key (typing was slower than the
 * debounce, as on a busy machine), so the sample would measure nothing.
 */
async function timeKeystrokeToResults(page: Page, word: string): Promise<number | undefined> {
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('');
  await page.locator(`[role="listbox"][aria-label="${HISTORY_LABEL}"] [role="option"]`).first().waitFor();
  await page.evaluate((label) => {
    (globalThis as unknown as ProbeGlobals).windowBench.armSearch(label);
  }, RESULTS_LABEL);
  await page.keyboard.type(word);
  const run = await withTimeout(
    page.evaluate(() => (globalThis as unknown as ProbeGlobals).windowBench.searchPainted()),
    `results for ${word}`,
  );
  const last = run.keystrokes.at(-1);
  if (last === undefined || run.keystrokes.length !== word.length) throw new Error(`keystrokes lost typing ${word}`);
  return last.resultsShown ? undefined : run.paintedMs - last.atMs;
}

/** Each word a few times through the search box, and as a bare `window.ntfy.searchMessages` round trip. */
async function measureSearch(context: BrowserContext, appUrl: string, size: Sizes): Promise<BenchRow[]> {
  const { page } = await openAndWaitForRows(context, appUrl);
  const ui: number[] = [];
  const bare: number[] = [];
  let dropped = 0;
  try {
    for (let round = 0; round < size.searchRounds; round++) {
      for (const word of size.words) {
        const answer = await page.evaluate(
          ({ text, limit }) => (globalThis as unknown as ProbeGlobals).windowBench.timeBridgeSearch(text, limit),
          { text: word, limit: SEARCH_LIMIT },
        );
        if (answer.hits === 0) throw new Error(`search word ${word} matches nothing; pick another`);
        bare.push(answer.ms);
        let ms: number | undefined;
        for (let attempt = 0; attempt < SEARCH_ATTEMPTS && ms === undefined; attempt++) {
          ms = await timeKeystrokeToResults(page, word);
          if (ms === undefined) dropped += 1;
        }
        if (ms !== undefined) ui.push(ms);
      }
    }
  } finally {
    await page.close();
  }
  if (dropped > 0) console.warn(`search: ${dropped} samples typed slower than the debounce, retried or left out`);
  const [uiSorted, bareSorted] = [sorted(ui), sorted(bare)];
  const name = `search keystroke → results painted (${ui.length} searches)`;
  return [
    row(`${name} p50`, 'ms', percentile(uiSorted, 0.5), percentile(bareSorted, 0.5), '< 100 ms'),
    row(`${name} p95`, 'ms', percentile(uiSorted, 0.95), percentile(bareSorted, 0.95)),
  ];
}

async function bridgeMemoryRows(bridge: BridgeProcess): Promise<BenchRow[]> {
  const { heapUsedBytes, rssBytes } = await bridge.memory();
  return [
    row('bridge process after loading: JS heap', 'MB', heapUsedBytes / 1e6, Number.NaN),
    row('bridge process after loading: RSS', 'MB', rssBytes / 1e6, Number.NaN),
  ];
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutablePath,
    headless: true,
    args: [...chromiumArgs],
  });
}

export async function runWindowBenchmarks(options: { readonly quick: boolean }): Promise<BenchRow[]> {
  const size = sizes(options.quick);
  const dir = await mkdtemp(path.join(tmpdir(), 'ntfy-tray-bench-window-'));
  const dataDir = path.join(dir, 'data');
  const rendererDir = path.join(dir, 'renderer');
  const server = await startTestServer();
  let bridge: BridgeProcess | undefined;
  let browser: Browser | undefined;
  try {
    const messages = await seedHistory({ dataDir, serverUrl: server.url, topics: TOPICS, count: size.messages });
    await buildRenderer(rendererDir);
    await writeBaselinePages({
      dir: rendererDir,
      messages,
      listLabel: HISTORY_LABEL,
      firstRows: 20,
      scrollRows: size.scrollRows,
    });
    bridge = await startBridgeProcess({ dataDir, rendererDir, serverUrl: server.url, topics: TOPICS });
    await server.waitForSubscribers(1); // the engine is connected: no connection work left to overlap the loads
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addInitScript(installWindowProbes, HISTORY_LABEL);

    const firstRows = await measureFirstRows(context, bridge.url, size);
    const memory = await bridgeMemoryRows(bridge);
    const scroll = await measureScroll(context, bridge.url, size.scrollRows);
    const search = await measureSearch(context, bridge.url, size);
    return [...firstRows, ...scroll, ...search, ...memory];
  } finally {
    await browser?.close();
    await bridge?.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}
