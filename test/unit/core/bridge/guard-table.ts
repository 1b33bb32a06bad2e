/**
 * The row format of the guard tables (guards.test.ts, guards-inputs.test.ts): each row names an untrusted input and
 * either the exact value a guard hands on or the field and problem it refuses with.
 */
import { expect } from 'vitest';
import { InvalidArgument } from '../../../../main/core/bridge/guards.ts';

export type Expected = { readonly accepts: unknown } | { readonly refuses: string; readonly problem: string };
export type Row = readonly [name: string, input: unknown, expected: Expected];

type Outcome = { readonly accepts: unknown } | { readonly refuses: string; readonly message: string };

function outcome(guard: (value: unknown) => unknown, input: unknown): Outcome {
  try {
    return { accepts: guard(input) };
  } catch (error) {
    if (error instanceof InvalidArgument) return { refuses: error.field, message: error.message };
    throw error;
  }
}

export function check(guard: (value: unknown) => unknown, input: unknown, expected: Expected): void {
  const actual = outcome(guard, input);
  if ('accepts' in expected) {
    // toStrictEqual: an optional field left as `undefined` (instead of absent) or a hole in a list fails too.
    expect(actual).toStrictEqual({ accepts: expected.accepts });
  } else {
    expect(actual).toStrictEqual({ refuses: expected.refuses, message: `${expected.refuses}: ${expected.problem}` });
  }
}

export const ok = (accepts: unknown): Expected => ({ accepts });
export const no = (refuses: string, problem: string): Expected => ({ refuses, problem });

export const S = 'https://ntfy.example';
export const chars = (length: number): string => 'x'.repeat(length);
export const whole = (min: number, max: number): string => `must be a whole number from ${min} to ${max}`;
/** What structured clone and JSON.parse never produce, yet a guard must not read fields through. */
export const inheriting = (fields: object): object => Object.create(fields) as object;
export const nullPrototype = (fields: object): object => Object.assign(Object.create(null) as object, fields);
/** `[first, <hole>, third]`: structured clone keeps holes, and `map` skips them. */
export function withHole(first: unknown, third: unknown): unknown[] {
  const list: unknown[] = [first];
  list[2] = third;
  return list;
}
