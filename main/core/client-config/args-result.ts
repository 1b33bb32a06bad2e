/**
 * What reading typed input gives (command-line words, a client.yml entry): the value, or one sentence saying what is
 * wrong. Shared by the CLI's argument parsers and the client.yml reading, so it lives below both.
 */
export type ArgsResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** The refusal: `error` is the whole sentence shown to the user. */
export function fail<T>(error: string): ArgsResult<T> {
  return { ok: false, error };
}
