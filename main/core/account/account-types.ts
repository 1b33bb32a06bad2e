/**
 * What the AccountService answers (account-service.ts): plain values for the window and the CLI, never a token.
 * The shapes are common/account-types.ts, which the window's DTOs derive from too; here with the core's sync notes.
 */
import type * as Shared from '../../../common/account-types.ts';
import type { SyncNote } from './merge.ts';

export type { SignInRequest, SignOutResult } from '../../../common/account-types.ts';

export type SyncResult = Shared.SyncResult<SyncNote>;
export type SignInResult = Shared.SignInResult<SyncResult>;
export type AccountStatus = Shared.AccountStatus<SyncResult>;
