/**
 * The CLI's locale from the environment, as POSIX programs read it: LC_ALL, then LC_MESSAGES, then LANG. "de_DE.UTF-8"
 * becomes the BCP 47 tag "de-DE"; "C" and "POSIX" (and nothing set) mean English.
 */
export function localeFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    return [posixToBcp47(value)];
  }
  return ['en'];
}

/** "de_DE.UTF-8@euro" → "de-DE"; "C", "POSIX", "C.UTF-8" → "en". */
export function posixToBcp47(value: string): string {
  const base = value.split(/[.@]/)[0] ?? '';
  if (base === '' || base === 'C' || base === 'POSIX') return 'en';
  return base.replace('_', '-');
}
