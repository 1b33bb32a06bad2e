/**
 * ntfy answers an error with a JSON body `{code, http, error, link}` (docs/protocol.md#errors): `code` is ntfy's own
 * number (40101, 42901, …), `error` its words. A proxy in front may answer HTML or nothing: then neither is known.
 */
interface NtfyErrorBody {
  readonly code?: number;
  readonly error?: string;
}

/** ntfy's `code` and `error` from an error body, given as text or already parsed; what is missing stays out. */
export function readNtfyErrorBody(body: unknown): NtfyErrorBody {
  let parsed = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      return {}; // not ntfy's JSON (an HTML proxy page, an empty answer): the status says enough
    }
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const record = parsed as Record<string, unknown>;
  const code = record['code'];
  const error = record['error'];
  return {
    ...(typeof code === 'number' ? { code } : {}),
    ...(typeof error === 'string' && error !== '' ? { error } : {}),
  };
}
