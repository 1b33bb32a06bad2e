/**
 * What the account service answers (main/core/account/account-service.ts): plain values for the window and the CLI,
 * never a token. Declared here, generic over how a sync note looks (the core's carries the whole entry, the window's
 * only what it shows), so that the core's types (main/core/account/account-types.ts) and the window's DTOs
 * (account-dto.ts) are one definition. Type declarations only.
 */

export interface SignInRequest {
  /** Base URL of the ntfy server, e.g. `https://ntfy.sh`. */
  readonly server: string;
  readonly user: string;
  /** Used once to create a token; never stored or logged. */
  readonly password: string;
}

export type SignInResult<Sync> =
  { readonly ok: true; readonly sync: Sync } | { readonly ok: false; readonly error: string };

export type SignOutResult =
  | { readonly ok: true; readonly tokenDeletedOnServer: boolean; readonly message: string }
  | { readonly ok: false; readonly error: string };

export type SyncFailureReason = 'signed-out' | 'no-token' | 'token-rejected' | 'unreachable' | 'failed';

export type SyncResult<Note> =
  | {
      readonly ok: true;
      /** Milliseconds since the epoch. */
      readonly at: number;
      /** Changes made to this device's list, and conflicts with how they were settled. */
      readonly notes: readonly Note[];
      /** Changes sent to the server. */
      readonly sentToServer: number;
      /** Account entries whose base URL is not a usable http(s) URL; left alone on both sides. */
      readonly skipped: number;
    }
  | { readonly ok: false; readonly reason: SyncFailureReason; readonly message: string };

/** A topic the account reserved; `everyone` is ntfy's word for what others may do (read-write, read-only, …). */
export interface AccountReservation {
  readonly topic: string;
  readonly everyone: string;
}

/** Limits and stats by ntfy's names (`messages`, `reservations`, `attachment_file_size`). */
export type AccountStatus<Sync> =
  | { readonly signedIn: false }
  | {
      readonly signedIn: true;
      readonly server: string;
      readonly user: string;
      /** Milliseconds since the epoch. */
      readonly lastSyncAt?: number;
      readonly syncing: boolean;
      readonly lastSync?: Sync;
      /** From the last successful read of the account (none before the first sync). */
      readonly reservations: readonly AccountReservation[];
      readonly limits: Readonly<Record<string, number | string>>;
      readonly stats: Readonly<Record<string, number>>;
      readonly tier?: { readonly code: string; readonly name: string };
    };
