import { test } from '@playwright/test';
import { setLocale } from '../../../common/i18n/translate.ts';

/**
 * The core behind the dev:web bridge runs in the Playwright process, so it speaks whatever language that process
 * chose. In the app the window and the core follow the same OS language: call this in a describe (or at the top of
 * a spec) whose pages use `locale` so the core's texts (reasons, refusals, import problems) are in it too, as users
 * see them. English again after each test, so the next spec starts as every other does.
 */
export function coreSpeaks(locale: string): void {
  test.beforeEach(() => {
    setLocale([locale]);
  });
  test.afterEach(() => {
    setLocale(['en-US']);
  });
}
