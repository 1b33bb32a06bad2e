/** Reading an error answer: short JSON from ntfy, or a proxy's HTML page; never more than a cap. */
import type http from 'node:http';
import { describeServerError, type ServerError } from './transport.ts';

/** Error bodies are short JSON (or a proxy's HTML page); more than this is not read. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** Reads at most `maxBytes` of the body (then stops reading) and reports it as text, once, whatever happens. */
export function readLimitedBody(
  response: http.IncomingMessage,
  onDone: (text: string) => void,
  maxBytes = MAX_ERROR_BODY_BYTES,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  const finish = (): void => {
    if (done) return;
    done = true;
    onDone(Buffer.concat(chunks).toString('utf8'));
  };
  response.on('data', (chunk: Buffer) => {
    if (done) return;
    chunks.push(chunk.subarray(0, Math.max(0, maxBytes - size)));
    size += chunk.length;
    if (size >= maxBytes) {
      finish();
      response.destroy(); // enough to tell what it is; the rest may be endless
    }
  });
  response.on('end', finish);
  response.on('close', finish);
  response.on('error', finish);
}

/** The ServerError of a non-2xx answer whose body has been read. */
export function describeResponseError(response: http.IncomingMessage, body: string): ServerError {
  const retryAfter = response.headers['retry-after'];
  return describeServerError(response.statusCode ?? 0, response.statusMessage ?? '', body, retryAfter);
}
