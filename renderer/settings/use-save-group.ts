import { useCallback, useState } from 'react';
import type { BridgeError, BridgeResult, SettingsDto, SettingsPatchDto } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';

/** Field problems keyed by the last segment of the setting's path (`maxAgeDays`, `start`, `defaultServer`). */
type FieldErrors = Readonly<Record<string, string>>;

interface SaveGroup {
  /** What the group's status line says: "Saved", a problem, or nothing yet. */
  readonly status: string;
  readonly errors: FieldErrors;
  /** Saves `patch`, which sets `fields`; true when the core kept it. */
  readonly run: (patch: SettingsPatchDto, fields: readonly string[]) => Promise<boolean>;
  /** A problem found before asking the core (e.g. not a number at all). */
  readonly reject: (field: string, message: string) => void;
}

function fieldProblems(error: BridgeError): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [path, problem] of Object.entries(error.fields ?? {})) {
    const field = path.split('.').at(-1) ?? path;
    // Argument checks repeat the path in front of the problem ("patch.defaultServer: must not be empty").
    problems[field] = problem.startsWith(`${path}: `) ? problem.slice(path.length + 2) : problem;
  }
  return problems;
}

function without(errors: FieldErrors, fields: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)));
}

/** One fieldset's saving: its status line and the problems shown next to its fields. */
export function useSaveGroup(save: (patch: SettingsPatchDto) => Promise<BridgeResult<SettingsDto>>): SaveGroup {
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const run = useCallback(
    async (patch: SettingsPatchDto, fields: readonly string[]) => {
      // Emptied first, so a second "Saved" in a row is a change the status region announces again.
      setStatus('');
      const result = await save(patch);
      if (result.ok) {
        setErrors((current) => without(current, fields));
        setStatus(t('settings.status.saved'));
        return true;
      }
      const problems = fieldProblems(result.error);
      const placed = Object.fromEntries(Object.entries(problems).filter(([field]) => fields.includes(field)));
      const placedAll = Object.keys(placed).length > 0 && Object.keys(placed).length === Object.keys(problems).length;
      setErrors((current) => ({ ...without(current, fields), ...placed }));
      setStatus(
        placedAll
          ? t('settings.status.not-saved')
          : t('settings.status.not-saved-because', { reason: result.error.message }),
      );
      return false;
    },
    [save],
  );

  const reject = useCallback((field: string, message: string) => {
    setErrors((current) => ({ ...current, [field]: message }));
    setStatus(t('settings.status.not-saved'));
  }, []);

  return { status, errors, run, reject };
}
