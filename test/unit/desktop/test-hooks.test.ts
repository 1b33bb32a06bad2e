import { describe, expect, it } from 'vitest';
import { testHooksEnabled } from '../../../main/desktop/test-hooks.ts';

describe('testHooksEnabled', () => {
  it('is on in a development build when NTFY_TRAY_TEST_HOOKS=1', () => {
    expect(testHooksEnabled({ NTFY_TRAY_TEST_HOOKS: '1' }, { isPackaged: false })).toBe(true);
  });

  it('stays off in a packaged build whatever the environment says', () => {
    expect(testHooksEnabled({ NTFY_TRAY_TEST_HOOKS: '1' }, { isPackaged: true })).toBe(false);
  });

  it('is off without the variable, or with any other value', () => {
    expect(testHooksEnabled({}, { isPackaged: false })).toBe(false);
    expect(testHooksEnabled({ NTFY_TRAY_TEST_HOOKS: 'true' }, { isPackaged: false })).toBe(false);
  });
});
