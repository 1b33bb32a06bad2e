/**
 * One sync of the signed-in account: read the account, merge (merge.ts), send this device's changes to the server,
 * then apply the server's to the settings (apply-plan.ts) in one settings update. A failed request stops the sync
 * before anything local changes; the next sync starts from the same base and finds whatever did reach the server
 * already done.
 */
import { errorMessage } from '../../../common/error-message.ts';
import { t } from '../../../common/i18n/translate.ts';
import type { Clock, Logger } from '../ports.ts';
import type { SecretStore } from '../store/secrets/secret-store.ts';
import type { Settings } from '../store/settings/schema.ts';
import type { SettingsStore } from '../store/settings/settings-store.ts';
import type { AccountApi, AccountInfo, ApiResult } from './account-api.ts';
import type { AccountFailure } from './account-http.ts';
import type { SyncResult } from './account-types.ts';
import { applyPlan } from './apply-plan.ts';
import { syncEntriesOf } from './local-changes.ts';
import { mergeSubscriptions, type MergePlan, type SyncEntry } from './merge.ts';

interface SyncRunOptions {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly api: AccountApi;
  readonly clock: Clock;
  readonly log: Logger;
  readonly newId: () => string;
  /** Called with the settings this sync writes, before they are written (so the service can tell its own edits). */
  readonly onOwnWrite: (next: Settings) => void;
  /** Called with the account as read, for the status (reservations, limits). */
  readonly onAccount: (info: AccountInfo) => void;
  /** Keeps the token from expiring (token-keeper.ts), given its expiry as the account lists it; never throws. */
  readonly keepTokenAlive?: (server: string, token: string, expires: number | undefined) => Promise<void>;
}

export function describeFailure(failure: AccountFailure): string {
  switch (failure.kind) {
    case 'unauthorized':
      return t('core.account.token-refused', { status: String(failure.status) });
    case 'unreachable':
    case 'local':
      return failure.message;
    case 'refused':
      return failure.error === undefined
        ? t('core.account.server-answered', { status: String(failure.status) })
        : t('core.account.server-answered-error', { status: String(failure.status), error: failure.error });
  }
}

function syncFailure(failure: AccountFailure): SyncResult {
  const reason =
    failure.kind === 'unauthorized' ? 'token-rejected' : failure.kind === 'unreachable' ? 'unreachable' : 'failed';
  return { ok: false, reason, message: describeFailure(failure) };
}

async function sendToServer(
  options: SyncRunOptions,
  server: string,
  token: string,
  plan: MergePlan,
): Promise<ApiResult<number>> {
  const { api } = options;
  // The server matches base_url as stored (the web app may store `https://NTFY.example.com/`): name it so.
  const asStored = (entry: SyncEntry): SyncEntry[] =>
    (entry.remoteBaseUrls ?? [entry.server]).map((baseUrl) => ({ ...entry, server: baseUrl }));
  const steps: (() => Promise<ApiResult<void>>)[] = [
    ...plan.addRemote.map((entry) => () => api.addSubscription(server, token, entry)),
    ...plan.renameRemote.flatMap(asStored).map((entry) => async () => {
      const renamed = await api.renameSubscription(server, token, entry);
      // 404: removed on the server since we read it; the plan wants it there with this name.
      const missing = !renamed.ok && renamed.failure.kind === 'refused' && renamed.failure.status === 404;
      return missing ? await api.addSubscription(server, token, entry) : renamed;
    }),
    ...plan.removeRemote.flatMap(asStored).map((entry) => () => api.removeSubscription(server, token, entry)),
  ];
  for (const step of steps) {
    const result = await step();
    if (!result.ok) return result;
  }
  return { ok: true, value: steps.length };
}

export async function runSync(options: SyncRunOptions): Promise<SyncResult> {
  const { settings, clock } = options;
  const before = settings.get();
  const account = before.account;
  if (account === undefined) return { ok: false, reason: 'signed-out', message: t('core.account.not-signed-in') };
  let token: string | undefined;
  try {
    token = await options.secrets.get({ server: account.server, kind: 'token' });
  } catch (error) {
    return { ok: false, reason: 'failed', message: t('core.account.token-unreadable', { error: errorMessage(error) }) };
  }
  if (token === undefined) {
    return { ok: false, reason: 'no-token', message: t('core.account.no-token', { server: account.server }) };
  }
  const read = await options.api.getAccount(account.server, token);
  if (!read.ok) return syncFailure(read.failure);
  // ntfy answers GET /v1/account to anyone (docs/protocol.md#accounts): without its auth file, or with the
  // Authorization header dropped by a proxy, it is the `*` user with no subscriptions. Merged, that would read as
  // "every subscription was removed on the server" and remove them here too.
  if (read.value.username === '*' || read.value.role === 'anonymous') {
    return { ok: false, reason: 'failed', message: t('core.account.anonymous-answer') };
  }
  options.onAccount(read.value);
  await options.keepTokenAlive?.(account.server, token, read.value.tokenExpires);
  const consumedChanges = account.localChanges;
  const plan = mergeSubscriptions({
    base: account.synced,
    local: syncEntriesOf(before.subscriptions),
    remote: read.value.subscriptions,
    localChanges: consumedChanges,
    remoteSeenAt: clock.now(),
    lastSyncAt: account.lastSyncAt ?? 0,
  });
  const sent = await sendToServer(options, account.server, token, plan);
  if (!sent.ok) return syncFailure(sent.failure);
  const syncedAt = clock.now();
  let written;
  try {
    written = await settings.update((current) => {
      const next = applyPlan(current, { plan, consumedChanges, syncedAt, newId: options.newId });
      options.onOwnWrite(next);
      return next;
    });
  } catch (error) {
    return { ok: false, reason: 'failed', message: t('core.account.sync-not-saved', { error: errorMessage(error) }) };
  }
  if (!written.ok) {
    const issues = written.issues
      .map((issue) => t('core.field-problem', { field: issue.path, problem: issue.message }))
      .join('; ');
    return { ok: false, reason: 'failed', message: t('core.account.sync-not-valid', { issues }) };
  }
  return {
    ok: true,
    at: syncedAt,
    notes: plan.notes,
    sentToServer: sent.value,
    skipped: read.value.unusableSubscriptions,
  };
}
