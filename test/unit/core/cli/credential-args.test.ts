import { describe, expect, it } from 'vitest';
import { runSecrets } from '../../../../main/core/cli/credential-args.ts';

describe('runSecrets', () => {
  it('collects the passwords and tokens of the subscriptions and the environment, once each', () => {
    const subscriptions = [
      { credentials: { kind: 'basic', user: 'alice', password: 'pw' } as const },
      { credentials: { kind: 'basic', user: 'alice', password: 'pw' } as const },
      { credentials: { kind: 'token', token: 'tk_one' } as const },
      { credentials: { kind: 'basic', user: 'bob', password: '' } as const },
      { credentials: { kind: 'none' } as const },
      {},
    ];
    expect(runSecrets(subscriptions, { NTFY_PASSWORD: 'env-pw', NTFY_TOKEN: '', HOME: '/root' })).toEqual([
      'pw',
      'tk_one',
      'env-pw',
    ]);
  });
});
