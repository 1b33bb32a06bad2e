/**
 * client.yml in the settings view: plan, import and export all run in main (core/bridge/client-config-requests.ts,
 * one parser for the CLI and the app); this only picks what the review shows and words the answers for the view's
 * status region.
 */
import type { ClientYmlExportDto, ClientYmlImportDto, ClientYmlPlannedEntryDto } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';

/** The entries of a plan that would run a command: what the review asks about. */
export function entriesWithCommand(
  entries: readonly ClientYmlPlannedEntryDto[],
): (ClientYmlPlannedEntryDto & { readonly command: string })[] {
  return entries.filter(
    (entry): entry is ClientYmlPlannedEntryDto & { command: string } => entry.command !== undefined,
  );
}

export function describeClientYmlImport(report: ClientYmlImportDto): string[] {
  if (report.kind === 'unreadable') {
    return [t('settings.import.yml.unreadable', { problem: report.problem })];
  }
  if (report.kind === 'too-many') {
    return [t('settings.import.yml.too-many', { count: report.subscriptions, limit: report.limit })];
  }
  const reasons = report.failures
    .map((failure) => t('settings.import.failure', { item: failure.label, problem: failure.message }))
    .join('; ');
  const counts = { count: report.imported, skipped: report.skipped, failed: report.failures.length };
  const lines = [
    reasons === ''
      ? t('settings.import.summary', counts)
      : t('settings.import.summary-with-failures', { ...counts, reasons }),
  ];
  if (report.serversWithCredentials > 0)
    lines.push(t('settings.import.yml.credentials-saved', { count: report.serversWithCredentials }));
  if (report.credentialConflicts > 0)
    lines.push(t('settings.import.yml.credential-conflicts', { count: report.credentialConflicts }));
  lines.push(...report.credentialFailures);
  if (report.withCommand > 0) lines.push(t('settings.import.yml.with-command', { count: report.withCommand }));
  if (report.commandsRefused > 0)
    lines.push(t('settings.import.yml.commands-refused', { count: report.commandsRefused }));
  if (report.defaultServer !== undefined)
    lines.push(t('settings.import.yml.default-server', { server: report.defaultServer }));
  return lines;
}

export function describeClientYmlExport(outcome: ClientYmlExportDto): string[] {
  if (outcome.kind === 'canceled') return [t('settings.files.yml-export-canceled')];
  const lines = [t('settings.files.yml-exported', { count: outcome.subscriptions, path: outcome.path })];
  if (outcome.withSecrets) lines.push(t('settings.files.yml-exported-secrets'));
  return lines;
}
