/**
 * What the AccountService answers (account-service.ts): plain values for the window and the CLI, never a token.
 */
import type { AccountReservation } from './account-api.ts';
import type { SyncNote } from './merge.ts';

export interface SignInRequest {
  /** Base URL of the ntfy server, e.g. `https://ntfy.sh`. */
  readonly server: string;
  readonly user: string;
  /** Used once to create a token; never stored. */
  readonly password: string;
}

export type SignInResult =
  { readonly ok: true; readonly sync: SyncResult } | { readonly ok: false; readonly error: string };

export type SignOutResult =
  | { readonly ok: true; readonly tokenDeletedOnServer: boolean; readonly message: string }
  | { readonly ok: false; readonly error: string };

type SyncFailureReason = 'signed-out' | 'no-token' | 'token-rejected' | 'unreachable' | 'failed';

export type SyncResult =
  | {
      readonly ok: true;
      /** Milliseconds since the epoch. */
      readonly at: number;
      /** Changes made to this device's list, and conflicts with how they were settled. */
      readonly notes: readonly SyncNote[];
      /** Changes sent to the server. */
      readonly sentToServer: number;
      /** Account entries whose base URL is not a usable http(s) URL; left alone on both sides. */
      readonly skipped: number;
    }
  | { readonly ok: false; readonly reason: SyncFailureReason; readonly message: string };

export type AccountStatus =
  | { readonly signedIn: false }
  | {
      readonly signedIn: true;
      readonly server: string;
      readonly user: string;
      readonly lastSyncAt?: number;
      readonly syncing: boolean;
      readonly lastSync?: SyncResult;
      /** From the last successful read of the account (none before the first sync). */
      readonly reservations: readonly AccountReservation[];
      readonly limits: Readonly<Record<string, number | string>>;
      readonly stats: Readonly<Record<string, number>>;
      readonly tier?: { readonly code: string; readonly name: string };
    };
