/** Whether a typed user, password or token can be sent in an HTTP header (the CLI's options, a client.yml entry). */
import { t } from '../../../common/i18n/translate.ts';

// C0 controls and DEL: an HTTP header cannot carry them, and a trailing one is nearly always a leftover line end.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Why `value` (named by `where`: "the password in --user", NTFY_TOKEN) cannot be sent, or undefined when it can.
 * Never quotes the value: it is a secret.
 */
export function controlCharacterProblem(value: string, where: string): string | undefined {
  if (/[\r\n]$/.test(value)) return t('cli.credentials.line-break', { where });
  const match = CONTROL.exec(value);
  if (match === null) return undefined;
  const code = match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  return t('cli.credentials.control-character', { where, code });
}
