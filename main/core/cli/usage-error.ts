/**
 * A usage error is one line naming the problem and one pointing at the help, like git's: printing the whole help
 * text buries the line that matters under twenty that do not.
 */
import { t } from '../../../common/i18n/translate.ts';

/** `ntfy-tray <command>: <problem>` and "Run 'ntfy-tray <command> --help' for usage.", each ending in a newline. */
export function usageError(command: string | undefined, problem: string): string {
  const name = command === undefined ? 'ntfy-tray' : `ntfy-tray ${command}`;
  return `${t('cli.usage.line', { name, problem })}\n`;
}
