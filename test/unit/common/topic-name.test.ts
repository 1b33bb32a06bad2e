import { describe, expect, it } from 'vitest';
import { invalidTopicName, isValidTopicName, topicNameError } from '../../../common/topic-name.ts';

describe('topic name rule', () => {
  it.each(['a', 'alerts', 'A-Z_a-z-0-9', 'x'.repeat(64)])('accepts %s', (topic) => {
    expect(isValidTopicName(topic)).toBe(true);
    expect(topicNameError(topic)).toBeUndefined();
  });

  it.each(['', 'a b', 'a/b', 'a,b', 'ümlaut', 'x'.repeat(65), 'dot.ted'])('refuses %j with its code', (topic) => {
    expect(isValidTopicName(topic)).toBe(false);
    expect(topicNameError(topic)).toEqual({
      code: 'invalid-topic-name',
      message: 'must be 1-64 characters of A-Z a-z 0-9 _ -',
    });
    expect(topicNameError(topic)).toEqual(invalidTopicName());
  });
});
