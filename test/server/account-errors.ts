/**
 * The errors of ntfy's account API that the rest of the test server has no use for (codes, texts and links as in
 * ntfy's server/errors.go).
 */
import type { NtfyErrorSpec } from './errors.ts';

export const accountErrors = {
  noTokenProvided: { code: 40023, http: 400, error: 'invalid request: no token provided' },
  subscriptionExists: { code: 40903, http: 409, error: 'conflict: topic subscription already exists' },
} as const satisfies Record<string, NtfyErrorSpec>;
