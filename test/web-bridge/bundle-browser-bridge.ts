/** Bundles browser-bridge.ts (and the contract constants it imports) into one classic script with Vite's build API. */
import path from 'node:path';
import { build } from 'vite';

const entry = path.join(import.meta.dirname, 'browser-bridge.ts');

export async function bundleBrowserBridge(): Promise<string> {
  const result = await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'es2024',
      minify: false,
      sourcemap: 'inline',
      lib: { entry, formats: ['iife'], name: 'ntfyWebBridge', fileName: () => 'bridge.js' },
    },
  });
  if (!Array.isArray(result) && !('output' in result)) throw new Error('vite build started a watcher; expected output');
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((output) => output.output)
    .filter((item) => item.type === 'chunk');
  const [chunk] = chunks;
  if (chunk === undefined || chunks.length !== 1) throw new Error(`expected one bridge script, got ${chunks.length}`);
  return chunk.code;
}
