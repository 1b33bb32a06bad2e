/**
 * Keeps the account's token alive (docs/protocol.md#accounts). ntfy gives a token 72 hours unless it is created with
 * `expires: 0`; sign-in asks for that, but a token made by an older version of this app, or by a server that ignores
 * the field, dies 72 hours later and takes every stream to that server with it (401). So at each sync a token whose
 * listed expiry is not 0 is sent `{"expires": 0}` again, at most every 15 minutes (ntfy's web app extends its own
 * token that often): current servers then keep it for good, and one that ignores the field extends it by 72 hours.
 */
import type { Clock, Logger } from '../ports.ts';
import type { AccountApi } from './account-api.ts';
import { describeFailure } from './sync-run.ts';

/** Milliseconds between two attempts to keep the token alive. */
const TOKEN_KEEP_INTERVAL_MS = 15 * 60_000;

interface TokenKeeperOptions {
  readonly api: Pick<AccountApi, 'makeTokenLast'>;
  readonly clock: Clock;
  readonly log: Logger;
}

export class TokenKeeper {
  readonly #options: TokenKeeperOptions;
  /** Clock milliseconds of the last PATCH sent; the first sync after a start sends one when the token expires. */
  #lastAttemptAt: number | undefined;

  constructor(options: TokenKeeperOptions) {
    this.#options = options;
  }

  /**
   * `expires` is the token's expiry as `GET /v1/account` lists it (Unix seconds, 0 never, undefined not listed).
   * Never throws and never fails the sync: a token that could not be extended now is tried again 15 minutes later.
   */
  async keepAlive(server: string, token: string, expires: number | undefined): Promise<void> {
    if (expires === 0) return;
    const { api, clock, log } = this.#options;
    const now = clock.now();
    if (this.#lastAttemptAt !== undefined && now - this.#lastAttemptAt < TOKEN_KEEP_INTERVAL_MS) return;
    this.#lastAttemptAt = now;
    const result = await api.makeTokenLast(server, token);
    if (!result.ok) {
      log.log('warn', `the account token could not be extended: ${describeFailure(result.failure)}`, { server });
      return;
    }
    if (result.value.expires !== 0) {
      // The server ignored `expires: 0`: the token now lives 72 h, and the next syncs extend it again.
      log.log('info', 'the server keeps an expiry on the account token; it is extended every 15 minutes', {
        server,
        expiresAt: new Date(result.value.expires * 1000).toISOString(),
      });
    }
  }

  /** A new token (signed in again): its expiry is asked for at the next sync. */
  reset(): void {
    this.#lastAttemptAt = undefined;
  }
}
