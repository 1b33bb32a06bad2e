/**
 * Keeping secrets out of logs and messages. Adapters that touch secrets or settings log through
 * `createSecretSafeLogger`, and pass any text that comes from outside (a native module's error message) through
 * `hideSecretsInText` before it goes into an error or a log line.
 */
import type { Logger } from '../../ports.ts';

export const HIDDEN = '[hidden]';

// Substrings, so that `accessToken`, `userPassword` or `api_secret` count too. None of the settings keys contains
// one of them, which the settings validator relies on when it refuses secret-named keys.
const SECRET_KEY = /pass(?:word|wd)|secret|token|authorization|credential/i;

/** Whether a log field or settings key names a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

function hideValue(value: unknown, depth: number): unknown {
  // Log fields are small; the depth limit only guards against a cyclic object someone passes by mistake.
  if (depth > 8 || value === null || typeof value !== 'object' || value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => hideValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, isSecretKey(key) ? HIDDEN : hideValue(item, depth + 1)]),
  );
}

/** A copy of log fields in which every value under a secret-named key, at any depth, is `[hidden]`. */
export function hideSecretFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return hideValue(fields, 0) as Record<string, unknown>;
}

/** The text with every occurrence of each (non-empty) secret replaced by `[hidden]`. */
export function hideSecretsInText(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret !== undefined && secret !== '') result = result.replaceAll(secret, HIDDEN);
  }
  return result;
}

/** A Logger (and its children) that hides secret-named fields before passing entries on. */
export function createSecretSafeLogger(log: Logger): Logger {
  return {
    log(level, message, fields) {
      if (fields === undefined) log.log(level, message);
      else log.log(level, message, hideSecretFields(fields));
    },
    child(name) {
      return createSecretSafeLogger(log.child(name));
    },
  };
}
