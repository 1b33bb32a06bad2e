import { describe, expect, it } from 'vitest';
import { dataDirArgProblem } from '../../../../main/core/cli/data-dir.ts';

// The default folder per OS is tested with its module: test/unit/core/store/data-dir.test.ts.
describe('--data-dir', () => {
  it('refuses an empty value (it would mean the working directory)', () => {
    expect(dataDirArgProblem('')).toMatch(/--data-dir is empty/);
    expect(dataDirArgProblem(undefined)).toBeUndefined();
    expect(dataDirArgProblem('/srv/ntfy')).toBeUndefined();
  });
});
