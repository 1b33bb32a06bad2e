/**
 * `node --import ./test/electron-runtime/register.ts dist/main/index.js`: every `import`/`require` of `electron`
 * in that process gets the stand-in (electron.ts) instead of the npm package, which only holds typings and a
 * downloader here. Synchronous in-thread hooks (Node 22.15+/24), so they apply to CommonJS requires too.
 */
import { registerHooks } from 'node:module';

const standInUrl = new URL('./electron.ts', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: standInUrl, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

// Electron's main process identifies itself this way; libraries branch on it.
Object.defineProperty(process, 'type', { value: 'browser', enumerable: true });
