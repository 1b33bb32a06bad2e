/**
 * What to do about a 401 or 403, appended to the server's own words: people coming from ntfy's CLI expect to be
 * told about `--user`/`--token`, and ntfy-tray can also keep the credentials (`login`).
 */
import { t } from '../../../common/i18n/translate.ts';

/** The reason with the advice for its status; other statuses keep the reason alone. */
export function withAuthHint(reason: string, status: number): string {
  if (status === 401) return `${reason}; ${t('cli.auth.hint-401')}`;
  if (status === 403) return `${reason}; ${t('cli.auth.hint-403')}`;
  return reason;
}
