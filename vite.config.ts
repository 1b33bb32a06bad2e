import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const rendererRoot = fileURLToPath(new URL('renderer/', import.meta.url));
const rendererOutDir = fileURLToPath(new URL('dist/renderer/', import.meta.url));

/** The renderer page. scripts/build.ts builds main and preload itself and this config for the renderer. */
export default defineConfig({
  root: rendererRoot,
  // Relative asset URLs: the same build is served from app://ntfy-tray/ in Electron and from the dev:web bridge.
  base: './',
  plugins: [react()],
  build: {
    // ES2021 lowers class private fields (marked uses them) to WeakMaps: the security scan's parser
    // (electronegativity, `npm run security`) cannot read `#private` names, and a file it cannot read is a blind spot.
    target: 'es2021',
    outDir: rendererOutDir,
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
