import type { BridgeApi, BridgeError } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';
import { ALREADY_SUBSCRIBED_CODE } from '../../common/subscription-rules.ts';
import type { ImportPlan, ItemProblem } from './import-plan.ts';
import { describeSaveFailure } from './save-failure-message.ts';

export interface ImportReport {
  readonly imported: number;
  /** Already subscribed (in the app, or earlier in the same file). */
  readonly skipped: number;
  readonly failures: readonly ItemProblem[];
  /** Imported subscriptions whose file asked for the raw stream; they use the JSON stream instead. */
  readonly rawAsJson: number;
}

/** The core's answer to a subscription that exists already, told by its code (the words may change). */
function isAlreadySubscribed(error: BridgeError): boolean {
  return error.code === ALREADY_SUBSCRIBED_CODE;
}

/** Saves the planned subscriptions one after another, in file order, and counts what happened. */
export async function importSubscriptions(
  api: Pick<BridgeApi, 'saveSubscription'>,
  plan: ImportPlan,
): Promise<ImportReport> {
  let imported = 0;
  let rawAsJson = 0;
  let skipped = plan.duplicates;
  const failures: ItemProblem[] = [...plan.problems];
  for (const { label, input, rawAsJson: wasRaw } of plan.subscriptions) {
    // The core checks every value here (import-plan.ts); what it refuses becomes this item's failure.
    const result = await api.saveSubscription(input);
    if (result.ok) {
      imported += 1;
      if (wasRaw === true) rawAsJson += 1;
    } else if (isAlreadySubscribed(result.error)) skipped += 1;
    else failures.push({ label, message: describeSaveFailure(result.error, input) });
  }
  return {
    imported,
    skipped,
    failures,
    rawAsJson,
  };
}

/** The report as lines for the status region. */
export function describeImport(report: ImportReport): string[] {
  const reasons = report.failures
    .map((failure) => t('settings.import.failure', { item: failure.label, problem: failure.message }))
    .join('; ');
  const counts = { count: report.imported, skipped: report.skipped, failed: report.failures.length };
  const lines = [
    reasons === ''
      ? t('settings.import.summary', counts)
      : t('settings.import.summary-with-failures', { ...counts, reasons }),
  ];
  if (report.rawAsJson > 0) lines.push(t('settings.import.raw-as-json', { count: report.rawAsJson }));
  return lines;
}
