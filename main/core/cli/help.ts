/** `ntfy-tray --help`, `ntfy-tray help [<command>]` and the unknown-command error, with "did you mean". */
import { closestName } from './closest-name.ts';
import { historyUsage } from './history-args.ts';
import { loginUsage, logoutUsage } from './login-args.ts';
import { publishUsage } from './publish-args.ts';
import { subscribeUsage } from './subscribe-args.ts';
import type { ArgsResult } from '../client-config/args-result.ts';
import { t } from '../../../common/i18n/translate.ts';

/** The overview: computed when printed, in the language chosen at start. */
export function mainUsage(): string {
  return t('cli.help.main');
}

const COMMAND_USAGE: Readonly<Record<string, () => string>> = {
  subscribe: subscribeUsage,
  publish: publishUsage,
  history: historyUsage,
  login: loginUsage,
  logout: logoutUsage,
  help: () => t('cli.help.help'),
};

const COMMAND_NAMES: readonly string[] = Object.keys(COMMAND_USAGE);

/** ntfy's short command names, which main/cli.ts routes like the long ones. */
const ALIASES: Readonly<Record<string, string>> = { sub: 'subscribe', pub: 'publish' };

/** "unknown command 'subscibe'; did you mean 'subscribe'?" (the suggestion only when one is close). */
export function unknownCommand(name: string): string {
  const suggestion = closestName(name, COMMAND_NAMES);
  return suggestion === undefined
    ? t('cli.usage.unknown-command', { name })
    : t('cli.usage.unknown-command-suggest', { name, suggestion });
}

/** The text `ntfy-tray help [<command>]` prints, or why there is none. */
export function helpText(args: readonly string[]): ArgsResult<string> {
  const [command, ...more] = args;
  if (command === undefined) return { ok: true, value: mainUsage() };
  if (more.length > 0) return { ok: false, error: t('cli.help.one-command', { count: args.length }) };
  const usage = COMMAND_USAGE[command === '--help' || command === '-h' ? 'help' : (ALIASES[command] ?? command)];
  return usage === undefined ? { ok: false, error: unknownCommand(command) } : { ok: true, value: usage() };
}
