/** What `ntfy-tray login` says about the server's answer to its credential check, and whether it stores them. */
import { t } from '../../../common/i18n/translate.ts';
import type { Credentials } from '../protocol/subscribe-request.ts';
import type { CredentialCheck } from './credential-check.ts';
import type { LoginTarget } from './login-args.ts';
import { plainNetworkReason } from './network-words.ts';
import { EXIT } from './subscribe-command.ts';

interface LoginVerdict {
  readonly store: boolean;
  /** One line: stdout when stored, stderr when not. */
  readonly line: string;
  readonly exit: number;
}

function answered(check: Extract<CredentialCheck, { kind: 'answer' }>): string {
  return `${String(check.status)}${check.statusText === '' ? '' : ` ${check.statusText}`}`;
}

export function describeCheck(target: LoginTarget, credentials: Credentials, check: CredentialCheck): LoginVerdict {
  const where = target.topic === undefined ? target.server : `${target.server}/${target.topic}`;
  if (check.kind === 'unreachable') {
    return {
      store: false,
      line: t('cli.check.unreachable', { server: target.server, reason: plainNetworkReason(check.detail) }),
      exit: EXIT.fatal,
    };
  }
  const { status } = check;
  const answer = answered(check);
  if (status >= 200 && status <= 299) {
    const line =
      credentials.kind === 'basic'
        ? t('cli.check.accepted-user', { user: credentials.user, where })
        : t('cli.check.accepted-token', { where });
    return { store: true, line, exit: EXIT.ok };
  }
  if (status === 401) {
    const line =
      credentials.kind === 'basic' ? t('cli.check.wrong-password', { answer }) : t('cli.check.wrong-token', { answer });
    return { store: false, line, exit: EXIT.auth };
  }
  if (status === 403 && target.topic !== undefined) {
    // ntfy answers 401 to credentials it does not know; a 403 means it knows them and the topic is not theirs.
    return {
      store: true,
      line:
        credentials.kind === 'basic'
          ? t('cli.check.forbidden-user', { user: credentials.user, answer, where })
          : t('cli.check.forbidden-token', { answer, where }),
      exit: EXIT.ok,
    };
  }
  if (status === 429) {
    return {
      store: false,
      line: t('cli.check.too-many', { answer }),
      exit: EXIT.fatal,
    };
  }
  return {
    store: false,
    line:
      target.topic === undefined
        ? t('cli.check.unclear-server', { answer, path: check.path })
        : t('cli.check.unclear-topic', { answer, path: check.path }),
    exit: EXIT.fatal,
  };
}
