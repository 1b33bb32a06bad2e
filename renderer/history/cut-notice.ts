import type { CutField } from '../../common/message-cuts.ts';
import { formatList, t } from '../../common/i18n/translate.ts';

/** The message detail's line about what the history cut or left out of a message; undefined when nothing was. */
export function cutNotice(cut: readonly CutField[] | undefined): string | undefined {
  if (cut === undefined || cut.length === 0) return undefined;
  return t('detail.cut', { fields: formatList(cut.map((field) => t(`detail.cut.field.${field}`))) });
}
