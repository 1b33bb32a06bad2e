/**
 * Whether a message's own action button (ntfy's `view`, `http`, `copy`, `broadcast`;
 * https://docs.ntfy.sh/publish/#action-buttons) can run in this app, and if not, why in words a person reads next
 * to the disabled button. One rule for both sides: the window disables what this refuses, and the core refuses it
 * again before running anything (a window is never trusted to have asked).
 */
import { t } from './i18n/translate.ts';
import { isAllowedExternalUrl, isFetchableUrl } from './url-allowlist.ts';

/** The fields the rule reads; the core's stored action and the window's DTO both have them. */
interface ActionToCheck {
  /** ntfy's action type; an unknown one (a newer server) is refused, never guessed at. */
  readonly kind: string;
  readonly url?: string | undefined;
  /** An http action's method as the publisher gave it; absent means POST. */
  readonly method?: string | undefined;
}

/**
 * The methods an http action may use: those of ntfy's docs (docs/publish.md, "GET/POST/PUT/...", POST by default)
 * that ask a server for one answer. Not CONNECT (a tunnel: the answer never comes as a response), TRACE or made-up
 * tokens (docs/protocol.md#attachments-and-actions).
 */
export const HTTP_ACTION_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);

/** The method an http action is sent with: the publisher's, upper-cased as ntfy does, POST when it gave none. */
export function httpActionMethod(method: string | undefined): string {
  return (method ?? 'POST').toUpperCase();
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
      const method = httpActionMethod(action.method);
      if (!HTTP_ACTION_METHODS.has(method)) return refused(t('rules.action.http-method', { method }));
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
