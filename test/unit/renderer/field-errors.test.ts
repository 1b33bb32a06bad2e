import { describe, expect, it } from 'vitest';
import { fieldNameOf, placeFieldErrors } from '../../../renderer/subscriptions/field-errors.ts';

const known = ['server', 'topic', 'priority', 'tags'] as const;

describe('fieldNameOf', () => {
  it('takes the last name of a path, without its index', () => {
    expect(fieldNameOf('topic')).toBe('topic');
    expect(fieldNameOf('subscription.filters.priority')).toBe('priority');
    expect(fieldNameOf('subscriptions[2].filters.tags[1]')).toBe('tags');
    expect(fieldNameOf('priority[0]')).toBe('priority');
  });
});

describe('placeFieldErrors', () => {
  it('puts validation messages next to their fields and leaves no form error', () => {
    const placed = placeFieldErrors(
      {
        code: 'validation-failed',
        message: 'topic: is already subscribed on this server',
        fields: { topic: 'is already subscribed on this server' },
      },
      known,
    );
    expect(placed).toEqual({ fields: { topic: 'is already subscribed on this server' }, formError: undefined });
  });

  it('strips the path an argument check repeats in front of its problem', () => {
    const placed = placeFieldErrors(
      {
        code: 'invalid-argument',
        message: 'subscription.topic: must not be empty',
        fields: { 'subscription.topic': 'subscription.topic: must not be empty' },
      },
      known,
    );
    expect(placed).toEqual({ fields: { topic: 'must not be empty' }, formError: undefined });
  });

  it('keeps the first problem of a list field', () => {
    const placed = placeFieldErrors(
      {
        code: 'validation-failed',
        message: '…',
        fields: { 'priority[0]': 'must be 1 to 5', 'priority[1]': 'must be 1 to 5 too' },
      },
      known,
    );
    expect(placed.fields).toEqual({ priority: 'must be 1 to 5' });
  });

  it('says what fits no field on the form, and everything when nothing fits', () => {
    expect(
      placeFieldErrors(
        { code: 'validation-failed', message: '…', fields: { topic: 'bad', 'servers[0].auth.user': 'too long' } },
        known,
      ),
    ).toEqual({ fields: { topic: 'bad' }, formError: 'servers[0].auth.user: too long' });
    expect(
      placeFieldErrors({ code: 'keychain-unavailable', message: 'The OS keychain is not available' }, known),
    ).toEqual({ fields: {}, formError: 'The OS keychain is not available' });
  });
});
