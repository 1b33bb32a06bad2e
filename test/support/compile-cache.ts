/**
 * Node's compile cache (NODE_COMPILE_CACHE) for every Node process a test run starts: Vitest's workers, Playwright's
 * workers, the CLI processes (test/support/cli-process.ts passes it on), the Electron test runtime and the scripts
 * the tests run. A process then reads the compiled code of the modules it loads instead of compiling them again: a
 * CLI start (`node main/cli.ts --help`) took 1.15 s of CPU without it and 0.45 s with it on the build machine.
 * Node checks each entry against the source it was made from, so an edited file is compiled afresh. Called by
 * vitest.config.ts and playwright.config.ts; a cache folder the developer chose is kept.
 */
import path from 'node:path';

export const COMPILE_CACHE_VARIABLE = 'NODE_COMPILE_CACHE';

export function shareCompileCache(env: NodeJS.ProcessEnv = process.env): void {
  env[COMPILE_CACHE_VARIABLE] ??= path.resolve(
    import.meta.dirname,
    '..',
    '..',
    'node_modules',
    '.cache',
    'node-compile-cache',
  );
}

/** The compile cache variable for a child whose environment a test builds from scratch ({} where none is set). */
export function compileCacheEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const folder = env[COMPILE_CACHE_VARIABLE];
  return folder === undefined ? {} : { [COMPILE_CACHE_VARIABLE]: folder };
}
