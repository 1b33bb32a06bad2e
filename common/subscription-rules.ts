import { t } from './i18n/translate.ts';
import type { RuleError } from './rule-error.ts';

/**
 * Said when a subscription is saved with the server and topic of another one: there is one subscription per server
 * and topic (history, unread counts and the resume point are keyed by them). It reads after the field name.
 */
export function alreadySubscribed(): RuleError<'already-subscribed'> {
  return { code: ALREADY_SUBSCRIBED_CODE, message: t('rules.field.already-subscribed') };
}

/** The code alone, for callers that only match on it. */
export const ALREADY_SUBSCRIBED_CODE = 'already-subscribed';
