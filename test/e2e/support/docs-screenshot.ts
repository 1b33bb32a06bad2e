/**
 * The pictures in docs/ come from the e2e tests, but only when asked: `UPDATE_SCREENSHOTS=1 npm run test:e2e`
 * writes them there. A normal run takes none: a screenshot asserts nothing, and a page's worth of PNG per shot cost
 * every run time (full-page ones most). A test that exists only for its picture carries the DOCS_PICTURE tag, which
 * playwright.config.ts leaves out of a normal run (not run, not counted as skipped).
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

const docsDir = path.resolve(import.meta.dirname, '../../../docs');

/** The tag of a test that only takes a picture for docs/. */
export const DOCS_PICTURE = '@docs-picture';

export function updatingScreenshots(): boolean {
  return process.env['UPDATE_SCREENSHOTS'] === '1';
}

/** Writes docs/<name> from the page (or one element of it) when screenshots are being updated; else nothing. */
export async function docsScreenshot(
  target: Page | Locator,
  name: string,
  options: { readonly fullPage?: boolean } = {},
): Promise<void> {
  if (!updatingScreenshots()) return;
  await target.screenshot({ path: path.join(docsDir, name), ...options });
}
