/**
 * The platform this test run plays on the Electron test runtime: vitest.config.ts runs the app tests that differ
 * per OS once per platform, passing it in ELECTRON_STAND_IN_PLATFORM (launchApp takes it from there).
 */
import { standInPlatform, type StandInPlatform } from '../electron-runtime/platform.ts';

export const runPlatform: StandInPlatform = standInPlatform(process.env);

/** True when this run plays `platform`; otherwise prints why `what` does not run here, and is false. */
export function runsOn(platform: StandInPlatform, what: string): boolean {
  if (runPlatform === platform) return true;
  console.log(`${what} skipped in the ${runPlatform} run: it tests ${platform} only (its run covers it)`);
  return false;
}
