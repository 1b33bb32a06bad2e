/**
 * The world bench/window.ts measures in: a data folder whose SQLite history holds the seeded messages of a few
 * subscriptions on a loopback test server, a copy of the built renderer with two baseline pages added (served by
 * the same bridge, so both load alike), and the bridge itself in a child process (bench/window-bridge-process.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { cp, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { normalizeServerUrl } from '../main/core/engine/groups.ts';
import type { NtfyMessage } from '../main/core/protocol/types.ts';
import { SqliteHistoryStore } from '../main/core/store/history/index.ts';
import { sampleMessages } from '../test/integration/core/store/history/sample-messages.ts';
import type { BridgeProcessConfig, FromBridgeProcess } from './window-bridge-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const builtRenderer = path.join(repoRoot, 'dist/renderer');

export const FIRST_ROWS_BASELINE_PAGE = 'bench-first-rows.html';
export const SCROLL_BASELINE_PAGE = 'bench-scroll.html';

/** Newest of all files under `dir`, in ms since the epoch (0 when there are none). */
async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/**
 * The suite measures dist/renderer as built (`npm run build`); it does not build it itself, because the e2e tests
 * and other work use the same folder. Missing is an error; older than the sources is only a warning.
 */
export async function checkBuiltRenderer(): Promise<string> {
  const index = path.join(builtRenderer, 'index.html');
  const built = await stat(index).catch(() => undefined);
  if (built === undefined) throw new Error(`${path.relative(repoRoot, index)} is missing: run npm run build first`);
  const sources = Math.max(
    await newestMtime(path.join(repoRoot, 'renderer')),
    (await stat(path.join(repoRoot, 'preload/contract.ts'))).mtimeMs,
  );
  if (sources > built.mtimeMs) console.warn('warning: renderer/ changed since dist/renderer was built; measuring the build');
  return builtRenderer;
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
      await store.append({ server, groupKey: 'bench-seed', messages: batch, changes: [], cursor: {} });
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
    `<div role="listitem" aria-posinset="${index + 1}"><p class="meta">${escapeHtml(message.topic)}</p>` +
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
[role="listitem"] { padding: 0.6rem 1rem; border-bottom: 1px solid #ddd; }
p { margin: 0.2rem 0; } .meta, .tags { font-size: 0.8rem; color: #666; } .title { font-weight: 600; }
</style></head><body><div class="scroller"><div role="list" aria-label="${escapeHtml(label)}">
${newestFirst.map(plainRow).join('\n')}
</div></div></body></html>
`;
}

/** The built renderer plus the two baseline pages, in `dir`. */
export async function prepareRendererCopy(options: {
  readonly builtRenderer: string;
  readonly dir: string;
  readonly messages: readonly NtfyMessage[];
  readonly listLabel: string;
  readonly firstRows: number;
  readonly scrollRows: number;
}): Promise<void> {
  await cp(options.builtRenderer, options.dir, { recursive: true });
  const { messages, listLabel } = options;
  await writeFile(path.join(options.dir, FIRST_ROWS_BASELINE_PAGE), plainListPage(messages, options.firstRows, listLabel));
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
      child.send({ kind: 'memory' });
      const message = await answer;
      if (message.kind !== 'memory') throw new Error(`bridge process: expected memory, got ${message.kind}`);
      return message;
    },
    close: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ kind: 'close' });
      await exited;
    },
  };
}
