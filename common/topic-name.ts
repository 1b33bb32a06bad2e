import { t } from './i18n/translate.ts';
import type { RuleError } from './rule-error.ts';

/**
 * ntfy's topic names: 1 to 64 characters of A-Z a-z 0-9 _ - (the server's topic pattern `[-_A-Za-z0-9]{1,64}`;
 * https://docs.ntfy.sh/publish/). Anything else gets a 404 or lands on another endpoint.
 */
const TOPIC_NAME = /^[-_A-Za-z0-9]{1,64}$/;

/** Said of a topic name that breaks the rule; the message reads after the field name ("topic must be …"). */
export function invalidTopicName(): RuleError<'invalid-topic-name'> {
  return { code: 'invalid-topic-name', message: t('rules.field.invalid-topic-name') };
}

export function isValidTopicName(topic: string): boolean {
  return TOPIC_NAME.test(topic);
}

/** The rule's error for `topic`, or undefined when it is a valid name. */
export function topicNameError(topic: string): RuleError<'invalid-topic-name'> | undefined {
  return isValidTopicName(topic) ? undefined : invalidTopicName();
}
