/**
 * A failed request's text as the CLI gets it from httpGet (`connect ECONNREFUSED 127.0.0.1:80`, `getaddrinfo
 * ENOTFOUND host`, `ABORT_ERR: The operation was aborted` after our own timeout) → the cause in plain words, through
 * common/network-failure.ts. httpGet keeps only the message, whose code it guarantees (networkErrorMessage), so
 * the code is read back from the text.
 */
import { describeNetworkFailure } from '../../../common/network-failure.ts';

/** Node and undici error codes and OpenSSL verify codes, as they appear in the message. */
const CODE = /\b(ABORT_ERR|E[A-Z0-9_]{2,}|ERR_[A-Z0-9_]+|UND_ERR_[A-Z_]+|[A-Z_]*CERT[A-Z_]*|UNABLE_TO_[A-Z_]+)\b/;

/** "connection refused", "host not found", "no answer in time", "TLS certificate problem: …"; else undefined. */
export function networkWords(detail: string): string | undefined {
  const code = CODE.exec(detail)?.[1];
  // httpGet's requests are aborted only by their timeout signal, so an abort is a timeout.
  const failure =
    code === 'ABORT_ERR'
      ? describeNetworkFailure({ name: 'AbortError', message: detail })
      : describeNetworkFailure({ code, message: detail });
  return failure.kind === 'unknown' ? undefined : failure.words;
}

/** The words when the cause is known, else the text as it came. */
export function plainNetworkReason(detail: string): string {
  return networkWords(detail) ?? detail;
}
