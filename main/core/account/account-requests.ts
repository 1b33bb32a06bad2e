/**
 * The window's four requests about the ntfy account (BridgeApi.accountStatus, accountSignIn, accountSignOut,
 * accountSyncNow) over an AccountService, and the plain DTOs they answer. Refusals (wrong password, unreachable
 * server) are outcomes with words inside a good BridgeResult; nothing here ever carries a token.
 */
import type {
  AccountStatusDto,
  AccountSyncNoteDto,
  AccountSyncOutcomeDto,
  BridgeRequests,
  BridgeResult,
} from '../../../common/ipc.ts';
import { t } from '../../../common/i18n/translate.ts';
import type { AccountService } from './account-service.ts';
import type { AccountStatus, SyncResult } from './account-types.ts';
import type { SyncNote } from './merge.ts';

export type AccountRequests = Pick<
  BridgeRequests,
  'accountStatus' | 'accountSignIn' | 'accountSignOut' | 'accountSyncNow'
>;

/** What the requests need of the AccountService (account-service.ts). */
type AccountOperations = Pick<AccountService, 'status' | 'signIn' | 'signOut' | 'syncNow'>;

interface AccountRequestsOptions {
  readonly account: AccountOperations;
  /** Signed in or out: the window is told the new status (syncs tell it through onSynced). */
  readonly accountChanged: () => void;
}

const ok = <T>(value: T): BridgeResult<T> => ({ ok: true, value });

function toNoteDto(note: SyncNote): AccountSyncNoteDto {
  const { server, topic, displayName } = note.entry;
  const entry = { server, topic, ...(displayName === undefined ? {} : { displayName }) };
  if (note.kind !== 'rename-conflict') return { kind: note.kind, entry };
  return {
    kind: note.kind,
    entry,
    winner: note.winner,
    ...(note.lostName === undefined ? {} : { lostName: note.lostName }),
  };
}

function toSyncOutcomeDto(result: SyncResult): AccountSyncOutcomeDto {
  if (!result.ok) return { ok: false, reason: result.reason, message: result.message };
  return {
    ok: true,
    at: result.at,
    notes: result.notes.map(toNoteDto),
    sentToServer: result.sentToServer,
    skipped: result.skipped,
  };
}

export function toAccountStatusDto(status: AccountStatus): AccountStatusDto {
  if (!status.signedIn) return { signedIn: false };
  return {
    signedIn: true,
    server: status.server,
    user: status.user,
    ...(status.lastSyncAt === undefined ? {} : { lastSyncAt: status.lastSyncAt }),
    syncing: status.syncing,
    ...(status.lastSync === undefined ? {} : { lastSync: toSyncOutcomeDto(status.lastSync) }),
    reservations: status.reservations.map(({ topic, everyone }) => ({ topic, everyone })),
    limits: { ...status.limits },
    stats: { ...status.stats },
    ...(status.tier === undefined ? {} : { tier: { code: status.tier.code, name: status.tier.name } }),
  };
}

export function createAccountRequests(options: AccountRequestsOptions): AccountRequests {
  const { account, accountChanged } = options;
  return {
    accountStatus: () => Promise.resolve(ok(toAccountStatusDto(account.status()))),
    async accountSignIn(input) {
      const result = await account.signIn(input);
      if (result.ok) accountChanged();
      return ok(result.ok ? { ok: true, sync: toSyncOutcomeDto(result.sync) } : { ok: false, error: result.error });
    },
    async accountSignOut() {
      const result = await account.signOut();
      if (result.ok) accountChanged();
      return ok(result);
    },
    async accountSyncNow() {
      return ok(toSyncOutcomeDto(await account.syncNow()));
    },
  };
}

/** Where no account service runs (core tests that build the app service alone): never signed in. */
export const NO_ACCOUNT_REQUESTS: AccountRequests = {
  accountStatus: () => Promise.resolve(ok({ signedIn: false })),
  accountSignIn: () => Promise.resolve(ok({ ok: false, error: t('core.account.unavailable') })),
  accountSignOut: () => Promise.resolve(ok({ ok: false, error: t('core.account.sign-out-not-signed-in') })),
  accountSyncNow: () =>
    Promise.resolve(ok({ ok: false, reason: 'signed-out', message: t('core.account.unavailable') })),
};
