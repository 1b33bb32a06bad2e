import { useEffect, useRef, useState } from 'react';
import type { BridgeApi, ClientYmlAcceptedDto } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';
import { describeImport, importSubscriptions } from './import-subscriptions.ts';
import { describeClientYmlExport, describeClientYmlImport, entriesWithCommand } from './client-yml-files.ts';
import type { ClientYmlReviewProps } from './ClientYmlReview.tsx';
import type { ImportParseResult } from './import-plan.ts';
import { serializeSubscriptions, SUBSCRIPTIONS_FILE_NAME } from './subscriptions-json-export.ts';
import { parseSubscriptionsJson } from './subscriptions-json-import.ts';
import { errorMessage } from '../../common/error-message.ts';

type FileKind = 'json' | 'client-yml';

interface PendingReview {
  readonly text: string;
  readonly fileName: string;
  readonly entries: ClientYmlReviewProps['entries'];
}

interface SubscriptionFiles {
  /** What the last export or import did, line by line. */
  readonly report: readonly string[];
  readonly busy: boolean;
  /** Export client.yml with the keychain's secrets. */
  readonly ymlSecrets: boolean;
  readonly setYmlSecrets: (include: boolean) => void;
  /** A client.yml whose commands wait for the user's decision (nothing of it is stored yet). */
  readonly review: PendingReview | undefined;
  readonly exportAll: () => void;
  readonly exportClientYml: () => void;
  readonly onFile: (kind: FileKind) => (file: File) => void;
  readonly decideReview: (accepted: ClientYmlAcceptedDto | undefined) => void;
}

/** Exporting subscriptions to files and importing them (JSON and ntfy's client.yml), with one report of what happened. */
export function useSubscriptionFiles(api: BridgeApi): SubscriptionFiles {
  const [report, setReport] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);
  const [ymlSecrets, setYmlSecrets] = useState(false);
  // A client.yml whose commands wait for the user's decision (nothing of it is stored yet).
  const [review, setReview] = useState<PendingReview | undefined>(undefined);
  // The last export's blob URL, revoked on the next export or when the view goes (the download may still be
  // reading it right after the click).
  const exportUrl = useRef<string | undefined>(undefined);

  useEffect(
    () => () => {
      if (exportUrl.current !== undefined) URL.revokeObjectURL(exportUrl.current);
    },
    [],
  );

  const exportAll = async () => {
    const result = await api.listSubscriptions();
    if (!result.ok) {
      setReport([t('settings.files.export-failed', { reason: result.error.message })]);
      return;
    }
    if (exportUrl.current !== undefined) URL.revokeObjectURL(exportUrl.current);
    const url = URL.createObjectURL(new Blob([serializeSubscriptions(result.value)], { type: 'application/json' }));
    exportUrl.current = url;
    const link = document.createElement('a');
    link.href = url;
    link.download = SUBSCRIPTIONS_FILE_NAME;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setReport([t('settings.files.exported', { count: result.value.length, file: SUBSCRIPTIONS_FILE_NAME })]);
  };

  // Main writes it where the user picks in a save dialog (with the keychain's secrets only when ticked).
  const exportClientYml = async () => {
    const result = await api.exportClientYml({ includeSecrets: ymlSecrets });
    setReport(
      result.ok
        ? describeClientYmlExport(result.value)
        : [t('settings.files.export-failed', { reason: result.error.message })],
    );
  };

  const runClientYmlImport = async (text: string, fileName: string, accepted: ClientYmlAcceptedDto) => {
    const result = await api.importClientYml(text, fileName, accepted);
    setReport(
      result.ok
        ? describeClientYmlImport(result.value)
        : [t('settings.import.yml.unreadable', { problem: result.error.message })],
    );
  };

  // client.yml is read by main (one parser for the CLI and the app): first its plan, nothing stored; commands wait
  // for the user to accept them in the review below.
  const importClientYml = async (file: File) => {
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      const problem = t('settings.files.unreadable', { reason: errorMessage(error) });
      setReport([t('settings.files.nothing-imported', { file: file.name, problem })]);
      return;
    }
    const plan = await api.planClientYml(text, file.name);
    if (!plan.ok) {
      setReport([t('settings.import.yml.unreadable', { problem: plan.error.message })]);
      return;
    }
    if (plan.value.kind !== 'plan') {
      setReport(describeClientYmlImport(plan.value));
      return;
    }
    const entries = entriesWithCommand(plan.value.entries);
    if (entries.length === 0) {
      await runClientYmlImport(text, file.name, { commands: [] });
      return;
    }
    setReport([t('settings.import.review.waiting', { file: file.name })]);
    setReview({ text, fileName: file.name, entries });
  };

  const decideReview = async (accepted: ClientYmlAcceptedDto | undefined) => {
    if (review === undefined) return;
    setReview(undefined);
    if (accepted === undefined) {
      setReport([t('settings.import.review.canceled', { file: review.fileName })]);
      return;
    }
    setBusy(true);
    try {
      await runClientYmlImport(review.text, review.fileName, accepted);
    } finally {
      setBusy(false);
    }
  };

  const importFile = async (file: File, kind: FileKind) => {
    setBusy(true);
    setReport([t('settings.files.importing', { file: file.name })]);
    try {
      if (kind === 'client-yml') {
        await importClientYml(file);
        return;
      }
      let parsed: ImportParseResult;
      try {
        parsed = parseSubscriptionsJson(await file.text());
      } catch (error) {
        parsed = { ok: false, error: t('settings.files.unreadable', { reason: errorMessage(error) }) };
      }
      setReport(
        parsed.ok
          ? describeImport(await importSubscriptions(api, parsed.plan))
          : [t('settings.files.nothing-imported', { file: file.name, problem: parsed.error })],
      );
    } finally {
      setBusy(false);
    }
  };

  const onFile = (kind: FileKind) => (file: File) => {
    if (busy) return;
    setReview(undefined);
    void importFile(file, kind);
  };

  return {
    report,
    busy,
    ymlSecrets,
    setYmlSecrets,
    review,
    exportAll: () => {
      void exportAll();
    },
    exportClientYml: () => {
      void exportClientYml();
    },
    onFile,
    decideReview: (accepted) => {
      void decideReview(accepted);
    },
  };
}
