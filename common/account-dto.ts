/** The ntfy account as the window sees it (IPC DTOs; see ipc-dto.ts): plain data, never a token. */
import type {
  AccountReservation,
  AccountStatus,
  SignInRequest,
  SignInResult,
  SignOutResult,
  SyncResult,
} from './account-types.ts';

/** Signs in once: the password is used to create a token and is never stored or logged. */
export type AccountSignInDto = SignInRequest;

export interface AccountSubscriptionRefDto {
  readonly server: string;
  readonly topic: string;
  readonly displayName?: string;
}

/** What a sync changed on this device and how conflicts were settled (main/core/account/merge.ts SyncNote). */
export type AccountSyncNoteDto =
  | {
      readonly kind: 'added-here' | 'renamed-here' | 'removed-here' | 'kept-removed-on-server' | 'kept-removed-here';
      readonly entry: AccountSubscriptionRefDto;
    }
  | {
      readonly kind: 'rename-conflict';
      readonly entry: AccountSubscriptionRefDto;
      readonly winner: 'this-device' | 'server';
      /** The display name that lost; undefined when it was none. */
      readonly lostName?: string;
    };

export type AccountSyncOutcomeDto = SyncResult<AccountSyncNoteDto>;

export type AccountReservationDto = AccountReservation;

/** Plain data, never a token. */
export type AccountStatusDto = AccountStatus<AccountSyncOutcomeDto>;

export type AccountSignInOutcomeDto = SignInResult<AccountSyncOutcomeDto>;

export type AccountSignOutOutcomeDto = SignOutResult;
