/**
 * What the core may ask of the desktop shell: open a URL in the user's browser and copy text. Callers pass only
 * allowlisted URLs; checking again here keeps the one call into the OS safe on its own.
 */
import { isAllowedExternalUrl } from '../core/delivery/external-url.ts';
import type { Logger } from '../core/ports.ts';

interface ShellActions {
  readonly openExternal: (url: string) => Promise<void>;
  readonly copyText: (text: string) => void;
}

export function shellActions(
  shell: { openExternal(url: string): Promise<void> },
  clipboard: { writeText(text: string): Promise<void> },
  log: Logger,
): ShellActions {
  return {
    openExternal: async (url) => {
      const checked = isAllowedExternalUrl(url);
      if (checked.ok) await shell.openExternal(checked.url);
      else log.log('warn', 'refused to open a URL', { reason: checked.reason });
    },
    copyText: (text) => {
      clipboard.writeText(text).catch((error: unknown) => {
        log.log('warn', 'could not copy to the clipboard', { error: String(error) });
      });
    },
  };
}
