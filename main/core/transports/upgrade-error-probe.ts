/**
 * ntfy answers a failed WebSocket upgrade with a bare status and no body (docs/protocol.md#websocket), so a 429 cannot
 * tell a login lockout (42909, stop retrying) from a rate limit (42901, retry later). One plain GET of `/<topics>/auth`
 * with the same credentials gets ntfy's JSON error for the same situation.
 */
import { authCheckUrl } from './auth-check-url.ts';
import { describeResponseError, readLimitedBody } from './error-body.ts';
import { httpGet } from './http-get.ts';
import type { ServerError } from './transport.ts';

/** 30 s: the probe answers at once on a healthy server; a hanging one must not hold the transport forever. */
const PROBE_TIMEOUT_MS = 30_000;

interface ProbeOptions {
  readonly subscribeUrl: URL;
  readonly headers: Readonly<Record<string, string>>;
  /** The server's error for that request, or undefined when it was accepted or could not be asked. */
  readonly onDone: (error: ServerError | undefined) => void;
}

/** Returns a function that abandons the probe (onDone is then not called). */
export function probeServerError(options: ProbeOptions): () => void {
  let abandoned = false;
  const done = (error: ServerError | undefined): void => {
    if (!abandoned) options.onDone(error);
    abandoned = true;
  };
  const pending = httpGet({
    url: authCheckUrl(options.subscribeUrl),
    headers: options.headers,
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    onResult: (result) => {
      if (result.kind !== 'response') {
        done(undefined);
        return;
      }
      const status = result.response.statusCode ?? 0;
      if (status >= 200 && status <= 299) {
        result.response.resume();
        done(undefined);
        return;
      }
      readLimitedBody(result.response, (body) => {
        done(describeResponseError(result.response, body));
      });
    },
  });
  return () => {
    abandoned = true;
    pending.abort();
  };
}
