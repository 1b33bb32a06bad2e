import { describe, expect, it } from 'vitest';
import { helpText, MAIN_USAGE, unknownCommand } from '../../../../main/core/cli/help.ts';
import { HISTORY_USAGE } from '../../../../main/core/cli/history-args.ts';
import { LOGIN_USAGE, LOGOUT_USAGE } from '../../../../main/core/cli/login-args.ts';
import { SUBSCRIBE_USAGE } from '../../../../main/core/cli/subscribe-args.ts';

describe('ntfy-tray help', () => {
  it.each([
    [[], MAIN_USAGE],
    [['subscribe'], SUBSCRIBE_USAGE],
    [['history'], HISTORY_USAGE],
    [['login'], LOGIN_USAGE],
    [['logout'], LOGOUT_USAGE],
  ])('help %j prints that usage', (args, usage) => {
    expect(helpText(args)).toEqual({ ok: true, value: usage });
  });

  it('names an unknown command with the closest real one', () => {
    expect(helpText(['histroy'])).toEqual({ ok: false, error: "unknown command 'histroy'; did you mean 'history'?" });
    expect(unknownCommand('frobnicate')).toBe("unknown command 'frobnicate'");
  });
});
