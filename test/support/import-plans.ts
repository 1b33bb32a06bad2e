import type { ImportParseResult, ImportPlan } from '../../renderer/settings/import-plan.ts';

/** The plan of a file the reader accepted; fails the test with the reader's words otherwise. */
export function planOf(result: ImportParseResult): ImportPlan {
  if (!result.ok) throw new Error(`expected a plan, got: ${result.error}`);
  return result.plan;
}

/** Why the reader refused the whole file; fails the test when it accepted it. */
export function errorOf(result: ImportParseResult): string {
  if (result.ok) throw new Error('expected the whole file to be refused');
  return result.error;
}
