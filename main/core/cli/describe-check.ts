/** What `ntfy-tray login` says about the server's answer to its credential check, and whether it stores them. */
import type { Credentials } from '../protocol/subscribe-request.ts';
import type { CredentialCheck } from './credential-check.ts';
import type { LoginTarget } from './login-args.ts';
import { plainNetworkReason } from './network-words.ts';
import { EXIT } from './subscribe-command.ts';

export interface LoginVerdict {
  readonly store: boolean;
  /** One line: stdout when stored, stderr when not. */
  readonly line: string;
  readonly exit: number;
}

function who(credentials: Credentials): string {
  return credentials.kind === 'basic' ? `user ${credentials.user}` : 'the access token';
}

function answered(check: Extract<CredentialCheck, { kind: 'answer' }>): string {
  return `${String(check.status)}${check.statusText === '' ? '' : ` ${check.statusText}`}`;
}

export function describeCheck(target: LoginTarget, credentials: Credentials, check: CredentialCheck): LoginVerdict {
  const where = target.topic === undefined ? target.server : `${target.server}/${target.topic}`;
  if (check.kind === 'unreachable') {
    return {
      store: false,
      line: `Not stored: cannot reach ${target.server}: ${plainNetworkReason(check.detail)} (--no-check stores without asking the server)`,
      exit: EXIT.fatal,
    };
  }
  const { status } = check;
  if (status >= 200 && status <= 299) {
    return { store: true, line: `Stored: the server accepted ${who(credentials)} for ${where}`, exit: EXIT.ok };
  }
  if (status === 401) {
    const wrong = credentials.kind === 'basic' ? 'wrong user or password' : 'wrong or expired access token';
    return { store: false, line: `Not stored: the server answered ${answered(check)} — ${wrong}`, exit: EXIT.auth };
  }
  if (status === 403 && target.topic !== undefined) {
    // ntfy answers 401 to credentials it does not know; a 403 means it knows them and the topic is not theirs.
    return {
      store: true,
      line: `Stored: the server accepted ${who(credentials)}, but answered ${answered(check)} for ${where}: no permission to read it`,
      exit: EXIT.ok,
    };
  }
  if (status === 429) {
    return {
      store: false,
      line: `Not stored: the server answered ${answered(check)} — too many attempts; wait a minute, then try again`,
      exit: EXIT.fatal,
    };
  }
  const hint =
    target.topic === undefined
      ? 'give a topic URL to check against a topic, or --no-check to store without checking'
      : '--no-check stores without checking';
  return {
    store: false,
    line: `Not stored: the server answered ${answered(check)} to GET ${check.path}, which says nothing about the credentials (${hint})`,
    exit: EXIT.fatal,
  };
}
