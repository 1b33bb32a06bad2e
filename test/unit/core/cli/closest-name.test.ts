import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from '../../../../main/core/cli/closest-name.ts';

describe('editDistance', () => {
  it.each([
    ['topic', 'topic', 0],
    ['tpoic', 'topic', 1], // a swap of two neighbours is one edit
    ['topc', 'topic', 1],
    ['topics', 'topic', 1],
    ['', 'json', 4],
    ['kitten', 'sitting', 3],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });
});

describe('closestName', () => {
  const options = ['json', 'topic', 'search', 'unread', 'limit', 'data-dir', 'help'];

  it('suggests the option a typo was meant to be', () => {
    expect(closestName('tpoic', options)).toBe('topic');
    expect(closestName('serach', options)).toBe('search');
    expect(closestName('datadir', options)).toBe('data-dir');
    expect(closestName('JSON', options)).toBe('json');
  });

  it('suggests nothing for a word that is not close to any', () => {
    expect(closestName('verbose', options)).toBeUndefined();
    expect(closestName('x', options)).toBeUndefined();
  });
});
