import { t } from '../../../common/i18n/translate.ts';

/** Why a `--data-dir` value cannot be used, or undefined when it can (an empty one would mean the working dir). */
export function dataDirArgProblem(value: string | undefined): string | undefined {
  return value === '' ? t('cli.data-dir.empty') : undefined;
}
