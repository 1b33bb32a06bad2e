/**
 * A logger whose lines are all debug lines. For parts whose failures the command itself reports as one plain line
 * (the keychain: login, logout and subscribe print its error), so that the terminal does not get the same failure a
 * second time as a long structured log line; NTFY_TRAY_LOG=debug still shows them.
 */
import type { Logger } from '../ports.ts';

export function demoteToDebug(log: Logger): Logger {
  return {
    log: (_level, message, fields) => {
      log.log('debug', message, fields);
    },
    child: (name) => demoteToDebug(log.child(name)),
  };
}
