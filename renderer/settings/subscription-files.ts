/**
 * Subscription lists as files, one module per job: our JSON export (subscriptions-json-export.ts), its import
 * (subscriptions-json-import.ts), the ntfy CLI's client.yml import (client-yml-import.ts) and the plan both imports
 * produce (import-plan.ts). This file only gathers the names SubscriptionFilesFieldset.tsx imports; it goes once the
 * fieldset imports those modules directly.
 */
export type { ImportParseResult, ImportPlan, ItemProblem, PlannedSubscription } from './import-plan.ts';
export { parseClientYml, resolveClientTopic, type ClientYmlOptions } from './client-yml-import.ts';
export { parseSubscriptionsJson } from './subscriptions-json-import.ts';
export { serializeSubscriptions, SUBSCRIPTIONS_FILE_NAME } from './subscriptions-json-export.ts';
