/**
 * `node --import ./test/electron-runtime/register.ts dist/main/index.js`: every `import`/`require` of `electron`
 * in that process gets the stand-in (electron.ts) instead of the npm package, which only holds typings and a
 * downloader here. Synchronous in-thread hooks (Node 22.15+/24), so they apply to CommonJS requires too. It also
 * makes the process play the platform the launcher chose (ELECTRON_STAND_IN_PLATFORM, platform.ts).
 */
import { registerHooks } from 'node:module';
import { playPlatform, standInPlatform } from './platform.ts';

const standInUrl = new URL('./electron.ts', import.meta.url).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: standInUrl, shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

// Electron's main process identifies itself this way; libraries branch on it.
Object.defineProperty(process, 'type', { value: 'browser', enumerable: true });

// The OS this launch plays (platform.ts): set before the app's first module reads it.
playPlatform(standInPlatform(process.env));
