/**
 * A size in bytes as people read it, in the active language: the window's attachment sizes and the core's words for
 * a file over a server's limit say it the same way.
 */
import { formatNumber, t } from './i18n/translate.ts';

const byteUnits = ['bytes.kb', 'bytes.mb', 'bytes.gb'] as const;

/** 1536 → "1.5 KB" ("1,5 KB" in German); decimal units, as file managers on most desktops show them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return t('bytes.bytes', { count: bytes });
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < byteUnits.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = value >= 100 ? 0 : 1;
  const size = formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return t(byteUnits[unit] ?? 'bytes.gb', { size });
}
