/** `ntfy-tray --help`, `ntfy-tray help [<command>]` and the unknown-command error, with "did you mean". */
import { closestName } from './closest-name.ts';
import { HISTORY_USAGE } from './history-args.ts';
import { LOGIN_USAGE, LOGOUT_USAGE } from './login-args.ts';
import { PUBLISH_USAGE } from './publish-args.ts';
import { SUBSCRIBE_USAGE } from './subscribe-args.ts';
import type { ArgsResult } from './topic-url.ts';

export const MAIN_USAGE = `Usage: ntfy-tray <command> [options]

Commands:
  subscribe   print messages of one or more topics
  publish     send a message to a topic
  history     show stored messages
  login       check a server's password or access token and store it in the OS keychain
  logout      remove them again
  help        this text, or a command's: ntfy-tray help <command>

  --version   print the version
Run 'ntfy-tray <command> --help' for a command's options.`;

const COMMAND_USAGE: Readonly<Record<string, string>> = {
  subscribe: SUBSCRIBE_USAGE,
  publish: PUBLISH_USAGE,
  history: HISTORY_USAGE,
  login: LOGIN_USAGE,
  logout: LOGOUT_USAGE,
  help: 'Usage: ntfy-tray help [<command>]',
};

export const COMMAND_NAMES: readonly string[] = Object.keys(COMMAND_USAGE);

/** "unknown command 'subscibe'; did you mean 'subscribe'?" (the suggestion only when one is close). */
export function unknownCommand(name: string): string {
  const suggestion = closestName(name, COMMAND_NAMES);
  return suggestion === undefined
    ? `unknown command '${name}'`
    : `unknown command '${name}'; did you mean '${suggestion}'?`;
}

/** The text `ntfy-tray help [<command>]` prints, or why there is none. */
export function helpText(args: readonly string[]): ArgsResult<string> {
  const [command, ...more] = args;
  if (command === undefined) return { ok: true, value: MAIN_USAGE };
  if (more.length > 0) return { ok: false, error: `help takes one command name, not ${String(args.length)}` };
  const usage = COMMAND_USAGE[command === '--help' || command === '-h' ? 'help' : command];
  return usage === undefined ? { ok: false, error: unknownCommand(command) } : { ok: true, value: usage };
}
