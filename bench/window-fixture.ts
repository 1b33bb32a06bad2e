/**
 * The world bench/window.ts measures in: a data folder whose SQLite history holds the seeded messages of a few
 * subscriptions on a loopback test server, the renderer built for the run with two baseline pages added (served by
 * the same bridge, so both load alike), and the bridge itself in a child process (bench/window-bridge-process.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { normalizeServerUrl } from '../common/server-url.ts';
import type { NtfyMessage } from '../main/core/protocol/types.ts';
import { SqliteHistoryStore } from '../main/core/store/history/index.ts';
import { sampleMessages } from '../test/integration/core/store/history/sample-messages.ts';
import type { BridgeProcessConfig, FromBridgeProcess, ToBridgeProcess } from './window-bridge-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

const CLOSE_TIMEOUT_MS = 10_000;

export const FIRST_ROWS_BASELINE_PAGE = 'bench-first-rows.html';
export const SCROLL_BASELINE_PAGE = 'bench-scroll.html';

/**
 * Builds the renderer as it is in renderer/ (what `npm run build` puts in dist/renderer, from the same
 * vite.config.ts) into `outDir`: the suite never reads dist/, which other work empties and rebuilds at any time.
 * Refuses a development build of React (NODE_ENV set to something else than production), which is several times
 * slower and would measure nothing the app ships.
 */
export async function buildRenderer(outDir: string): Promise<void> {
  const result = await build({
    configFile: path.join(repoRoot, 'vite.config.ts'),
    logLevel: 'warn',
    mode: 'production',
    build: { outDir, emptyOutDir: true },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const moduleIds = outputs.flatMap((output) =>
    'output' in output ? output.output.flatMap((item) => (item.type === 'chunk' ? Object.keys(item.modules) : [])) : [],
  );
  if (moduleIds.length === 0) throw new Error('the renderer build produced no chunks');
  const development = moduleIds.find((id) => /\.development\.js$/.test(id));
  if (development !== undefined) {
    throw new Error(
      `the renderer was built with development React (${path.basename(development)}); unset NODE_ENV (is "${process.env['NODE_ENV'] ?? ''}")`,
    );
  }
}

/** Stores `count` messages spread over `topics`, the newest about now, in catch-up sized appends. */
export async function seedHistory(options: {
  readonly dataDir: string;
  readonly serverUrl: string;
  readonly topics: readonly string[];
  readonly count: number;
}): Promise<NtfyMessage[]> {
  // sampleMessages spaces messages 0–2 s apart: starting `count` seconds ago ends about now.
  const startTime = Math.floor(Date.now() / 1000) - options.count;
  const messages = sampleMessages({ count: options.count, topics: options.topics, startTime });
  const store = await SqliteHistoryStore.open({ dataDir: options.dataDir });
  try {
    const server = normalizeServerUrl(options.serverUrl);
    for (let i = 0; i < messages.length; i += 10_000) {
      const batch = messages.slice(i, i + 10_000);
      await store.append({ server, messages: batch, changes: [] });
    }
  } finally {
    await store.close();
  }
  return messages;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function plainRow(message: NtfyMessage, index: number): string {
  const tags = message.tags.length === 0 ? '' : `<p class="tags">${escapeHtml(message.tags.join(' · '))}</p>`;
  const title = message.title === undefined ? '' : `<p class="title">${escapeHtml(message.title)}</p>`;
  return (
    `<div role="option" aria-posinset="${index + 1}"><p class="meta">${escapeHtml(message.topic)}</p>` +
    `${title}<p>${escapeHtml(message.message)}</p>${tags}</div>`
  );
}

/**
 * A page with the same rows as plain, static HTML: no script, no virtualization. `rows` newest first, in a
 * scroller that fills the window like the app's list.
 */
function plainListPage(messages: readonly NtfyMessage[], rows: number, label: string): string {
  const newestFirst = messages.slice(-rows).reverse();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>baseline</title><style>
html, body { margin: 0; height: 100%; font: 14px system-ui, sans-serif; }
.scroller { height: 100%; overflow-y: auto; }
[role="option"] { padding: 0.6rem 1rem; border-bottom: 1px solid #ddd; }
p { margin: 0.2rem 0; } .meta, .tags { font-size: 0.8rem; color: #666; } .title { font-weight: 600; }
</style></head><body><div class="scroller"><div role="listbox" aria-label="${escapeHtml(label)}">
${newestFirst.map(plainRow).join('\n')}
</div></div></body></html>
`;
}

/** The two baseline pages, next to the built renderer in `dir`. */
export async function writeBaselinePages(options: {
  readonly dir: string;
  readonly messages: readonly NtfyMessage[];
  readonly listLabel: string;
  readonly firstRows: number;
  readonly scrollRows: number;
}): Promise<void> {
  const { messages, listLabel } = options;
  await writeFile(
    path.join(options.dir, FIRST_ROWS_BASELINE_PAGE),
    plainListPage(messages, options.firstRows, listLabel),
  );
  await writeFile(path.join(options.dir, SCROLL_BASELINE_PAGE), plainListPage(messages, options.scrollRows, listLabel));
}

export interface BridgeProcess {
  readonly url: string;
  memory(): Promise<{ readonly heapUsedBytes: number; readonly rssBytes: number }>;
  close(): Promise<void>;
}

function nextMessage(child: ChildProcess): Promise<FromBridgeProcess> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null): void => {
      reject(new Error(`the bridge process exited (${code ?? 'signal'})`));
    };
    child.once('exit', onExit);
    child.once('message', (message: FromBridgeProcess) => {
      child.off('exit', onExit);
      if (message.kind === 'failed') reject(new Error(`bridge process: ${message.error}`));
      else resolve(message);
    });
  });
}

export async function startBridgeProcess(config: BridgeProcessConfig): Promise<BridgeProcess> {
  const child = fork(path.join(import.meta.dirname, 'window-bridge-process.ts'), [JSON.stringify(config)], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await nextMessage(child).catch((error: unknown) => {
    child.kill();
    throw error;
  });
  if (ready.kind !== 'ready') throw new Error(`bridge process: expected ready, got ${ready.kind}`);
  return {
    url: ready.url,
    memory: async () => {
      const answer = nextMessage(child);
      const request: ToBridgeProcess = { kind: 'memory' };
      child.send(request);
      const message = await answer;
      if (message.kind !== 'memory') throw new Error(`bridge process: expected memory, got ${message.kind}`);
      return message;
    },
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => {
        child.once('exit', () => {
          resolve();
        });
      });
      const request: ToBridgeProcess = { kind: 'close' };
      child.send(request);
      // A bridge that does not wind down in time is stopped: the run's figures are already taken.
      const timer = setTimeout(() => {
        child.kill();
      }, CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
