import { afterEach, describe, expect, it } from 'vitest';
import { helpText, mainUsage, unknownCommand } from '../../../../main/core/cli/help.ts';
import { historyUsage } from '../../../../main/core/cli/history-args.ts';
import { loginUsage, logoutUsage } from '../../../../main/core/cli/login-args.ts';
import { BACKOFF_MAX_FLAG, KEEPALIVE_TIMEOUT_FLAG, subscribeUsage } from '../../../../main/core/cli/subscribe-args.ts';
import { DEFAULT_TIMING } from '../../../../main/core/engine/connection-types.ts';
import { durationFlagHelp } from '../../../../main/core/cli/filter-args.ts';
import { usageError } from '../../../../main/core/cli/usage-error.ts';
import { setLocale } from '../../../../common/i18n/translate.ts';

afterEach(() => {
  setLocale(['en-US']);
});

describe('ntfy-tray help', () => {
  it.each([
    [[], mainUsage],
    [['subscribe'], subscribeUsage],
    [['history'], historyUsage],
    [['login'], loginUsage],
    [['logout'], logoutUsage],
  ])('help %j prints that usage', (args, usage) => {
    expect(helpText(args)).toEqual({ ok: true, value: usage() });
  });

  it('names an unknown command with the closest real one', () => {
    expect(helpText(['histroy'])).toEqual({ ok: false, error: "unknown command 'histroy'; did you mean 'history'?" });
    expect(unknownCommand('frobnicate')).toBe("unknown command 'frobnicate'");
  });
});

describe('the duration options in the subscribe help', () => {
  it("say the engine's defaults and the flags' bounds, in English and German", () => {
    expect(subscribeUsage()).toContain('cap of the reconnect backoff (1s to 1h, default 2m)');
    expect(subscribeUsage()).toContain('counts as dead (5s to 1h, default 90s)');
    setLocale(['de-DE']);
    expect(subscribeUsage()).toContain('Wartezeit vor neuem Verbinden (1s bis 1h, Standard 2m)');
    expect(subscribeUsage()).toContain('als tot gilt (5s bis 1h, Standard 90s)');
  });

  it("follow the engine's defaults: the flags default to what a connection uses without them", () => {
    expect(BACKOFF_MAX_FLAG.defaultMs).toBe(DEFAULT_TIMING.backoffMaxMs);
    expect(KEEPALIVE_TIMEOUT_FLAG.defaultMs).toBe(DEFAULT_TIMING.keepaliveTimeoutMs);
    // Computed, not typed: a changed default changes the text.
    const changed = { ...BACKOFF_MAX_FLAG, defaultMs: 300_000 };
    expect(durationFlagHelp(changed)).toEqual({ min: '1s', max: '1h', default: '5m' });
  });
});

describe('ntfy-tray help in German', () => {
  it('is computed in the language chosen after the modules loaded', () => {
    setLocale(['de-DE']);

    expect(mainUsage()).toContain('Aufruf: ntfy-tray <Befehl> [Optionen]');
    expect(helpText(['history'])).toEqual({ ok: true, value: historyUsage() });
    expect(historyUsage()).toContain('--unread             nur ungelesene Nachrichten');
  });

  it('says "did you mean" and points at --help in German, the names unchanged', () => {
    setLocale(['de-DE']);

    expect(usageError(undefined, unknownCommand('subscibe'))).toBe(
      "ntfy-tray: unbekannter Befehl 'subscibe'; meinten Sie 'subscribe'?\n'ntfy-tray --help' zeigt den Aufruf.\n",
    );
    expect(helpText(['login', 'logout'])).toEqual({ ok: false, error: 'help nimmt einen Befehlsnamen, nicht 2' });
  });
});
