/**
 * Why a server cannot be reached, in plain words, from the core's code for it (common/connection-trouble.ts): the one
 * wording of a connection's trouble, shared by the server banners (server-health.ts) and the add form's Test
 * (subscriptions/connection-status.ts), so both name the same cause the same way. Never from the core's text,
 * which is in the core's language and may change.
 */
import type { ConnectionTrouble } from '../../common/connection-trouble.ts';
import { t, type MessageKey } from '../../common/i18n/translate.ts';

type ServerErrorKey = Extract<MessageKey, `history.server-error.${string}`>;

const NETWORK_WORDS: Readonly<Record<Extract<ConnectionTrouble, { kind: 'network' }>['failure'], ServerErrorKey>> = {
  refused: 'history.server-error.refused',
  dns: 'history.server-error.not-found',
  unreachable: 'history.server-error.unreachable',
  reset: 'history.server-error.reset',
  timeout: 'history.server-error.timeout',
  tls: 'history.server-error.tls',
  unknown: 'history.server-error.failed',
};

/**
 * Why a server cannot be reached, in a plain sentence, from the core's code for it (common/connection-trouble.ts):
 * never from the core's text, which is in the core's language and may change.
 */
export function explainConnectionTrouble(trouble: ConnectionTrouble | undefined): string {
  switch (trouble?.kind) {
    case 'network':
      return t(NETWORK_WORDS[trouble.failure]);
    case 'http':
      if (trouble.status === 429) return t('history.server-error.rate-limited');
      if (trouble.status >= 500 && trouble.status <= 599) return t('history.server-error.server-fault');
      return t('history.server-error.unexpected-status');
    case 'not-ntfy':
      return t('history.server-error.not-ntfy');
    case 'silent':
      return t('history.server-error.timeout');
    case 'ended':
      return t('history.server-error.reset');
    case 'local':
      return t('history.server-error.local');
    case undefined:
      return t('history.server-error.failed');
  }
}

/**
 * `host:port` typed without a scheme is taken as https; a TLS failure there is most often a server that speaks plain
 * HTTP on that port (a test or home server): the plain-HTTP address to offer instead, or undefined.
 */
export function plainHttpAlternative(server: string, trouble: ConnectionTrouble | undefined): string | undefined {
  if (trouble?.kind !== 'network' || trouble.failure !== 'tls' || !URL.canParse(server)) return undefined;
  const url = new URL(server);
  if (url.protocol !== 'https:' || url.port === '') return undefined;
  url.protocol = 'http:';
  return url.href.replace(/\/+$/, '');
}

/** Why `server` cannot be reached, with the plain-HTTP address to try when TLS failed on a port of its own. */
export function explainTroubleAt(server: string, trouble: ConnectionTrouble | undefined): string {
  const why = explainConnectionTrouble(trouble);
  const url = plainHttpAlternative(server, trouble);
  return url === undefined ? why : t('history.server.tls-try-http', { why, url });
}
