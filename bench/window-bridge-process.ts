/**
 * The dev:web bridge in a process of its own for bench/window.ts (started with `fork`), so that its heap and RSS
 * are the core's alone — the bench process also holds Playwright and the test server — much as the Electron main
 * process holds the core. Configured by one JSON argument; answers over the fork IPC channel.
 */
import { createConsoleLogger } from '../main/core/logging.ts';
import { startWebBridge } from '../test/web-bridge/server.ts';

export interface BridgeProcessConfig {
  readonly dataDir: string;
  readonly rendererDir: string;
  /** The (loopback) ntfy server the subscriptions point at. */
  readonly serverUrl: string;
  readonly topics: readonly string[];
}

export type ToBridgeProcess = { readonly kind: 'memory' } | { readonly kind: 'close' };

export type FromBridgeProcess =
  | { readonly kind: 'ready'; readonly url: string }
  | { readonly kind: 'memory'; readonly heapUsedBytes: number; readonly rssBytes: number }
  | { readonly kind: 'failed'; readonly error: string };

/** Enough that retention (first pass a minute after start) keeps every seeded message. */
const KEEP_EVERYTHING = { maxAgeDays: 3650, maxPerSubscription: 1_000_000 };

function send(message: FromBridgeProcess): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  if (process.send === undefined) throw new Error('start this file with child_process.fork (bench/window.ts does)');
  const config = JSON.parse(process.argv[2] ?? '{}') as BridgeProcessConfig;
  // Errors only: the warnings a bench run gives are about the OS keychain, which no benchmark touches.
  const log = createConsoleLogger({
    name: 'bench-bridge',
    write: (level, line) => {
      if (level === 'error') console.error(`${level} ${line}`);
    },
  });
  const bridge = await startWebBridge({
    dataDir: config.dataDir,
    rendererDir: config.rendererDir,
    ntfyServerUrl: config.serverUrl,
    log,
  });
  const service = bridge.core.service;
  const updated = await service.updateSettings({ preferences: { historyRetention: KEEP_EVERYTHING } });
  if (!updated.ok) throw new Error(`settings: ${updated.error.message}`);
  for (const topic of config.topics) {
    const saved = await service.saveSubscription({ server: config.serverUrl, topic });
    if (!saved.ok) throw new Error(`subscription ${topic}: ${saved.error.message}`);
  }

  process.on('message', (message: ToBridgeProcess) => {
    if (message.kind === 'memory') {
      globalThis.gc?.(); // fork passes --expose-gc: live objects only
      const usage = process.memoryUsage();
      send({ kind: 'memory', heapUsedBytes: usage.heapUsed, rssBytes: usage.rss });
      return;
    }
    bridge.close().then(
      () => {
        process.disconnect();
      },
      (error: unknown) => {
        send({ kind: 'failed', error: String(error) });
        process.disconnect();
      },
    );
  });
  send({ kind: 'ready', url: bridge.url });
}

main().catch((error: unknown) => {
  send({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
  if (process.connected) process.disconnect();
});
