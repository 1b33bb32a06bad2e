/** Why a `--data-dir` value cannot be used, or undefined when it can (an empty one would mean the working dir). */
export function dataDirArgProblem(value: string | undefined): string | undefined {
  return value === '' ? '--data-dir is empty: give a directory, or leave it out for the default' : undefined;
}
