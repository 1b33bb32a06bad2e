import type { RuleError } from './rule-error.ts';

/**
 * Said when a subscription is saved with the server and topic of another one: there is one subscription per server
 * and topic (history, unread counts and the resume point are keyed by them). It reads after the field name.
 */
export const ALREADY_SUBSCRIBED: RuleError<'already-subscribed'> = {
  code: 'already-subscribed',
  message: 'is already subscribed on this server',
};
