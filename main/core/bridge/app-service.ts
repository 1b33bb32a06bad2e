/**
 * What the window can ask for (BridgeApi's requests), implemented once over the core: one file per feature
 * (history, subscriptions, credentials, settings, message actions and links, desktop notices) composed here.
 * The Electron IPC handlers (main/desktop/ipc.ts) and the browser bridge used by `npm run dev:web` both call this
 * through dispatch.ts after checking arguments, so the UI cannot tell them apart.
 *
 * Every method answers a BridgeResult: expected failures are values; only bugs throw (and are reported as
 * `internal` by the transport).
 */
import type { BridgeRequests } from '../../../common/ipc.ts';
import { type AccountRequests, NO_ACCOUNT_REQUESTS } from '../account/account-requests.ts';
import { NO_NOTICE_REQUESTS, type NoticeRequests } from '../notices/notice-requests.ts';
import { NO_PUSH_APP_REQUESTS, type PushAppRequests } from '../unifiedpush/push-apps.ts';
import type { AppHistoryStore } from '../ports.ts';
import { type ClientConfigRequestsOptions, createClientConfigRequests } from './client-config-requests.ts';
import {
  type CredentialRequestsOptions,
  createCredentialRequests,
  createStoreCredentials,
} from './credential-requests.ts';
import { createHistoryRequests } from './history-requests.ts';
import { createMessageActionRequests, type MessageActionRequestsOptions } from './message-action-requests.ts';
import { createPublishRequests, type PublishRequestsOptions } from './publish-requests.ts';
import { createUploadRequests } from './upload-requests.ts';
import { createSettingsRequests, type SettingsRequestsOptions } from './settings-requests.ts';
import { createSaveSubscriptions } from './subscription-batch.ts';
import { createSubscriptionRequests, type SubscriptionRequestsOptions } from './subscription-requests.ts';

/** The request side of BridgeApi, derived from the IPC table (common/ipc.ts). */
export type AppRequests = BridgeRequests;

/** What all the feature files need together; each takes its own part. */
interface AppServiceOptions
  extends
    SubscriptionRequestsOptions,
    CredentialRequestsOptions,
    SettingsRequestsOptions,
    MessageActionRequestsOptions,
    PublishRequestsOptions,
    ClientConfigRequestsOptions {
  readonly history: AppHistoryStore;
  /** Desktop notices (main/core/notices); none where nothing feeds them. */
  readonly notices?: NoticeRequests;
  /** The ntfy account (core/account/account-requests.ts); never signed in where none runs. */
  readonly account?: AccountRequests;
  /** The UnifiedPush distributor's apps (core/unifiedpush/push-apps.ts); none and not available where none runs. */
  readonly pushApps?: PushAppRequests;
}

export function createAppService(options: AppServiceOptions): AppRequests {
  const credentials = createCredentialRequests(options);
  // The editor's checked Save stores typed credentials through the same request as the window's setCredentials.
  const subscriptions = createSubscriptionRequests(options, { setCredentials: credentials.setCredentials });
  const settings = createSettingsRequests(options);
  return {
    ...createHistoryRequests(options),
    ...subscriptions,
    ...credentials,
    ...settings,
    // A client.yml import saves with the checks of the window's editor and settings, all its items in one go.
    ...createClientConfigRequests(options, {
      saveSubscriptions: createSaveSubscriptions(options),
      storeCredentials: createStoreCredentials(options),
      updateSettings: settings.updateSettings,
    }),
    ...createMessageActionRequests(options),
    ...createPublishRequests(options),
    ...createUploadRequests(options),
    ...(options.notices ?? NO_NOTICE_REQUESTS),
    ...(options.account ?? NO_ACCOUNT_REQUESTS),
    ...(options.pushApps ?? NO_PUSH_APP_REQUESTS),
  };
}
