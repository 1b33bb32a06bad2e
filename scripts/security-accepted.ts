/**
 * Electronegativity findings of MEDIUM or higher that we accept, each with the reason it does not apply. Matched by
 * check, file and number of occurrences (not line, which moves): `npm run security` fails when the count differs,
 * so a new call in an accepted file is reviewed too, and an entry cannot quietly outlive the code it excuses.
 */
export interface AcceptedFinding {
  /** The check id electronegativity prints, e.g. OPEN_EXTERNAL_JS_CHECK. */
  readonly check: string;
  /** Relative to the scanned tree: `src/…` for sources, `dist/…` for the build. */
  readonly file: string;
  /** How many findings of this check the file has; every one of them was reviewed. */
  readonly occurrences: number;
  readonly reason: string;
}

export const ACCEPTED_FINDINGS: readonly AcceptedFinding[] = [
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'src/main/core/delivery/notification-dispatcher.ts',
    occurrences: 1,
    reason:
      '#openExternal passes only what isAllowedExternalUrl returned: http, https and mailto URLs that parse, never ' +
      'file:, javascript: or custom schemes (main/core/delivery/external-url.ts, unit-tested with tricky inputs). ' +
      'The check flags every openExternal call for manual review; this one was reviewed.',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'src/main/core/bridge/message-action-requests.ts',
    occurrences: 1,
    reason: 'openLink passes only the URL that isAllowedExternalUrl returned (checked right there).',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'src/main/core/delivery/run-message-action.ts',
    occurrences: 1,
    reason:
      'A `view` action opens only the URL isAllowedExternalUrl returned, checked right there each time (the window ' +
      'and the notification both run actions through this function).',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'src/main/desktop/shell-actions.ts',
    occurrences: 1,
    reason:
      'The one shell.openExternal of the app: it opens only what isAllowedExternalUrl accepts (checked right there), ' +
      'and its callers (the notification dispatcher and the bridge service) pass only allowlisted URLs anyway.',
  },
];
