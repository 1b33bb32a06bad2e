import type { SubscriptionDto, SubscriptionRefDto } from '../../common/ipc.ts';
import { topicUrlOf } from '../../common/topic-input.ts';

/** A word for a POSIX shell: as it is when it is plain, else single-quoted. */
function shellWord(word: string): string {
  return /^[\w.@%+=:,/-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * `curl -d "Hi" <topic URL>`, signed in as the subscription is: `-u user` for a password (curl asks for it), the
 * token from $NTFY_TOKEN for a token; the secret itself never reaches the window.
 */
export function publishCommand(topic: SubscriptionRefDto, subscription: SubscriptionDto | undefined): string {
  const auth =
    subscription === undefined || !subscription.hasCredentials
      ? ''
      : subscription.auth === 'basic' && subscription.user !== undefined
        ? ` -u ${shellWord(subscription.user)}`
        : subscription.auth === 'token'
          ? ' -H "Authorization: Bearer $NTFY_TOKEN"'
          : '';
  return `curl${auth} -d "Hi" ${topicUrlOf(topic)}`;
}
