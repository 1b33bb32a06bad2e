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

/**
 * Shapes that carry a secret whoever wrote them (docs/protocol.md#authentication): an Authorization value,
 * the `auth=` query parameter (base64 of that value), an ntfy access token (`tk_` + 29) and URL user info.
 */
const CREDENTIAL_PATTERNS: readonly { readonly pattern: RegExp; readonly replacement: string }[] = [
  // Schemes as clients write them (capitalized), so that prose such as "basic setup" stays readable.
  { pattern: /\b(Basic|Bearer)(\s+)[A-Za-z0-9+/=._~-]{4,}/g, replacement: `$1$2${HIDDEN}` },
  { pattern: /([?&]auth=)[^&#\s"']+/gi, replacement: `$1${HIDDEN}` },
  { pattern: /\btk_[A-Za-z0-9]{29}\b/g, replacement: HIDDEN },
  { pattern: /(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*):[^@/\s]*@/gi, replacement: `$1:${HIDDEN}@` },
];

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
export function hideSecretsInText(text: string, secrets: Iterable<string | undefined>): string {
  let result = text;
  for (const secret of secrets) {
    if (secret !== undefined && secret !== '') result = result.replaceAll(secret, HIDDEN);
  }
  return result;
}

/** The text with credential-shaped parts hidden (Authorization values, `auth=`, `tk_…` tokens, URL passwords). */
export function hideCredentialPatterns(text: string): string {
  let result = text;
  for (const { pattern, replacement } of CREDENTIAL_PATTERNS) result = result.replace(pattern, replacement);
  return result;
}

export interface SecretSafeLoggerOptions {
  /**
   * The secrets this process holds (a password from `--user alice:pass`, NTFY_PASSWORD, a token): hidden wherever
   * they appear, in the message and in any string inside the fields. Read on every entry, so secrets learned later
   * (from the keychain) count too.
   */
  readonly secrets?: () => Iterable<string | undefined>;
}

function hideInStrings(value: unknown, hideText: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return hideText(value);
  if (value instanceof Error) {
    const message = hideText(value.message);
    if (message === value.message) return value;
    // The log line prints an Error's name and message; a copy keeps both without the secret.
    const copy = new Error(message);
    copy.name = value.name;
    return copy;
  }
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => hideInStrings(item, hideText, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, hideInStrings(item, hideText, depth + 1)]),
  );
}

/**
 * A Logger (and its children) that hides secret-named fields, credential-shaped text and the known secrets in the
 * message and the fields before passing entries on.
 */
export function createSecretSafeLogger(log: Logger, options: SecretSafeLoggerOptions = {}): Logger {
  const hideText = (text: string): string => hideSecretsInText(hideCredentialPatterns(text), options.secrets?.() ?? []);
  return {
    log(level, message, fields) {
      if (fields === undefined) log.log(level, hideText(message));
      else log.log(level, hideText(message), hideInStrings(hideSecretFields(fields), hideText, 0) as typeof fields);
    },
    child(name) {
      return createSecretSafeLogger(log.child(name), options);
    },
  };
}
