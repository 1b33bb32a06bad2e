/**
 * The OS's language as Electron 45 reads it on Linux, from the POSIX environment the test gives the app process
 * (launch-app.ts pins en_US.UTF-8 unless the test passes LANG, LANGUAGE, LC_ALL or LC_MESSAGES):
 * - `app.getPreferredSystemLanguages()`: glib's g_get_language_names order — the LANGUAGE list, else the first of
 *   LC_ALL, LC_MESSAGES, LANG — without "C"/"POSIX", as BCP 47 tags; empty when only "C" is set.
 * - `app.getLocale()`: Chromium's application locale from the same variables, "en-US" when none names a language.
 * The window's pages get the same locale (chromium.ts), so navigator.languages agrees with the app, as in Electron.
 */
type Env = Readonly<Record<string, string | undefined>>;

/** "de_DE.UTF-8@euro" → "de-DE"; undefined for "C", "POSIX" and the empty string. */
function bcp47(value: string): string | undefined {
  const base = value.split(/[.@]/)[0] ?? '';
  if (base === '' || base === 'C' || base === 'POSIX') return undefined;
  return base.replace('_', '-');
}

function firstSet(env: Env): string | undefined {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
}

export function preferredSystemLanguages(env: Env): string[] {
  const chosen = firstSet(env);
  // glib ignores LANGUAGE when the locale itself is "C" (gettext does the same).
  const language = chosen !== undefined && bcp47(chosen) !== undefined ? env['LANGUAGE'] : undefined;
  const names = language !== undefined && language !== '' ? language.split(':') : [chosen ?? ''];
  return names.map(bcp47).filter((tag) => tag !== undefined);
}

export function chromiumAppLocale(env: Env): string {
  return preferredSystemLanguages(env)[0] ?? 'en-US';
}
