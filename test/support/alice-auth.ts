/**
 * The access rules the CLI process tests share: alice may read and write `secret`, everyone may use `open*`, and
 * nothing else is readable (ntfy's `auth-default-access: deny-all`).
 */
import type { AuthOptions } from '../server/types.ts';

export const ALICE_AND_OPEN_TOPICS: AuthOptions = {
  users: [{ name: 'alice', password: 'right-password', access: [{ topic: 'secret', permission: 'read-write' }] }],
  everyone: [{ topic: 'open*', permission: 'read-write' }],
  defaultAccess: 'deny-all',
};
