/**
 * Whether a message's own action button (ntfy's `view`, `http`, `copy`, `broadcast`;
 * https://docs.ntfy.sh/publish/#action-buttons) can run in this app, and if not, why in words a person reads next
 * to the disabled button. One rule for both sides: the window disables what this refuses, and the core refuses it
 * again before running anything (a window is never trusted to have asked).
 */
import { t } from './i18n/translate.ts';
import { isAllowedExternalUrl, isFetchableUrl } from './url-allowlist.ts';

/** The fields the rule reads; the core's stored action and the window's DTO both have them. */
export interface ActionToCheck {
  /** ntfy's action type; an unknown one (a newer server) is refused, never guessed at. */
  readonly kind: string;
  readonly url?: string | undefined;
}

export type ActionAvailability = { readonly canRun: true } | { readonly canRun: false; readonly reason: string };

const RUNS: ActionAvailability = { canRun: true };

/** The scheme a refused URL starts with, for the reason ("file: links …"); undefined when it does not parse. */
function schemeOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url.trim()).protocol;
  } catch {
    return undefined;
  }
}

function refused(reason: string): ActionAvailability {
  return { canRun: false, reason };
}

export function actionAvailability(action: ActionToCheck): ActionAvailability {
  switch (action.kind) {
    case 'view': {
      if (isAllowedExternalUrl(action.url).ok) return RUNS;
      const scheme = schemeOf(action.url);
      return refused(
        scheme === undefined ? t('rules.action.view-invalid-link') : t('rules.action.view-scheme', { scheme }),
      );
    }
    case 'http': {
      if (isFetchableUrl(action.url).ok) return RUNS;
      const scheme = schemeOf(action.url);
      return refused(
        scheme === undefined ? t('rules.action.http-invalid-address') : t('rules.action.http-scheme', { scheme }),
      );
    }
    case 'copy':
      return RUNS;
    case 'broadcast':
      // An Android intent (https://docs.ntfy.sh/publish/#send-android-broadcast): only the ntfy Android app has one.
      return refused(t('rules.action.broadcast'));
    default:
      return refused(t('rules.action.unknown-kind', { kind: action.kind }));
  }
}
